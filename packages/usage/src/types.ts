// The shapes of roster's command-line grammar: plain data, no commander in sight.
// programFrom (program-from.ts) builds commander's program from values of these types.

/** One option: commander's flags (`--cwd <dir>`, `--no-color`), its help line and what its value may be. */
export interface OptionSpec {
  readonly flags: string;
  readonly help: string;
  /** The only values it takes; commander lists them after the help line and refuses others. */
  readonly choices?: readonly string[];
  /** `collect`: repeatable, each value appended to a list (none: the last value wins). */
  readonly parser?: "collect";
}

/** One positional argument: `<name>` (required), `[name]` (optional), `…...` (the rest). */
export interface ArgumentSpec {
  readonly name: string;
  readonly help: string;
  /** The only values it takes. */
  readonly choices?: readonly string[];
}

/** One command, or a group of them (`queue`, `commands`, `skills`, `cache`). */
export interface CommandSpec {
  readonly name: string;
  readonly description: string;
  readonly arguments?: readonly ArgumentSpec[];
  readonly options?: readonly OptionSpec[];
  /** Lines its `--help` prints after the options, before the examples. */
  readonly helpAfter?: readonly string[];
  /** Command lines its `--help` ends with, under `Examples:`. */
  readonly examples?: readonly string[];
  /** A group's commands. */
  readonly commands?: readonly CommandSpec[];
}

/** The program: its description, the options every command takes, its examples and its commands. */
export interface ProgramSpec {
  readonly name: string;
  readonly description: string;
  readonly options: readonly OptionSpec[];
  readonly examples: readonly string[];
  readonly commands: readonly CommandSpec[];
}
