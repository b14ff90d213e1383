// A runner given on the command line (`--runner CMD`, `--dry-run`) rather than an agent's host:
// `roster run` plans with it (plan-run.ts) and `roster mcp` runs every task of a server on it.
import { createDryRunRunner } from "./dry-run-runner.js";
import { createProcessRunner } from "./process-runner.js";
import { RunUsageError } from "./run-usage-error.js";
import type { Runner } from "./types.js";

/** `--runner` split into words as the command it starts; no word at all is a {@link RunUsageError}. */
export function runnerCommand(words: readonly string[]): { command: string; args: string[] } {
  const [command, ...args] = words;
  if (!command) throw new RunUsageError('--runner needs a command, like --runner "node child.mjs".');
  return { command, args };
}

/**
 * The one runner of every task (`roster mcp --runner CMD`, or `--dry-run`) and which of the
 * two it is; undefined when neither is given (each task runs on its agent's host).
 */
export function fixedRunner(options: {
  runner?: readonly string[];
  dryRun: boolean;
}): { runner: Runner; by: "runner" | "dry-run" } | undefined {
  if (options.runner !== undefined)
    return { runner: createProcessRunner(runnerCommand(options.runner)), by: "runner" };
  return options.dryRun ? { runner: createDryRunRunner(), by: "dry-run" } : undefined;
}
