// The options a `roster list` takes, global and its own, in one table: commander's declarations
// (the CLI's roster.ts, through the command table) and the bin's own parser (readCommandLine
// here, `node:util` parseArgs, for list-fast.ts) are both made from it, so the two read the
// same command line.
// Dependency-free on purpose, and its own entry (`@roster/usage/list-options`): list-fast.cjs
// bundles it, and every byte of that bundle is start-up time.
import { parseArgs } from "node:util";
import type { OptionSpec } from "./types.js";

export type { OptionSpec } from "./types.js";

/** The options every command takes (declared on the program). */
export const GLOBAL_OPTIONS: readonly OptionSpec[] = [
  { flags: "--cwd <dir>", help: "work as if started in DIR" },
  { flags: "--home <dir>", help: "use DIR as the home folder" },
  { flags: "--json", help: "print one JSON object" },
  { flags: "--no-project", help: "skip project folders, registries and config (untrusted workspace)" },
  {
    flags: "--config <file>",
    help: "use this config file (trusted) instead of searching for roster.config.{json,mjs}",
  },
  { flags: "--no-color", help: "never colour output (NO_COLOR works too)" },
  { flags: "--debug", help: "show stack traces" },
  {
    flags: "--no-cache",
    help: "neither read nor store the saved listing list prints from (ROSTER_NO_CACHE=1 works too)",
  },
];

/** `roster list`'s own options. */
export const LIST_OPTIONS: readonly OptionSpec[] = [
  {
    flags: "--provider <id>",
    help: "only agents from this provider (xcsh, claude, codex, gemini, plugins, bundled, …)",
  },
  { flags: "--source <source>", help: "only project, user or bundled agents" },
  { flags: "--names", help: "names only, one per line" },
  {
    flags: "--as <tool>",
    help: "what that tool alone would load (xcsh, claude, codex, gemini, opencode, copilot, cursor, or a config family)",
  },
  {
    flags: "--files",
    help: "also show every file looked at and its outcome (loaded, shadowed, skipped, not-an-agent)",
  },
  {
    flags: "--sort <key>",
    help: "order by name, source or provider (default: precedence, the winner's order)",
  },
  { flags: "--wide", help: "every column whole, even on a terminal (nothing cut or left out)" },
  { flags: "--full-text", help: "WORD also matches the agents' prompts (reads every prompt)" },
];

/** An option's long name as parseArgs keys it: `--cwd <dir>` → `cwd`, `--no-cache` → `no-cache`. */
export function optionName(spec: OptionSpec): string {
  return spec.flags.split(" ")[0]!.replace(/^--/, "");
}

/** The parseArgs options of a table: a flag with a `<value>` takes a string, any other is a switch. */
export function parseArgsOptions(
  specs: readonly OptionSpec[],
): Record<string, { type: "string" } | { type: "boolean" }> {
  const options: Record<string, { type: "string" } | { type: "boolean" }> = {};
  for (const spec of specs)
    options[optionName(spec)] = { type: spec.flags.includes("<") ? "string" : "boolean" };
  return options;
}

/** An option's key as commander names it: `--full-text` → `fullText`, `--no-cache` → `cache`. */
export function optionKey(spec: OptionSpec): string {
  return optionName(spec)
    .replace(/^no-/, "")
    .replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
}

/** What {@link readCommandLine} reads: the command, the options it takes, and how many words may follow it. */
export interface CommandLineGrammar {
  command: string;
  specs: readonly OptionSpec[];
  words: number;
}

/**
 * `argv` read as `roster <command> [WORD…]` with only `grammar`'s options, as commander reads
 * it: each option given under its key ({@link optionKey}), a `<value>` option a string, a
 * switch `true`, a `--no-` switch `false`. `undefined` for anything else: another command, an
 * unknown or malformed option (a value missing, a switch given one), `--`, more words.
 */
export function readCommandLine(
  argv: readonly string[],
  grammar: CommandLineGrammar,
): { options: Record<string, string | boolean>; words: string[] } | undefined {
  if (argv.includes("--")) return undefined;
  let parsed: { values: Record<string, string | boolean | undefined>; positionals: string[] };
  try {
    const options = parseArgsOptions(grammar.specs);
    parsed = parseArgs({ args: [...argv], options, allowPositionals: true, strict: true });
  } catch {
    return undefined;
  }
  const [command, ...words] = parsed.positionals;
  if (command !== grammar.command || words.length > grammar.words) return undefined;
  const options: Record<string, string | boolean> = {};
  for (const spec of grammar.specs) {
    const value = parsed.values[optionName(spec)];
    if (value !== undefined) options[optionKey(spec)] = optionName(spec).startsWith("no-") ? false : value;
  }
  return { options, words };
}
