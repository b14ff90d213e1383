/** The shells a completion script is written for. */
export const SHELLS = ["bash", "zsh", "fish"] as const;

/** One of {@link SHELLS}. */
export type Shell = (typeof SHELLS)[number];

/**
 * What a flag's value or an argument completes to: fixed words, names roster prints
 * (`roster list --names`, `roster commands list --names`), folders or files. `list`: a
 * comma-separated list of words (`sync --to codex,gemini`).
 */
export type Values =
  | { kind: "words"; words: readonly string[]; list?: boolean }
  | { kind: "agents" | "commands" | "skills" | "dirs" | "files" };

/** One flag of a command. */
export interface CompletionFlag {
  /** `--provider` (and `-V` where there is a short form). */
  names: string[];
  description: string;
  /** The flag takes a value (the next word is not an argument). */
  takesValue: boolean;
  values?: Values;
}

/** One command: `list`, or `commands show` (a group's command). */
export interface CompletionCommand {
  /** The words that name it: `["list"]`, `["commands", "show"]`. */
  path: string[];
  description: string;
  flags: CompletionFlag[];
  /** What each argument completes to, in order. */
  args: Array<Values | undefined>;
}

/** What a completion script knows about the program. */
export interface CompletionSpec {
  /** Flags every command takes. */
  global: CompletionFlag[];
  /** Every command, groups (`commands`) and their commands (`commands show`) included. */
  commands: CompletionCommand[];
}

/** An option as a command table declares it (commander's `Option` is one). */
export interface TableOption {
  /** As declared (`-t, --to <tool>`): an argument has none, which tells the two apart. */
  flags: string;
  long?: string | undefined;
  short?: string | undefined;
  description: string;
  hidden: boolean;
  /** The value is required (`--to <tool>`). */
  required: boolean;
  /** The value is optional (`--color [when]`). */
  optional: boolean;
  argChoices?: string[] | undefined;
}

/** An argument as a command table declares it (commander's `Argument` is one). */
export interface TableArgument {
  name(): string;
  argChoices?: string[] | undefined;
}

/** A command of a command table (commander's `Command` is one): its options, arguments and commands. */
export interface TableCommand {
  name(): string;
  description(): string;
  readonly options: readonly TableOption[];
  readonly registeredArguments: readonly TableArgument[];
  readonly commands: readonly TableCommand[];
  readonly parent: TableCommand | null;
}

/** The values declared for an option or argument of `command`, when any (the caller's table). */
export type ValuesOf = (item: TableOption | TableArgument, command: TableCommand) => Values | undefined;
