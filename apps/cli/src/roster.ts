#!/usr/bin/env node
// The roster command line. Sub-commands load their modules lazily, so start-up stays small.
import type { CommandLine } from "@roster/usage";
import pkg from "../package.json" with { type: "json" };
import type { GlobalFlags } from "./basics.js";
import { errorLine, UsageError } from "./errors.js";
import { endQuietlyOnClosedPipe, exitWhenWritten } from "./pipes.js";

// The build is minified: `--debug` stack traces name the TypeScript sources through the
// source maps beside each chunk, read for every module loaded from here on (the app's).
if (process.argv.includes("--debug")) process.setSourceMapsEnabled(true);

/** The sub-commands (all but run, mcp and completion) and the app they share, loaded on first use (see app.ts). */
const loadApp = () => import("./app.js");

/** The program built from the command table (@roster/usage), once it is. */
let commandLine: CommandLine | undefined;
/** The global flags as commander parsed them. */
const globalFlags = (): GlobalFlags => commandLine?.program.opts<GlobalFlags>() ?? {};

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
  const app = await createApp(globalFlags(), options);
  if (carriesConfigNotes === "never" || (carriesConfigNotes === "json" && !app.output.json))
    printConfigNotes(app);
  exitCode = await run(app);
}

/** Whether a run with these flags records what it reads, for a stored output (`shortcutApplies`). */
async function recordsFor(flags: object): Promise<boolean> {
  const { shortcutApplies } = await loadApp();
  return shortcutApplies({ ...globalFlags(), ...flags }, process.env);
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
  add: async (source: string | undefined, flags: import("./commands/sources/index.js").AddFlags) => {
    // git resolves and fetches the source while the app loads (the add's longest wait).
    if (source !== undefined)
      (await import("./commands/sources/fetch-ahead.js")).fetchAheadOf(source, flags, globalFlags());
    await withApp(async (app) => (await loadApp()).addCommand(app, source, flags));
  },
  install: async (flags: import("./commands/sources/index.js").InstallFlags) => {
    // A check reads the config, the lock and the pinned files only: no app to load.
    if (flags.check)
      exitCode = await (await import("./commands/check/index.js")).checkCommand(globalFlags(), flags);
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
      process.stdout.write(
        completionScript(shell, completionSpec(commandLine!.program, valuesOf(app.families))),
      );
      return 0;
    }),
  "cache clear": async () => {
    exitCode = await (await loadApp()).clearCache(globalFlags());
  },
  trust: async (dir: string | undefined, flags: import("./commands/trust/index.js").TrustFlags) => {
    exitCode = await (await loadApp()).trust(globalFlags(), dir, flags);
  },
};

/**
 * The command line from its one table (@roster/usage): every command with its action above,
 * `roster` itself and the groups but `queue` answering as roster's groups do.
 */
async function declareTable(): Promise<CommandLine> {
  const { ROSTER, programFrom } = await import("@roster/usage");
  return programFrom({
    table: ROSTER,
    version: pkg.version,
    actions: ACTIONS,
    groups: {
      "": {},
      commands: { list: () => listCommands({}) },
      skills: { list: () => listSkills({}) },
      cache: {},
    },
    write: { out: (text) => process.stdout.write(text), err: (text) => process.stderr.write(text) },
  });
}

try {
  // `roster --version` prints as commander reads its first word, before any command: the table
  // (a package) loads for everything else, so that the version loads none.
  if (["-V", "--version"].includes(process.argv[2] ?? "")) process.stdout.write(`${pkg.version}\n`);
  else {
    commandLine = await declareTable();
    // Plain `roster` is a request for help: on stdout, exit 0.
    if (process.argv.length <= 2) commandLine.program.help();
    await commandLine.program.parseAsync(process.argv);
    process.exitCode = exitCode;
  }
} catch (error) {
  process.exitCode = await report(error);
}
// Every command has finished here (run and mcp included: they end when their child or their
// client does): roster ends once its output is out, without tearing its heap down first.
await exitWhenWritten();

/** Says how the command line failed; the exit code. */
async function report(error: unknown): Promise<number> {
  const mistake = await commandLine?.mistakeOf(error);
  if (mistake) {
    if (mistake.sentence) process.stderr.write(`${errorLine(mistake.sentence)}\n`);
    return mistake.exitCode;
  }
  const { CommandLineError } = await import("@roster/usage");
  // The grammar's own refusals (an unknown group command or help topic) are usage errors;
  // `--debug` shows the stack of the refusal itself.
  const said =
    error instanceof CommandLineError
      ? Object.assign(new UsageError(error.message, { cause: error }), { stack: error.stack })
      : error;
  return (await loadApp()).reportError(said, globalFlags());
}
