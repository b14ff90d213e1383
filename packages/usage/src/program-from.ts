// The command line from its one table: commander's program with every command, its arguments,
// options, help text and action, the groups' defaults and `help` commands, and commander's
// own errors kept to be said in roster's words (see command-line-error.ts).
import { Argument, Command, CommanderError, Option } from "commander";
import { CommandLineError, mistakeSentence } from "./command-line-error.js";
import { examplesText } from "./examples-text.js";
import type { CommandSpec, OptionSpec, ProgramSpec } from "./types.js";

/** What one command does: commander's arguments, then its flags (and the command). */
export type Action = (...args: never[]) => Promise<void>;

/** How a group answers (see {@link ProgramOptions.groups}). */
export interface GroupAnswer {
  /** What `--json` with no command runs (`commands list`); without one, `--json` is a usage error. */
  readonly list?: () => Promise<void>;
}

/** Options of {@link programFrom}. */
export interface ProgramOptions {
  /** The grammar: every command, argument and option (`ROSTER`). */
  readonly table: ProgramSpec;
  /** What `-V, --version` prints. */
  readonly version: string;
  /** What each command of the table does, by its path (`list`, `queue status`); a group may have none. */
  readonly actions: Readonly<Record<string, Action>>;
  /**
   * The groups that answer as roster's groups do, by path (`""`: the program itself): with no
   * command, their help on stdout; with `--json`, their `list`; a word that names none of their
   * commands, the closest names; `help TOPIC…`, the topic's help. Other groups keep commander's.
   */
  readonly groups: Readonly<Record<string, GroupAnswer>>;
  /** Where help and errors go: stdout and stderr. */
  readonly write: { readonly out: (text: string) => void; readonly err: (text: string) => void };
}

/** What {@link programFrom} builds. */
export interface CommandLine {
  /** Commander's program: parse with `parseAsync(argv)`; it throws instead of exiting. */
  readonly program: Command;
  /**
   * What an error thrown by `parseAsync` means when commander threw it: `exitCode` 0 for help and
   * version; 2 for a mistake, with the sentence to say (unknown names read as every unknown
   * name does) when commander said one. `undefined` for any other error (an action's own).
   */
  mistakeOf(error: unknown): Promise<{ exitCode: 0 | 2; sentence?: string } | undefined>;
}

/**
 * Builds commander's program from the table: every command with its action, the groups'
 * defaults and help commands; errors leave by a throw (`exitOverride`), never by an exit.
 *
 * @example const { program } = programFrom({ table: ROSTER, version, actions, groups: { "": {} }, write });
 */
export function programFrom(options: ProgramOptions): CommandLine {
  const { table, write } = options;
  /** Commander's last error, kept for {@link CommandLine.mistakeOf} to say. */
  let said: { text: string; help: string } | undefined;

  /**
   * Commander's own errors read like roster's: one line, one sentence that ends by naming the
   * help to read (said through `mistakeOf`, which commander's throw reaches).
   */
  const errorOutput = (help: string) => ({
    writeOut: write.out,
    writeErr: write.err,
    // Errors always go to stderr (a group's help goes to stdout through `writeErr`).
    outputError: (text: string, _write: (text: string) => void) => {
      said = { text, help };
    },
  });

  const program = new Command(table.name)
    .version(options.version, "-V, --version", "print roster's version")
    .exitOverride()
    .configureOutput(errorOutput(`${table.name} --help`));
  program.description(table.description);
  // The global options and list's own come from one table, which the bin's own list reads too.
  for (const option of table.options) program.option(option.flags, option.help);
  program.addHelpText("after", examplesText(table.examples));
  const declared = declare({ parent: program, specs: table.commands, actions: options.actions });
  declared.set("", program);

  const groups = [...declared].filter(([path]) => options.groups[path] !== undefined);
  const json = () => program.opts<{ json?: boolean }>().json === true;
  for (const [path, group] of groups) groupDefault({ group, json, list: options.groups[path]?.list });
  for (const [, group] of groups) helpCommand(group);

  // Sub-commands inherit the parent's output settings and exit override.
  const configure = (parent: Command): void => {
    for (const command of parent.commands) {
      command.exitOverride().configureOutput(errorOutput(`${commandPath(command)} --help`));
      if (command.commands.length === 0) continue;
      configure(command);
      // A group's help goes to stdout, as plain `roster`'s does.
      command.configureOutput({ ...errorOutput(`${commandPath(command)} --help`), writeErr: write.out });
    }
  };
  configure(program);

  return {
    program,
    async mistakeOf(error) {
      if (!(error instanceof CommanderError)) return undefined;
      // Help and version are not errors; everything else commander rejects is a usage error.
      if (["commander.helpDisplayed", "commander.version", "commander.help"].includes(error.code))
        return { exitCode: 0 };
      return said ? { exitCode: 2, sentence: await mistakeSentence(said.text, said.help) } : { exitCode: 2 };
    },
  };
}

