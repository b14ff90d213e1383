#!/usr/bin/env node
// The roster command line. Sub-commands load their modules lazily, so start-up stays small.
import { Argument, Command, CommanderError, Option } from "commander";
import pkg from "../package.json" with { type: "json" };
import type { GlobalFlags } from "./basics.js";
import { errorLine, UsageError } from "./errors.js";
import { addExamples } from "./help-examples.js";
import { GLOBAL_OPTIONS, LIST_OPTIONS } from "./list-options.js";
import { endQuietlyOnClosedPipe, exitWhenWritten } from "./pipes.js";

// The build is minified: `--debug` stack traces name the TypeScript sources through the
// source maps beside each chunk, read for every module loaded from here on (the app's).
if (process.argv.includes("--debug")) process.setSourceMapsEnabled(true);

/** The sub-commands (all but run, mcp and completion) and the app they share, loaded on first use (see app.ts). */
const loadApp = () => import("./app.js");

const program = new Command("roster")
  .description("Find, explain and run the LLM sub-agents defined on this machine.")
  .version(pkg.version, "-V, --version", "print roster's version")
  .exitOverride()
  .configureOutput(errorOutput("roster --help"));
// The global options and list's own come from one table, which the bin's own list reads too.
for (const option of GLOBAL_OPTIONS) program.option(option.flags, option.help);

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

const list = program
  .command("list")
  .description("the merged agents: name, source, provider, file, description")
  .argument("[word]", "only agents whose name or description holds WORD (any case)")
  .action(async (word: string | undefined, flags: import("./list-print.js").ListFlags & AsFlag) => {
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
  });
for (const option of LIST_OPTIONS) list.option(option.flags, option.help);

program
  .command("show")
  .description("one agent in full, system prompt included")
  .argument("<name>", "agent name (or <plugin>:<name>)")
  .option("--as <tool>", "the agent as that tool would load it")
  .option("--provider <id>", "that provider's definition, even when another shadows it (claude, codex, …)")
  .option("--no-pager", "print as it is (on a terminal a long agent goes through $PAGER, else less -R)")
  .action((name: string, flags: AsFlag & ProviderFlag & { pager?: boolean }) =>
    withApp(async (app) =>
      asOrProvider(flags)
        ? (await loadApp()).showAs(app, name, flags.as)
        : (await loadApp()).showAgent(app, name, flags),
    ),
  );

program
  .command("why")
  .description("every location searched, which ones define NAME, the winner and what it shadows")
  .argument("<name>", "agent name")
  .option("--as <tool>", "that tool's own search, identity and precedence rules")
  .option("--provider <id>", "that provider's definition, even when another shadows it (claude, codex, …)")
  .action(async (name: string, flags: AsFlag & ProviderFlag) => {
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
  });

