import { createRequire } from "node:module";
import { Writable } from "node:stream";
import { splitArguments } from "@roster/commands";
import { createDryRunRunner, createProcessRunner, type Runner, type TaskSettings } from "@roster/executor";
import { createRosterMcpServer, type RunnerFor, serveStdio } from "@roster/mcp";
import type { App } from "./context.js";
import { UsageError } from "./errors.js";
import { parseInteger } from "./flags.js";

/** Flags of `roster mcp` (the global `--cwd`, `--home`, `--no-project`, `--config` apply too). */
export interface McpFlags {
  runner?: string;
  planMode?: boolean;
  maxDepth?: string;
  timeout?: string;
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

function cliVersion(): string {
  try {
    return (createRequire(import.meta.url)("../package.json") as { version: string }).version;
  } catch {
    return "0.0.0";
  }
}

/**
 * `roster mcp`: serves the agents and commands over MCP on stdio until the client goes.
 * `channel` is the real stdout, claimed with {@link claimStdout} before anything loaded.
 */
export async function serveMcp(app: App, flags: McpFlags, channel: Writable): Promise<number> {
  // The runner choice `roster run` makes: a child process per task with --runner, else a dry run.
  let runner: Runner = createDryRunRunner();
  if (flags.runner !== undefined) {
    const [command, ...args] = splitArguments(flags.runner);
    if (!command) throw new UsageError('--runner needs a command, like --runner "node child.mjs".');
    runner = createProcessRunner({ command, args });
  }
  const mode = flags.runner !== undefined ? "with --runner" : "as a dry run (no --runner)";
  // Host runners plug in here: `host` is what the caller asked for (undefined means auto)
  // and `agent` the resolved definition; return that host's runner, or throw a sentence
  // naming the hosts that exist. Until then every task runs on the --runner choice.
  const runnerFor: RunnerFor = (host) => {
    if (host !== undefined)
      throw new Error(
        `Host "${host}" is not available: this roster mcp runs every task ${mode}. Use host "auto".`,
      );
    return runner;
  };

  const config = app.loaded.config;
  const maxDepth = parseInteger("--max-depth", flags.maxDepth, { min: -1 });
  const settings: TaskSettings = {
    maxRecursionDepth: maxDepth ?? config.maxRecursionDepth ?? 2,
    maxConcurrency: config.maxConcurrency ?? 4,
    disabledAgents: config.disabledAgents ?? [],
    agentModelOverrides: config.agentModelOverrides ?? {},
  };
  const timeoutMs = parseInteger("--timeout", flags.timeout, { min: 1, max: 2 ** 31 - 1 });
  if (timeoutMs !== undefined) settings.timeoutMs = timeoutMs;

  const server = await createRosterMcpServer({
    registry: app.registry,
    ctx: app.ctx,
    env: app.env,
    runnerFor,
    planMode: flags.planMode === true,
    settings,
    cache: app.cache,
    version: cliVersion(),
  });
  for (const d of server.diagnostics) app.output.err(`roster mcp: ${d.message}`);

  // However the process ends, no task's process group outlives it.
  const killAll = () => server.abortAll("roster mcp is exiting");
  const stop = () => void server.close("roster mcp was interrupted");
  process.once("exit", killAll);
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  try {
    await serveStdio(server, { stdin: process.stdin, stdout: channel });
  } finally {
    process.off("SIGINT", stop);
    process.off("SIGTERM", stop);
    process.stdin.destroy();
  }
  return 0;
}
