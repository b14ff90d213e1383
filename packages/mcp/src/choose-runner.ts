// Which runner `roster mcp` gives a `run_task` call: the one fixed for the whole server
// (`--runner`, `--dry-run`), else the host the call names or the agent's own. The sentences
// thrown here become the tool's error.
import type { AgentDefinition } from "@roster/core";
import type { Runner } from "@roster/executor";
import type { RunnerFor } from "./types.js";

/** What `roster mcp` says on stderr when stdin is a terminal (a person, not an agent host). */
export const TTY_NOTICE = [
  "roster mcp is an MCP server: it talks JSON-RPC on stdin and stdout to an agent host, not to a person.",
  "Register it with your host instead, e.g. `claude mcp add roster -- roster mcp`",
  "(Codex, Gemini CLI, opencode: see `roster mcp --help`). Serving on this terminal until Ctrl-D or Ctrl-C.",
].join("\n");

/** Options of {@link chooseRunner}. */
export interface ChooseRunnerOptions {
  /** The runner of every call (`--runner` or `--dry-run`), and which of the two it is. */
  fixed?: { runner: Runner; by: "runner" | "dry-run" } | undefined;
  /** The ids a call may name as its host. */
  hosts: readonly string[];
  /** The agent's own host (the app's choice, `defaultHost` included), or null when it has none. */
  hostOf(agent: AgentDefinition): string | null;
  /** Why a host cannot run here (its program is missing), or undefined. */
  missing(host: string): string | undefined;
  /** A new runner of a host (its preflight asked once per call). */
  runnerOf(host: string): Runner;
}

/**
 * The {@link RunnerFor} of a server: a fixed runner refuses a named host; a named host must be
 * one of `hosts`; without one, the agent's own host, and an agent with none is told to name one.
 */
export function chooseRunner(options: ChooseRunnerOptions): RunnerFor {
  const { fixed, hosts } = options;
  const quoted = hosts.map((h) => `"${h}"`).join(", ");
  return (host, agent) => {
    if (fixed) {
      const mode = fixed.by === "runner" ? "with --runner" : "as a dry run (--dry-run)";
      if (host !== undefined)
        throw new Error(
          `Host "${host}" is not available: this roster mcp runs every task ${mode}. Use host "auto".`,
        );
      return fixed.runner;
    }
    if (host !== undefined && !hosts.includes(host))
      throw new Error(`Unknown host "${host}": use "auto", ${quoted}.`);
    const chosen = host ?? options.hostOf(agent);
    if (chosen === null)
      throw new Error(
        `Agent "${agent.name}" comes from ${agent.provider}, which has no agent host of its own: ` +
          `pass host ${quoted}, or set "defaultHost" in the user config.`,
      );
    const missing = options.missing(chosen);
    if (missing !== undefined) throw new Error(missing);
    return options.runnerOf(chosen);
  };
}
