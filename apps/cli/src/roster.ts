#!/usr/bin/env node
// The roster command line. Sub-commands load their modules lazily, so start-up stays small.
import type { CommandSpec, OptionSpec } from "@roster/usage";
import { Argument, Command, CommanderError, Option } from "commander";
import pkg from "../package.json" with { type: "json" };
import type { GlobalFlags } from "./basics.js";
import { errorLine, UsageError } from "./errors.js";
import { endQuietlyOnClosedPipe, exitWhenWritten } from "./pipes.js";

// The build is minified: `--debug` stack traces name the TypeScript sources through the
// source maps beside each chunk, read for every module loaded from here on (the app's).
if (process.argv.includes("--debug")) process.setSourceMapsEnabled(true);

/** The sub-commands (all but run, mcp and completion) and the app they share, loaded on first use (see app.ts). */
const loadApp = () => import("./app.js");

const program = new Command("roster")
  .version(pkg.version, "-V, --version", "print roster's version")
  .exitOverride()
  .configureOutput(errorOutput("roster --help"));

/** Commander's error, kept for {@link report} to say (its words need the app's module). */
let commanderSaid: { text: string; help: string } | undefined;

/**
 * Commander's own errors read like roster's: one line, `roster: ` and one sentence that
 * ends by naming the help to read (said by {@link report}, which commander's throw reaches).
 */
function errorOutput(help: string) {
  return {
    writeErr: (text: string) => process.stderr.write(text),
    // Errors always go to stderr (a group's help goes to stdout through `writeErr`).
    outputError: (text: string, _write: (text: string) => void) => {
      commanderSaid = { text, help };
    },
  };
}

let exitCode = 0;

/** `--as <tool>` on list, show, why and doctor (SPEC §4.4). */
type AsFlag = { as?: string };
/** `--provider <id>` on show, why, run and export: that family's definition (SPEC §16). */
type ProviderFlag = { provider?: string };

/** True for `--as` (a tool's own view); `--provider` picks in roster's merged view, so not both. */
function asOrProvider(flags: AsFlag & ProviderFlag): flags is { as: string } & ProviderFlag {
  if (flags.as !== undefined && flags.provider !== undefined)
    throw new UsageError(
      "--as and --provider do not go together: --as is one tool's own view, --provider picks in roster's",
    );
  return flags.as !== undefined;
}

endQuietlyOnClosedPipe(() => exitCode);

/**
 * Runs a sub-command on the app. Config notes (skipped project code, refused limits) go to
 * stderr unless the command's own output carries them: `doctor` always, `list` with --json.
 */
async function withApp(
  run: (app: import("./context.js").App) => Promise<number>,
  carriesConfigNotes: "always" | "json" | "never" = "never",
  options: { record?: boolean } = {},
): Promise<void> {
  const { createApp, printConfigNotes } = await loadApp();
  const app = await createApp(program.opts<GlobalFlags>(), options);
  if (carriesConfigNotes === "never" || (carriesConfigNotes === "json" && !app.output.json))
    printConfigNotes(app);
  exitCode = await run(app);
}

/** Whether a run with these flags records what it reads, for a stored output (`shortcutApplies`). */
async function recordsFor(flags: object): Promise<boolean> {
  const { shortcutApplies } = await loadApp();
  return shortcutApplies({ ...program.opts<GlobalFlags>(), ...flags }, process.env);
}

/** `commands list` and `skills list`, also what `--json` on their group runs. */
const listCommands = (flags: { names?: boolean }) =>
  withApp(async (app) => (await loadApp()).listCommands(app, flags), "json");
const listSkills = (flags: import("./commands/skills/index.js").SkillFlags) =>
  withApp(async (app) => (await loadApp()).listSkills(app, flags), "json");

