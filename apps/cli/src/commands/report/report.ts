// How a command that failed says so: one line on stderr (the stack with --debug), the
// answer a --json caller reads on stdout, and the exit code. The app and the bin's own
// `list` (list-run.ts) report the same way.
import { ConfigError } from "@roster/config";
import { escapeTerminal } from "@roster/terminal";
import type { GlobalFlags } from "../../basics.js";
import { errorLine, FindingError, UsageError } from "../../errors.js";
import { printJson } from "../../output.js";

/** Prints `error` as roster reports a failed command and returns the exit code: 1, or 2 for a usage error. */
export function reportError(error: unknown, flags: Pick<GlobalFlags, "json" | "debug">): number {
  const message = error instanceof Error ? error.message : String(error);
  // A --json caller reads the answer from stdout: { error, code, suggestions }.
  if (flags.json && error instanceof FindingError && error.details.code && !error.details.printed) {
    const { code, suggestions, fullText } = error.details;
    printJson(
      { stream: (chunk) => process.stdout.write(chunk) },
      { error: fullText ?? message, code, ...(suggestions ? { suggestions } : {}) },
    );
  }
  if (flags.debug && error instanceof Error && error.stack)
    process.stderr.write(`${escapeTerminal(error.stack, true)}\n`);
  else process.stderr.write(`${escapeTerminal(errorLine(message))}\n`);
  if (error instanceof FindingError) return 1;
  if (error instanceof UsageError || error instanceof ConfigError) return 2;
  return 1;
}