program
  .command("doctor")
  .description("every diagnostic for every file, and suspicious definitions")
  .option("--strict", "exit 1 on warnings too")
  .option("--quiet", "errors only")
  .option("--as <tool>", "every file that tool would not load, and why, in its terms")
  .addOption(
    new Option(
      "--format <format>",
      "text, sarif (SARIF 2.1.0) or github (GitHub Actions annotations), for CI",
    ).choices(["text", "sarif", "github"]),
  )
  .option("--fix", "fix what has one safe fix, in files git tracks; print each change as a diff")
  .option("--dry-run", "with --fix: print the diffs, write nothing (exit 1 when a file would change)")
  .action(
    async (
      flags: import("./print-doctor.js").DoctorFlags &
        AsFlag &
        import("./cmd-fix.js").FixFlags & { fix?: boolean },
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
  );

const collect = (value: string, previous: string[] = []) => [...previous, value];
/** `--timeout` of run and mcp: its grace is the executor's `terminationGrace` (test/contracts.test.ts checks). */
const timeoutHelp = (what: string) =>
  `${what}, every task and the host's wind-down, ends within this long: 90s, 5m, 1500ms ` +
  "(a bare number: ms); a host gets SIGTERM 1s before the end (a quarter of the time when " +
  "shorter than 4s), SIGKILL at the end";
program
  .command("run")
  .description(
    "run an agent on tasks on an agent host (Claude Code, Codex, Gemini CLI, opencode, Copilot CLI)",
  )
  .argument("<agent>", "agent name")
  .addOption(
    new Option("--task <text>", "a task assignment (repeatable; - reads it from stdin)").argParser(collect),
  )
  .option("--context <text>", "shared context put before every assignment (- reads it from stdin)")
  .option("--schema <json>", "output schema (JTD) as JSON, used when the agent has none")
  .option(
    "--host <host>",
    "claude, codex, gemini, opencode, copilot or auto (default: the agent family's host)",
  )
  .option("--provider <id>", "that provider's definition, even when another shadows it (claude, codex, …)")
  .option("--dry-run", "print the exact commands, environment additions and stdin instead of running")
  .option("--runner <command>", 'run each task as a child process, e.g. --runner "node child.mjs"')
  .option("--plan-mode", "read-only tools, no spawns, plan-mode prompt")
  // Whole-number flags are checked by the command (a usage error naming the flag and its range).
  .option("--max-depth <n>", "maximum recursion depth (default 2; -1: no limit)")
  .option("--timeout <duration>", timeoutHelp("the whole run"))
  .option("--no-watch", "stat every file on every call instead of watching the folders (network mounts)")
  .option("--quiet", "no status on stderr (progress, headers, costs); only results and errors")
  .option(
    "--queue <url>",
    "queue one job per task on a Redis queue (redis://HOST:PORT[/DB]) for `roster worker`s",
  )
  .option("--detach", "with --queue: print the job ids and return (roster queue wait collects the results)")
  .addOption(
    new Option(
      "--repo <url#ref>",
      "with --queue: run in a checkout of this repository (repeatable: one job per task and repository)",
    ).argParser(collect),
  )
  .action((agent: string, flags: import("./cmd-run.js").RunFlags) =>
    withApp(async (app) => (await import("./cmd-run.js")).runAgent(app, agent, flags)),
  );

program
  .command("worker")
  .description("take agent tasks from a Redis queue and run them on this machine's hosts, until stopped")
  .option("--queue <url>", "the queue: redis://HOST:PORT[/DB] (default: ROSTER_QUEUE)")
  .option("--concurrency <n>", "jobs at once per host (default 1)")
  .option("--hosts <list>", "comma-separated hosts to serve (default: every host installed here)")
  .option(
    "--workdir <dir>",
    "where repositories are cloned and checked out (default: $XDG_CACHE_HOME/roster/worker)",
  )
  .addOption(
    new Option(
      "--max-permission <mode>",
      "the highest permission mode a queued agent gets (default: default)",
    ).choices(["plan", "default", "acceptEdits", "auto", "bypassPermissions"]),
  )
  .option("--timeout <duration>", "end each job after this long, whatever it asks: 90s, 30m")
  .option(
    "--max-depth <n>",
    "a job's recursion limit is at most this (default: the config's maxRecursionDepth)",
  )
  .option(
    "--lock-duration <duration>",
    "a dead worker's jobs return to the queue within about twice this (default 30s)",
  )
  .option("--rate <jobs/duration>", "at most JOBS per DURATION on each host queue, across all workers: 50/1m")
  .option("--name <name>", "this worker's name in queue status (default: machine.pid)")
  .option("--quiet", "no line per job on stderr: only the start line, failures and connection problems")
  .action((flags: import("./cmd-queue.js").WorkerFlags) =>
    withApp(async (app) => (await import("./cmd-queue.js")).runWorker(app, flags)),
  );

const queue = program
  .command("queue")
  .description("the Redis queue of agent tasks (roster run --queue, roster worker)");
queue
  .command("status")
  .description("jobs waiting, active, done and failed per host, and the connected workers")
  .argument("[url]", "the queue: redis://HOST:PORT[/DB] (default: ROSTER_QUEUE)")
  .action((url: string | undefined) =>
    withApp(async (app) => (await import("./cmd-queue.js")).queueStatus(app, url)),
  );
queue
  .command("wait")
  .description("print the results of queued jobs (ids from run --detach), once each, as run prints them")
  .argument("<ids...>", "job ids")
  .option("--queue <url>", "the queue: redis://HOST:PORT[/DB] (default: ROSTER_QUEUE)")
  .option("--quiet", "no headers on stderr; only results and errors")
  .action((ids: string[], flags: { queue?: string; quiet?: boolean }) =>
    withApp(async (app) => (await import("./cmd-queue.js")).queueWait(app, ids, flags)),
  );

program
  .command("mcp")
  .description(
    "serve the agents and commands to an agent host over MCP on stdio (register it: claude mcp add roster -- roster mcp)",
  )
  .option("--runner <command>", "run each task as a child process (default: on the agent's host)")
  .option("--dry-run", "run nothing: each task answers with what it would have run")
  .option("--plan-mode", "read-only tools, no spawns, plan-mode prompt for every task")
  .option("--max-depth <n>", "maximum recursion depth (default 2; -1: no limit)")
  .option("--timeout <duration>", timeoutHelp("each run_task call"))
  .addHelpText(
    "after",
    [
      "",
      "Register it with an agent host (it starts roster mcp itself):",
      "  Claude Code  claude mcp add roster -- roster mcp",
      '  Codex        ~/.codex/config.toml: [mcp_servers.roster] command = "roster", args = ["mcp"]',
      '  Gemini CLI   ~/.gemini/settings.json: { "mcpServers": { "roster": { "command": "roster", "args": ["mcp"] } } }',
      '  opencode     opencode.json: { "mcp": { "roster": { "type": "local", "command": ["roster", "mcp"] } } }',
    ].join("\n"),
  )
  .action(async (flags: import("./cmd-mcp.js").McpFlags) => {
    const { claimStdout, serveMcp } = await import("./cmd-mcp.js");
    const channel = claimStdout();
    await withApp((app) => serveMcp(app, flags, channel));
  });

const commands = program.command("commands").description("workflow commands (prompt templates)");
const listCommands = (flags: { names?: boolean }) =>
  withApp(async (app) => (await loadApp()).listCommands(app, flags), "json");
commands
  .command("list")
  .description("the merged workflow commands")
  .option("--names", "names only, one per line")
  .action(listCommands);
commands
  .command("show")
  .description("one command in full")
  .argument("<name>", "command name (or <plugin>:<name>)")
  .action((name: string) => withApp(async (app) => (await loadApp()).showCommand(app, name)));
commands
  .command("expand")
  .description("print the command's text with ARGS filled in ($ARGUMENTS, $1…$9, $@, {{args}}, NAME=value)")
  .argument("<name>", "command name")
  .argument("[args...]", "arguments")
  .action((name: string, args: string[]) =>
    withApp(async (app) => (await loadApp()).expand(app, name, args)),
  );

const skills = program
  .command("skills")
  .description("Agent Skills (folders holding SKILL.md) as each tool reads them");
const skillsAs = "that tool's places and rules (claude, codex, gemini, opencode, copilot)";
const listSkills = (flags: import("./cmd-skills.js").SkillFlags) =>
  withApp(async (app) => (await loadApp()).listSkills(app, flags), "json");
skills
  .command("list")
  .description("the merged skills (or one tool's, with --as)")
  .option("--names", "names only, one per line")
  .option("--as <tool>", skillsAs)
  .action(listSkills);
skills
  .command("show")
  .description("one skill: its fields, the files in its folder (listed, not read) and its instructions")
  .argument("<name>", "skill name (or <plugin>:<name>)")
  .option("--as <tool>", skillsAs)
  .action((name: string, flags: import("./cmd-skills.js").SkillFlags) =>
    withApp(async (app) => (await loadApp()).showSkill(app, name, flags)),
  );
skills
  .command("why")
  .description("every skills folder searched, every SKILL.md of NAME, the winner and what it shadows")
  .argument("<name>", "skill name")
  .option("--as <tool>", skillsAs)
  .action((name: string, flags: import("./cmd-skills.js").SkillFlags) =>
    withApp(async (app) => (await loadApp()).whySkill(app, name, flags)),
  );

program
  .command("export")
  .description("write one agent in another tool's format, where that tool reads it, and report every field")
  .argument("<name>", "agent name (or <plugin>:<name>)")
  .option("--to <tool>", "xcsh, claude, codex, gemini, opencode, copilot or cursor")
  .option("--provider <id>", "that provider's definition, even when another shadows it (claude, codex, …)")
  .option("--out <dir>", "write into DIR instead of the tool's folder")
  .option("--stdout", "print the file instead of writing it (the report goes to stderr)")
  .option("--scope <scope>", "the tool's project (default) or user folder")
  .option("--strict", "refuse when any field would be lost")
  .option("--dry-run", "say what would be written and where, and the field report; write nothing")
  .option(
    "--name <new>",
    "write it under this name (default: its own, or the tool's slug of a name it refuses)",
  )
  .option("--skills", "NAME is a skill: copy its folder where the tool reads skills")
  .action((name: string, flags: import("./cmd-export.js").ExportFlags & { skills?: boolean }) =>
    withApp(async (app) =>
      flags.skills && flags.name !== undefined
        ? Promise.reject(new UsageError("--name renames an agent; a skill is copied under its own name"))
        : flags.skills
          ? (await loadApp()).exportSkill(app, name, flags)
          : (await loadApp()).exportCommand(app, name, flags),
    ),
  );

program
  .command("new")
  .description("write a new agent file where TOOL reads it, and check that TOOL loads it")
  .argument("<name>", "the agent's name (a name TOOL refuses is a usage error that offers one it takes)")
  .option("--for <tool>", "xcsh, claude, codex, gemini, opencode, copilot or cursor")
  .option("--description <text>", "when to use it (default: a line to fill in)")
  .option("--tools <list>", "comma-separated tools it may use (Read,Grep or the tool's own names)")
  .option("--prompt <text>", "its instructions (- reads them from stdin; default: a starting text)")
  .option("--scope <scope>", "the tool's project (default) or user folder")
  .action((name: string, flags: import("./cmd-new.js").NewFlags) =>
    withApp(async (app) => (await loadApp()).newAgent(app, name, flags)),
  );

program
  .command("sync")
  .description("write every agent for other tools; update and remove only roster's own files")
  .option("--to <tools>", "comma-separated: xcsh, claude, codex, gemini, opencode, copilot, cursor")
  .option("--scope <scope>", "the tools' project (default) or user folders")
  .option("--dry-run", "say what would change, write nothing")
  .option("--yes", "write more than 20 files without asking (needed when no terminal can answer, as in CI)")
  .option(
    "--strict",
    "exit 1 when a file is left as it is (a conflict, an agent a tool cannot take), not only when a write fails",
  )
  .addOption(
    new Option(
      "--name <agent=new>",
      "write AGENT under the name NEW (repeatable); later syncs keep it (.roster-sync.json)",
    ).argParser(collect),
  )
  .option("--skills", "copy every skill folder instead (project skills to project folders)")
  .action((flags: import("./cmd-sync.js").SyncFlags & { skills?: boolean }) =>
    withApp(async (app) =>
      flags.skills && flags.name !== undefined
        ? Promise.reject(new UsageError("--name renames agents; skills are copied under their own names"))
        : flags.skills
          ? (await loadApp()).syncSkills(app, flags)
          : (await loadApp()).syncCommand(app, flags),
    ),
  );

// Sources (SPEC §20): agents, skills and commands brought in from git, pinned in roster.lock.
const scopeOption = () =>
  new Option("--scope <scope>", "the project's config and folders (default), or your own (user)");
program
  .command("add")
  .description("bring agents, skills and commands in from a git source; without SOURCE, list the sources")
  .argument(
    "[source]",
    "owner/repo, github:owner/repo, a git URL (https, ssh, git@host:path, file) or a local path; SOURCE#REF",
  )
  .option("--ref <ref>", "a branch, tag or full commit (default: the remote's default branch)")
  .option("--path <dir>", "read this folder of the repository instead of its root")
  .addOption(new Option("--agent <name>", "only this agent (repeatable, or a,b)").argParser(collect))
  .addOption(new Option("--skill <name>", "only this skill (repeatable)").argParser(collect))
  .addOption(new Option("--command <name>", "only this command (repeatable)").argParser(collect))
  .option("--to <tools>", "comma-separated tools to write for (default: those the project uses, else claude)")
  .addOption(scopeOption())
  .option("--yes", "also write definitions the audit holds back (raised permissions, hooks, commands, links)")
  .action((source: string | undefined, flags: import("./cmd-sources.js").AddFlags) =>
    withApp(async (app) => (await loadApp()).addCommand(app, source, flags)),
  );
program
  .command("install")
  .description("make the tools' folders match roster.lock (fetching only what is missing)")
  .option("--frozen", "never resolve a ref again: fail when the config and roster.lock disagree (CI)")
  .option(
    "--check",
    "write nothing; exit 1 when a pinned file is edited or missing, or the config and lock disagree",
  )
  .addOption(scopeOption())
  .option("--yes", "also write definitions the audit holds back")
  .action(async (flags: import("./cmd-sources.js").InstallFlags) => {
    // A check reads the config, the lock and the pinned files only: no app to load.
    if (flags.check)
      exitCode = await (await import("./cmd-check.js")).checkCommand(program.opts<GlobalFlags>(), flags);
    else await withApp(async (app) => (await loadApp()).installCommand(app, flags));
  });
program
  .command("update")
  .description("move sources to the newest commit of their ref and say what changed per agent")
  .argument("[sources...]", "only these sources (as declared, or as you would add them)")
  .addOption(scopeOption())
  .option("--yes", "also write definitions the audit holds back")
  .action((sources: string[], flags: import("./cmd-sources.js").SourcesFlags) =>
    withApp(async (app) => (await loadApp()).updateCommand(app, sources, flags)),
  );
program
  .command("outdated")
  .description("the sources whose ref has moved since roster.lock pinned it")
  .addOption(scopeOption())
  .action((flags: import("./cmd-sources.js").SourcesFlags) =>
    withApp(async (app) => (await loadApp()).outdatedCommand(app, flags)),
  );
program
  .command("remove")
  .description("remove a source and the files it wrote that are still as written (edited ones are kept)")
  .argument("<source>", "the source, as declared or as you would add it")
  .addOption(scopeOption())
  .action((source: string, flags: import("./cmd-sources.js").SourcesFlags) =>
    withApp(async (app) => (await loadApp()).removeCommand(app, source, flags)),
  );
program
  .command("sources")
  .description("the sources declared in the config and pinned in roster.lock")
  .addOption(scopeOption())
  .action((flags: import("./cmd-sources.js").SourcesFlags) =>
    withApp(async (app) => (await loadApp()).sourcesCommand(app, flags)),
  );

program
  .command("graph")
  .description("who may spawn whom, what hides what, and what the executor would refuse")
  .argument("[name]", "only this agent: its definitions, what it may spawn, who may spawn it")
  .addOption(
    new Option("--format <format>", "text (a tree), mermaid or dot").choices(["text", "mermaid", "dot"]),
  )
  .action((name: string | undefined, flags: import("./cmd-graph.js").GraphFlags) =>
    withApp(async (app) => (await loadApp()).graph(app, name, flags)),
  );

program
  .command("report")
  .description("write one self-contained HTML page: agents, agents × tools, spawn graph, diagnostics")
  .option(
    "--html <file>",
    "the page to write (default: roster-report.html here; replaced; never through a symbolic link)",
  )
  .action((flags: import("./cmd-report.js").ReportFlags) =>
    withApp(async (app) => (await loadApp()).report(app, flags), "always"),
  );

program
  .command("completion")
  .description('print a completion script: eval "$(roster completion bash)" (bash, zsh or fish)')
  .addArgument(new Argument("<shell>", "the shell").choices(["bash", "zsh", "fish"]))
  .action((shell: "bash" | "zsh" | "fish") =>
    withApp(async (app) => {
      // Per command, from this table: its flags, their values (the app's families) and its arguments.
      const { completionScript, completionSpec } = await import("@roster/completion");
      const { valuesOf } = await import("./completion-values.js");
      process.stdout.write(completionScript(shell, completionSpec(program, valuesOf(app.families))));
      return 0;
    }),
  );

const cache = program
  .command("cache")
  .description("roster's cache folder ($XDG_CACHE_HOME/roster): stored list --json output");
cache
  .command("clear")
  .description("remove every stored listing and index from roster's cache folder")
  .action(async () => {
    exitCode = await (await loadApp()).clearCache(program.opts<GlobalFlags>());
  });

program
  .command("trust")
  .description(
    "let roster run the project config of DIR (default: here): records its real path and the config's hash",
  )
  .argument("[dir]", "a folder of the project (its roster.config.{json,mjs} is found walking up)")
  .option("--list", "the trusted folders, and whether each config is unchanged since")
  .option("--revoke", "forget the folder: its config's code no longer runs")
  .action(async (dir: string | undefined, flags: import("./cmd-trust.js").TrustFlags) => {
    exitCode = await (await loadApp()).trust(program.opts<GlobalFlags>(), dir, flags);
  });

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

addExamples(program);

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