/** What each command of the table (@roster/usage) does, by its path: commander's arguments, then its flags. */
const ACTIONS: Readonly<Record<string, (...args: never[]) => Promise<void>>> = {
  list: async (
    word: string | undefined,
    flags: import("./commands/agents/list-print.js").ListFlags & AsFlag,
  ) => {
    // What this list reads is recorded when the bin's shortcut can replay it (list-fast.ts).
    const record = await recordsFor(flags);
    await withApp(
      async (app) =>
        flags.as
          ? (await loadApp()).listAs(app, flags.as, flags, word)
          : (await loadApp()).listAgents(app, flags, word),
      "json",
      { record },
    );
  },
  show: (name: string, flags: AsFlag & ProviderFlag & { pager?: boolean }) =>
    withApp(async (app) =>
      asOrProvider(flags)
        ? (await loadApp()).showAs(app, name, flags.as)
        : (await loadApp()).showAgent(app, name, flags),
    ),
  why: async (name: string, flags: AsFlag & ProviderFlag) => {
    // A plain why records what it reads, to store its output for the next one (stored-run.ts).
    const record = await recordsFor(flags);
    await withApp(
      async (app) => {
        const { printOtherTools, whyAgent, whyAs, withStoredOutput } = await loadApp();
        if (asOrProvider(flags)) return whyAs(app, name, flags.as);
        // One line per tool that would resolve NAME differently from the merged view.
        return withStoredOutput(app, "why", { name, provider: flags.provider ?? null }, (run) =>
          whyAgent(
            run,
            name,
            run.families.profiles,
            (d, views) => printOtherTools(run, name, d, views),
            flags.provider,
          ),
        );
      },
      "never",
      { record },
    );
  },
  doctor: async (
    flags: import("./commands/doctor/index.js").DoctorFlags &
      AsFlag &
      import("./commands/doctor/fix.js").FixFlags & { fix?: boolean },
  ) => {
    if (flags.dryRun && !flags.fix)
      throw new UsageError("--dry-run goes with --fix (roster doctor --fix --dry-run)");
    if (flags.fix) {
      const other = flags.as !== undefined ? "--as" : flags.format !== undefined ? "--format" : undefined;
      if (other)
        throw new UsageError(
          `--fix does not go with ${other}: it fixes the files, then roster doctor reports`,
        );
      return withApp(async (app) => (await loadApp()).fixDoctor(app, flags));
    }
    // A plain doctor records what it reads, to store its output for the next one (stored-run.ts).
    const record = await recordsFor(flags);
    await withApp(
      async (app) =>
        flags.as ? (await loadApp()).doctorAs(app, flags.as, flags) : (await loadApp()).doctor(app, flags),
      "always",
      { record },
    );
  },
  run: (agent: string, flags: import("./commands/run/index.js").RunFlags) =>
    withApp(async (app) => (await import("./commands/run/index.js")).runAgent(app, agent, flags)),
  worker: (flags: import("./commands/queue/index.js").WorkerFlags) =>
    withApp(async (app) => (await import("./commands/queue/index.js")).runWorker(app, flags)),
  "queue status": (url: string | undefined) =>
    withApp(async (app) => (await import("./commands/queue/index.js")).queueStatus(app, url)),
  "queue wait": (ids: string[], flags: { queue?: string; quiet?: boolean }) =>
    withApp(async (app) => (await import("./commands/queue/index.js")).queueWait(app, ids, flags)),
  mcp: async (flags: import("./commands/mcp/index.js").McpFlags) => {
    const { claimStdout, serveMcp } = await import("./commands/mcp/index.js");
    const channel = claimStdout();
    await withApp((app) => serveMcp(app, flags, channel));
  },
  "commands list": listCommands,
  "commands show": (name: string) => withApp(async (app) => (await loadApp()).showCommand(app, name)),
  "commands expand": (name: string, args: string[]) =>
    withApp(async (app) => (await loadApp()).expand(app, name, args)),
  "skills list": listSkills,
  "skills show": (name: string, flags: import("./commands/skills/index.js").SkillFlags) =>
    withApp(async (app) => (await loadApp()).showSkill(app, name, flags)),
  "skills why": (name: string, flags: import("./commands/skills/index.js").SkillFlags) =>
    withApp(async (app) => (await loadApp()).whySkill(app, name, flags)),
  export: (name: string, flags: import("./commands/export/index.js").ExportFlags & { skills?: boolean }) =>
    withApp(async (app) =>
      flags.skills && flags.name !== undefined
        ? Promise.reject(new UsageError("--name renames an agent; a skill is copied under its own name"))
        : flags.skills
          ? (await loadApp()).exportSkill(app, name, flags)
          : (await loadApp()).exportCommand(app, name, flags),
    ),
  new: (name: string, flags: import("./commands/new/index.js").NewFlags) =>
    withApp(async (app) => (await loadApp()).newAgent(app, name, flags)),
  sync: (flags: import("./commands/sync/index.js").SyncFlags & { skills?: boolean }) =>
    withApp(async (app) =>
      flags.skills && flags.name !== undefined
        ? Promise.reject(new UsageError("--name renames agents; skills are copied under their own names"))
        : flags.skills
          ? (await loadApp()).syncSkills(app, flags)
          : (await loadApp()).syncCommand(app, flags),
    ),
  add: (source: string | undefined, flags: import("./commands/sources/index.js").AddFlags) =>
    withApp(async (app) => (await loadApp()).addCommand(app, source, flags)),
  install: async (flags: import("./commands/sources/index.js").InstallFlags) => {
    // A check reads the config, the lock and the pinned files only: no app to load.
    if (flags.check)
      exitCode = await (await import("./commands/check/index.js")).checkCommand(
        program.opts<GlobalFlags>(),
        flags,
      );
    else await withApp(async (app) => (await loadApp()).installCommand(app, flags));
  },
  update: (sources: string[], flags: import("./commands/sources/index.js").SourcesFlags) =>
    withApp(async (app) => (await loadApp()).updateCommand(app, sources, flags)),
  outdated: (flags: import("./commands/sources/index.js").SourcesFlags) =>
    withApp(async (app) => (await loadApp()).outdatedCommand(app, flags)),
  remove: (source: string, flags: import("./commands/sources/index.js").SourcesFlags) =>
    withApp(async (app) => (await loadApp()).removeCommand(app, source, flags)),
  sources: (flags: import("./commands/sources/index.js").SourcesFlags) =>
    withApp(async (app) => (await loadApp()).sourcesCommand(app, flags)),
  graph: (name: string | undefined, flags: import("./commands/graph/index.js").GraphFlags) =>
    withApp(async (app) => (await loadApp()).graph(app, name, flags)),
  report: (flags: import("./commands/report/index.js").ReportFlags) =>
    withApp(async (app) => (await loadApp()).report(app, flags), "always"),
  completion: (shell: "bash" | "zsh" | "fish") =>
    withApp(async (app) => {
      // Per command, from this table: its flags, their values (the app's families) and its arguments.
      const { completionScript, completionSpec } = await import("@roster/completion");
      const { valuesOf } = await import("./commands/completion/completion-values.js");
      process.stdout.write(completionScript(shell, completionSpec(program, valuesOf(app.families))));
      return 0;
    }),
  "cache clear": async () => {
    exitCode = await (await loadApp()).clearCache(program.opts<GlobalFlags>());
  },
  trust: async (dir: string | undefined, flags: import("./commands/trust/index.js").TrustFlags) => {
    exitCode = await (await loadApp()).trust(program.opts<GlobalFlags>(), dir, flags);
  },
};

