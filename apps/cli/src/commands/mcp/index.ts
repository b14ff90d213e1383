import { Writable } from "node:stream";
import { splitArguments } from "@roster/commands";
import { runnerSettings } from "@roster/config";
import {
  createReaper,
  fixedRunner,
  MAX_TIMEOUT_MS,
  STOP_SIGNALS,
  type StopSignal,
  type TaskSettings,
} from "@roster/executor";
import { chooseRunner, createRosterMcpServer, serveStdio, TTY_NOTICE } from "@roster/mcp";
import pkg from "../../../package.json" with { type: "json" };
import type { App } from "../../context.js";
import { parseDuration, parseInteger } from "../../flags.js";
import { usageOf } from "../../library-usage.js";
import { appHosts } from "../run/configured-host.js";

/** Flags of `roster mcp` (the global `--cwd`, `--home`, `--no-project`, `--config` apply too). */
export interface McpFlags {
  runner?: string;
  dryRun?: boolean;
  planMode?: boolean;
  maxDepth?: string;
  timeout?: string;
  /** `--no-watch`: false. */
  watch?: boolean;
}

/**
 * Makes stdout the protocol's alone. From here on, whatever else writes to
 * `process.stdout` (a `console.log` in a provider module a config loads, a stray note)
 * lands on stderr; the returned stream is the only way to the real stdout.
 */
export function claimStdout(): Writable {
  const stdout = process.stdout;
  const write = stdout.write.bind(stdout);
  const channel = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      write(chunk, (error) => callback(error ?? null));
    },
  });
  // A broken pipe reaches the server through the channel; never as an unhandled event.
  channel.on("error", () => {});
  stdout.on("error", (error) => channel.destroy(error));
  process.stdout.write = process.stderr.write.bind(process.stderr) as typeof process.stdout.write;
  return channel;
}

/**
 * `roster mcp`: serves the agents and commands over MCP on stdio until the client goes.
 * `channel` is the real stdout, claimed with {@link claimStdout} before anything loaded.
 */
export async function serveMcp(app: App, flags: McpFlags, channel: Writable): Promise<number> {
  // The runner choice `roster run` makes: --runner, --dry-run, else the agent's host.
  const fixed = await usageOf(() =>
    fixedRunner({
      ...(flags.runner !== undefined ? { runner: splitArguments(flags.runner) } : {}),
      dryRun: flags.dryRun === true,
    }),
  );
  const { ids: hosts, hostOf, missing, runner } = appHosts(app);
  // One runner per call: its preflight (logged in?) is asked once per call, so a user who
  // logs in while the server runs is not held to an old answer.
  const runnerFor = chooseRunner({ fixed, hosts, hostOf, missing, runnerOf: runner });

  const config = app.loaded.config;
  const maxDepth = parseInteger("--max-depth", flags.maxDepth, { min: -1 });
  const settings: TaskSettings = runnerSettings(config, maxDepth);
  const timeoutMs = parseDuration("--timeout", flags.timeout, MAX_TIMEOUT_MS);
  if (timeoutMs !== undefined) settings.timeoutMs = timeoutMs;

  // Every task's process group and run folder are known to the reaper: whatever way roster
  // mcp ends (a signal, stdin closing, an uncaught error, process.exit), they go with it.
  const reaper = createReaper();
  const server = await createRosterMcpServer({
    registry: app.registry,
    ctx: app.ctx,
    env: app.env,
    runnerFor,
    hosts: fixed ? [] : hosts,
    families: app.families,
    planMode: flags.planMode === true,
    settings,
    cache: app.cache,
    watch: flags.watch !== false,
    version: pkg.version,
    reaper,
  });
  for (const d of server.diagnostics) app.output.err(`roster mcp: ${d.message}`);
  // Typed in a terminal, a server that waits in silence looks hung: say what it is.
  if (process.stdin.isTTY === true) app.output.err(TTY_NOTICE);

  // However the process ends, no task's process group or folder outlives it.
  const reapAll = () => {
    server.abortAll("roster mcp is exiting");
    reaper.reapAll();
  };
  process.once("exit", reapAll);
  let caught: StopSignal | undefined;
  const onSignal = (signal: StopSignal) => {
    // A second signal: leave now (the exit handler kills and removes what is left).
    if (caught !== undefined) process.exit(128 + STOP_SIGNALS[signal]);
    caught = signal;
    void server.close(`roster mcp was interrupted by ${signal}`);
  };
  const signals = Object.keys(STOP_SIGNALS) as StopSignal[];
  for (const signal of signals) process.on(signal, onSignal);
  try {
    await serveStdio(server, { stdin: process.stdin, stdout: channel });
  } finally {
    for (const signal of signals) process.off(signal, onSignal);
    process.stdin.destroy();
    reapAll();
    process.off("exit", reapAll);
  }
  return caught === undefined ? 0 : 128 + STOP_SIGNALS[caught];
}