/** A repeatable option's values, in order. */
const collect = (value: string, previous: string[] = []) => [...previous, value];

/** Commander's option for one of the table's. */
function optionOf(spec: OptionSpec): Option {
  const option = new Option(spec.flags, spec.help);
  if (spec.choices) option.choices(spec.choices);
  return spec.parser === "collect" ? option.argParser(collect) : option;
}

/** What {@link declare} declares: `specs` under `parent`, each with its action from `actions`. */
interface Declaration {
  parent: Command;
  specs: readonly CommandSpec[];
  actions: Readonly<Record<string, Action>>;
}

/** The table's commands under `parent`, each with its action (a group's commands under it), by path. */
function declare({ parent, specs, actions }: Declaration): Map<string, Command> {
  const declared = new Map<string, Command>();
  for (const spec of specs) {
    const command = parent.command(spec.name).description(spec.description);
    // `queue status` for `roster queue status`: the key of its action.
    const path = commandPath(command).split(" ").slice(1).join(" ");
    for (const { name, help, choices } of spec.arguments ?? [])
      command.addArgument(choices ? new Argument(name, help).choices(choices) : new Argument(name, help));
    for (const option of spec.options ?? []) command.addOption(optionOf(option));
    if (spec.helpAfter) command.addHelpText("after", spec.helpAfter.join("\n"));
    if (spec.examples) command.addHelpText("after", examplesText(spec.examples));
    const action = actions[path];
    if (action) command.action(action as (...args: unknown[]) => Promise<void>);
    // A group's default is its own (groupDefault); any other command of the table needs an action.
    else if (!spec.commands) throw new Error(`programFrom has no action for "${path}" of the command table`);
    declared.set(path, command);
    for (const [sub, subCommand] of declare({ parent: command, specs: spec.commands ?? [], actions }))
      declared.set(sub, subCommand);
  }
  return declared;
}

/**
 * What a group does with no sub-command (`roster commands`, and `roster` itself): its help on
 * stdout, as plain `roster` prints it; with `--json`, its `list` when it has one (never text on
 * a `--json` request), else a usage error. A word that names none of its commands is an
 * unknown command, with the closest names.
 */
function groupDefault(options: {
  group: Command;
  json: () => boolean;
  list?: (() => Promise<void>) | undefined;
}) {
  const { group, json, list } = options;
  group.allowExcessArguments(true).action(async (_flags: unknown, self: Command) => {
    const word = self.args[0];
    if (word !== undefined) throw await unknownSubcommand(group, "command", word);
    if (json()) {
      if (list) return list();
      throw new CommandLineError(
        `${commandPath(group)} --json needs a command: ${visibleNames(group).join(", ")} (${commandPath(group)} --help shows them)`,
      );
    }
    group.help();
  });
}

/** `roster commands` for `commands`, `roster` for the program. */
function commandPath(command: Command): string {
  const names: string[] = [];
  for (let c: Command | null = command; c; c = c.parent) names.unshift(c.name());
  return names.join(" ");
}

/** A group's commands as its help lists them (`help` aside). */
function visibleNames(group: Command): string[] {
  return group.commands.map((c) => c.name()).filter((name) => name !== "help");
}

/** The usage error for a word that names none of `group`'s commands: the closest names first. */
async function unknownSubcommand(group: Command, kind: string, word: string): Promise<CommandLineError> {
  const { unknownNameText } = await import("@roster/frontmatter");
  const all = `${commandPath(group)} --help lists them`;
  return new CommandLineError(unknownNameText({ kind, name: word, names: visibleNames(group), all }).message);
}

/**
 * `help [COMMAND…]` in place of commander's own, which answers an unknown topic with the
 * top help and exit 0: the help of the command named, or a usage error (exit 2) with the
 * closest names.
 */
function helpCommand(group: Command): void {
  group.helpCommand(false);
  group
    .command("help")
    .description("display help for command")
    .argument("[command...]", "the command (a group and its command: commands list)")
    .action(async (words: string[]) => {
      let command = group;
      for (const word of words) {
        const next = command.commands.find((c) => c.name() === word && c.name() !== "help");
        if (!next) throw await unknownSubcommand(command, "help topic", word);
        command = next;
      }
      command.help();
    });
}