/** A repeatable option's values, in order. */
const collect = (value: string, previous: string[] = []) => [...previous, value];

/** Commander's option for one of the table's. */
function optionOf(spec: OptionSpec): Option {
  const option = new Option(spec.flags, spec.help);
  if (spec.choices) option.choices(spec.choices);
  return spec.parser === "collect" ? option.argParser(collect) : option;
}

/** What {@link declare} declares: `specs` under `parent`, their examples in `examplesText`. */
interface Declaration {
  parent: Command;
  specs: readonly CommandSpec[];
  examplesText: (examples: readonly string[]) => string;
}

/** The table's commands under `parent`, each with its action (a group's commands under it), by path. */
function declare({ parent, specs, examplesText }: Declaration): Map<string, Command> {
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
    const action = ACTIONS[path];
    if (action) command.action(action as (...args: unknown[]) => Promise<void>);
    // A group's default is its own (groupDefault); any other command of the table needs an action.
    else if (!spec.commands) throw new Error(`roster.ts has no action for "${path}" of the command table`);
    declared.set(path, command);
    for (const [sub, subCommand] of declare({ parent: command, specs: spec.commands ?? [], examplesText }))
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
function groupDefault(group: Command, list?: () => Promise<void>): void {
  group.allowExcessArguments(true).action(async (_flags: unknown, self: Command) => {
    const word = self.args[0];
    if (word !== undefined) throw await unknownSubcommand(group, "command", word);
    if (program.opts<GlobalFlags>().json === true) {
      if (list) return list();
      throw new UsageError(
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
async function unknownSubcommand(group: Command, kind: string, word: string): Promise<UsageError> {
  const { unknownNameText } = await import("@roster/frontmatter");
  const all = `${commandPath(group)} --help lists them`;
  return new UsageError(unknownNameText({ kind, name: word, names: visibleNames(group), all }).message);
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

/**
 * The command line from its one table (@roster/usage): the program's description, global
 * options and examples, every command with its action, the groups' defaults and help commands.
 */
async function declareTable(): Promise<void> {
  const { ROSTER, examplesText } = await import("@roster/usage");
  program.description(ROSTER.description);
  // The global options and list's own come from one table, which the bin's own list reads too.
  for (const option of ROSTER.options) program.option(option.flags, option.help);
  program.addHelpText("after", examplesText(ROSTER.examples));
  const declared = declare({ parent: program, specs: ROSTER.commands, examplesText });
  const [commands, skills, cache, queue] = ["commands", "skills", "cache", "queue"].map(
    (name) => declared.get(name) as Command,
  ) as [Command, Command, Command, Command];

  groupDefault(program);
  groupDefault(commands, () => listCommands({}));
  groupDefault(skills, () => listSkills({}));
  groupDefault(cache);
  for (const group of [program, commands, skills, cache]) helpCommand(group);

  // Sub-commands inherit the parent's output settings and exit override.
  for (const cmd of program.commands)
    cmd.exitOverride().configureOutput(errorOutput(`roster ${cmd.name()} --help`));
  for (const group of [commands, skills, cache, queue]) {
    for (const cmd of group.commands)
      cmd.exitOverride().configureOutput(errorOutput(`roster ${group.name()} ${cmd.name()} --help`));
    // A group's help goes to stdout, as plain `roster`'s does.
    group.configureOutput({
      ...errorOutput(`roster ${group.name()} --help`),
      writeErr: (text) => process.stdout.write(text),
    });
  }
}

// `roster --version` prints as commander reads its first word, before any command: the table
// (a package) loads for everything else, so that the version loads none.
if (!["-V", "--version"].includes(process.argv[2] ?? "")) await declareTable();

try {
  // Plain `roster` is a request for help: on stdout, exit 0.
  if (process.argv.length <= 2) program.help();
  await program.parseAsync(process.argv);
  process.exitCode = exitCode;
} catch (error) {
  process.exitCode = await report(error);
}
// Every command has finished here (run and mcp included: they end when their child or their
// client does): roster ends once its output is out, without tearing its heap down first.
await exitWhenWritten();

async function report(error: unknown): Promise<number> {
  if (error instanceof CommanderError) {
    // Help and version are not errors; everything else commander rejects is a usage error.
    if (
      error.code === "commander.helpDisplayed" ||
      error.code === "commander.version" ||
      error.code === "commander.help"
    )
      return 0;
    if (commanderSaid) {
      const { text, help } = commanderSaid;
      // An unknown command, option or choice reads as every unknown name does.
      const unknown = (await loadApp()).commanderUnknown(text, help);
      if (unknown) process.stderr.write(`${errorLine(unknown)}\n`);
      else process.stderr.write(`${errorLine(text).replace(/\.$/, "")}; ${help} shows the usage.\n`);
    }
    return 2;
  }
  return (await loadApp()).reportError(error, program.opts<GlobalFlags>());
}
