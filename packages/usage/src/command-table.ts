// roster's command line, every command in one table: names, arguments, options with their help,
// choices and parser, the help text after the options and the examples `--help` ends with.
// Plain data: programFrom builds commander's program from it (program-from.ts), and the completion
// scripts read the program built from it. Examples may name built-in families (they show use).
import { GLOBAL_OPTIONS, LIST_OPTIONS } from "./list-options.js";
import type { CommandSpec, OptionSpec, ProgramSpec } from "./types.js";

/** `--provider <id>` on show, why, run and export: that family's definition (SPEC §16). */
const PROVIDER: OptionSpec = {
  flags: "--provider <id>",
  help: "that provider's definition, even when another shadows it (claude, codex, …)",
};
/** `--timeout` of run and mcp: its grace is the executor's `terminationGrace` (test/contracts.test.ts checks). */
const timeout = (what: string): OptionSpec => ({
  flags: "--timeout <duration>",
  help:
    `${what}, every task and the host's wind-down, ends within this long: 90s, 5m, 1500ms ` +
    "(a bare number: ms); a host gets SIGTERM 1s before the end (a quarter of the time when " +
    "shorter than 4s), SIGKILL at the end",
});
const MAX_DEPTH: OptionSpec = {
  flags: "--max-depth <n>",
  help: "maximum recursion depth (default 2; -1: no limit)",
};
const QUEUE_URL: OptionSpec = {
  flags: "--queue <url>",
  help: "the queue: redis://HOST:PORT[/DB] (default: ROSTER_QUEUE)",
};
const NAMES: OptionSpec = { flags: "--names", help: "names only, one per line" };
const SKILLS_AS: OptionSpec = {
  flags: "--as <tool>",
  help: "that tool's places and rules (claude, codex, gemini, opencode, copilot)",
};
/** Sources (SPEC §20): the project's config, or the user's. */
const SCOPE: OptionSpec = {
  flags: "--scope <scope>",
  help: "the project's config and folders (default), or your own (user)",
};
const YES_AUDIT: OptionSpec = { flags: "--yes", help: "also write definitions the audit holds back" };

/** The agents: list, show, why, doctor. */
const AGENT_COMMANDS: readonly CommandSpec[] = [
  {
    name: "list",
    description: "the merged agents: name, source, provider, file, description",
    arguments: [{ name: "[word]", help: "only agents whose name or description holds WORD (any case)" }],
    options: LIST_OPTIONS,
    examples: [
      "roster list review",
      "roster list --source project --names",
      "roster list --as codex",
      "roster list --json | jq '.agents[].name'",
    ],
  },
  {
    name: "show",
    description: "one agent in full, system prompt included",
    arguments: [{ name: "<name>", help: "agent name (or <plugin>:<name>)" }],
    options: [
      { flags: "--as <tool>", help: "the agent as that tool would load it" },
      PROVIDER,
      {
        flags: "--no-pager",
        help: "print as it is (on a terminal a long agent goes through $PAGER, else less -R)",
      },
    ],
    examples: [
      "roster show code-reviewer",
      "roster show code-reviewer --as codex",
      "roster show beta:code-reviewer --json",
    ],
  },
  {
    name: "why",
    description: "every location searched, which ones define NAME, the winner and what it shadows",
    arguments: [{ name: "<name>", help: "agent name" }],
    options: [
      { flags: "--as <tool>", help: "that tool's own search, identity and precedence rules" },
      PROVIDER,
    ],
    examples: ["roster why code-reviewer", "roster why code-reviewer --as opencode"],
  },
  {
    name: "doctor",
    description: "every diagnostic for every file, and suspicious definitions",
    options: [
      { flags: "--strict", help: "exit 1 on warnings too" },
      { flags: "--quiet", help: "errors only" },
      { flags: "--as <tool>", help: "every file that tool would not load, and why, in its terms" },
      {
        flags: "--format <format>",
        help: "text, sarif (SARIF 2.1.0) or github (GitHub Actions annotations), for CI",
        choices: ["text", "sarif", "github"],
      },
      { flags: "--fix", help: "fix what has one safe fix, in files git tracks; print each change as a diff" },
      {
        flags: "--dry-run",
        help: "with --fix: print the diffs, write nothing (exit 1 when a file would change)",
      },
    ],
    examples: [
      "roster doctor",
      "roster doctor --strict --quiet",
      "roster doctor --as gemini",
      "roster doctor --format github",
    ],
  },
];

/** Running agents: run, worker, queue, mcp. */
const RUN_COMMANDS: readonly CommandSpec[] = [
  {
    name: "run",
    description:
      "run an agent on tasks on an agent host (Claude Code, Codex, Gemini CLI, opencode, Copilot CLI)",
    arguments: [{ name: "<agent>", help: "agent name" }],
    options: [
      {
        flags: "--task <text>",
        help: "a task assignment (repeatable; - reads it from stdin)",
        parser: "collect",
      },
      {
        flags: "--context <text>",
        help: "shared context put before every assignment (- reads it from stdin)",
      },
      { flags: "--schema <json>", help: "output schema (JTD) as JSON, used when the agent has none" },
      {
        flags: "--host <host>",
        help: "claude, codex, gemini, opencode, copilot or auto (default: the agent family's host)",
      },
      PROVIDER,
      {
        flags: "--dry-run",
        help: "print the exact commands, environment additions and stdin instead of running",
      },
      {
        flags: "--runner <command>",
        help: 'run each task as a child process, e.g. --runner "node child.mjs"',
      },
      { flags: "--plan-mode", help: "read-only tools, no spawns, plan-mode prompt" },
      // Whole-number flags are checked by the command (a usage error naming the flag and its range).
      MAX_DEPTH,
      timeout("the whole run"),
      {
        flags: "--no-watch",
        help: "stat every file on every call instead of watching the folders (network mounts)",
      },
      { flags: "--quiet", help: "no status on stderr (progress, headers, costs); only results and errors" },
      {
        flags: "--queue <url>",
        help: "queue one job per task on a Redis queue (redis://HOST:PORT[/DB]) for `roster worker`s",
      },
      {
        flags: "--detach",
        help: "with --queue: print the job ids and return (roster queue wait collects the results)",
      },
      {
        flags: "--repo <url#ref>",
        help: "with --queue: run in a checkout of this repository (repeatable: one job per task and repository)",
        parser: "collect",
      },
    ],
    examples: [
      'roster run code-reviewer --task "Review src/auth.ts"',
      'roster run planner --task "Plan the login page" --dry-run',
      'roster run code-reviewer --task "a" --task "b" --host codex',
      'roster run code-reviewer --task "Review the diff" --queue redis://queue.internal:6379',
    ],
  },
  {
    name: "worker",
    description: "take agent tasks from a Redis queue and run them on this machine's hosts, until stopped",
    options: [
      QUEUE_URL,
      { flags: "--concurrency <n>", help: "jobs at once per host (default 1)" },
      {
        flags: "--hosts <list>",
        help: "comma-separated hosts to serve (default: every host installed here)",
      },
      {
        flags: "--workdir <dir>",
        help: "where repositories are cloned and checked out (default: $XDG_CACHE_HOME/roster/worker)",
      },
      {
        flags: "--max-permission <mode>",
        help: "the highest permission mode a queued agent gets (default: default)",
        choices: ["plan", "default", "acceptEdits", "auto", "bypassPermissions"],
      },
      { flags: "--timeout <duration>", help: "end each job after this long, whatever it asks: 90s, 30m" },
      {
        flags: "--max-depth <n>",
        help: "a job's recursion limit is at most this (default: the config's maxRecursionDepth)",
      },
      {
        flags: "--lock-duration <duration>",
        help: "a dead worker's jobs return to the queue within about twice this (default 30s)",
      },
      {
        flags: "--rate <jobs/duration>",
        help: "at most JOBS per DURATION on each host queue, across all workers: 50/1m",
      },
      { flags: "--name <name>", help: "this worker's name in queue status (default: machine.pid)" },
      {
        flags: "--quiet",
        help: "no line per job on stderr: only the start line, failures and connection problems",
      },
    ],
    examples: [
      "roster worker --queue redis://queue.internal:6379",
      "roster worker --queue redis://queue.internal:6379 --hosts claude --concurrency 4 --max-permission acceptEdits",
    ],
  },
  {
    name: "queue",
    description: "the Redis queue of agent tasks (roster run --queue, roster worker)",
    commands: [
      {
        name: "status",
        description: "jobs waiting, active, done and failed per host, and the connected workers",
        arguments: [{ name: "[url]", help: "the queue: redis://HOST:PORT[/DB] (default: ROSTER_QUEUE)" }],
        examples: ["roster queue status redis://queue.internal:6379", "roster queue status --json"],
      },
      {
        name: "wait",
        description:
          "print the results of queued jobs (ids from run --detach), once each, as run prints them",
        arguments: [{ name: "<ids...>", help: "job ids" }],
        options: [QUEUE_URL, { flags: "--quiet", help: "no headers on stderr; only results and errors" }],
        examples: ["roster queue wait $(roster run reviewer --task go --queue $Q --detach) --queue $Q"],
      },
    ],
  },
  {
    name: "mcp",
    description:
      "serve the agents and commands to an agent host over MCP on stdio (register it: claude mcp add roster -- roster mcp)",
    options: [
      {
        flags: "--runner <command>",
        help: "run each task as a child process (default: on the agent's host)",
      },
      { flags: "--dry-run", help: "run nothing: each task answers with what it would have run" },
      { flags: "--plan-mode", help: "read-only tools, no spawns, plan-mode prompt for every task" },
      MAX_DEPTH,
      timeout("each run_task call"),
    ],
    helpAfter: [
      "",
      "Register it with an agent host (it starts roster mcp itself):",
      "  Claude Code  claude mcp add roster -- roster mcp",
      '  Codex        ~/.codex/config.toml: [mcp_servers.roster] command = "roster", args = ["mcp"]',
      '  Gemini CLI   ~/.gemini/settings.json: { "mcpServers": { "roster": { "command": "roster", "args": ["mcp"] } } }',
      '  opencode     opencode.json: { "mcp": { "roster": { "type": "local", "command": ["roster", "mcp"] } } }',
    ],
  },
];

/** Workflow commands and skills. */
const GROUPS: readonly CommandSpec[] = [
  {
    name: "commands",
    description: "workflow commands (prompt templates)",
    commands: [
      {
        name: "list",
        description: "the merged workflow commands",
        options: [NAMES],
        examples: ["roster commands list", "roster commands list --names"],
      },
      {
        name: "show",
        description: "one command in full",
        arguments: [{ name: "<name>", help: "command name (or <plugin>:<name>)" }],
      },
      {
        name: "expand",
        description:
          "print the command's text with ARGS filled in ($ARGUMENTS, $1…$9, $@, {{args}}, NAME=value)",
        arguments: [
          { name: "<name>", help: "command name" },
          { name: "[args...]", help: "arguments" },
        ],
        examples: ['roster commands expand review-pr 123 "be brief"'],
      },
    ],
  },
  {
    name: "skills",
    description: "Agent Skills (folders holding SKILL.md) as each tool reads them",
    commands: [
      {
        name: "list",
        description: "the merged skills (or one tool's, with --as)",
        options: [NAMES, SKILLS_AS],
        examples: [
          "roster skills list",
          "roster skills list --as codex",
          "roster skills list --json | jq '.skills[].name'",
        ],
      },
      {
        name: "show",
        description: "one skill: its fields, the files in its folder (listed, not read) and its instructions",
        arguments: [{ name: "<name>", help: "skill name (or <plugin>:<name>)" }],
        options: [SKILLS_AS],
        examples: ["roster skills show deploy", "roster skills show deploy --as copilot --json"],
      },
      {
        name: "why",
        description: "every skills folder searched, every SKILL.md of NAME, the winner and what it shadows",
        arguments: [{ name: "<name>", help: "skill name" }],
        options: [SKILLS_AS],
        examples: ["roster skills why deploy", "roster skills why deploy --as opencode"],
      },
    ],
  },
];

/** Writing agents for other tools: export, new, sync. */
const WRITE_COMMANDS: readonly CommandSpec[] = [
  {
    name: "export",
    description: "write one agent in another tool's format, where that tool reads it, and report every field",
    arguments: [{ name: "<name>", help: "agent name (or <plugin>:<name>)" }],
    options: [
      { flags: "--to <tool>", help: "xcsh, claude, codex, gemini, opencode, copilot or cursor" },
      PROVIDER,
      { flags: "--out <dir>", help: "write into DIR instead of the tool's folder" },
      { flags: "--stdout", help: "print the file instead of writing it (the report goes to stderr)" },
      { flags: "--scope <scope>", help: "the tool's project (default) or user folder" },
      { flags: "--strict", help: "refuse when any field would be lost" },
      {
        flags: "--dry-run",
        help: "say what would be written and where, and the field report; write nothing",
      },
      {
        flags: "--name <new>",
        help: "write it under this name (default: its own, or the tool's slug of a name it refuses)",
      },
      { flags: "--skills", help: "NAME is a skill: copy its folder where the tool reads skills" },
    ],
    examples: [
      "roster export planner --to codex",
      "roster export reviewer --to gemini --stdout",
      "roster export reviewer --to codex --name code-reviewer",
      "roster export deploy --skills --to copilot",
    ],
  },
  {
    name: "new",
    description: "write a new agent file where TOOL reads it, and check that TOOL loads it",
    arguments: [
      {
        name: "<name>",
        help: "the agent's name (a name TOOL refuses is a usage error that offers one it takes)",
      },
    ],
    options: [
      { flags: "--for <tool>", help: "xcsh, claude, codex, gemini, opencode, copilot or cursor" },
      { flags: "--description <text>", help: "when to use it (default: a line to fill in)" },
      {
        flags: "--tools <list>",
        help: "comma-separated tools it may use (Read,Grep or the tool's own names)",
      },
      {
        flags: "--prompt <text>",
        help: "its instructions (- reads them from stdin; default: a starting text)",
      },
      { flags: "--scope <scope>", help: "the tool's project (default) or user folder" },
    ],
    examples: [
      'roster new reviewer --for claude --description "Reviews a change before merge" --tools Read,Grep',
      "roster new planner --for gemini --scope user",
      "roster new helper --for codex --prompt - < instructions.md",
    ],
  },
  {
    name: "sync",
    description: "write every agent for other tools; update and remove only roster's own files",
    options: [
      {
        flags: "--to <tools>",
        help: "comma-separated: xcsh, claude, codex, gemini, opencode, copilot, cursor",
      },
      { flags: "--scope <scope>", help: "the tools' project (default) or user folders" },
      { flags: "--dry-run", help: "say what would change, write nothing" },
      {
        flags: "--yes",
        help: "write more than 20 files without asking (needed when no terminal can answer, as in CI)",
      },
      {
        flags: "--strict",
        help: "exit 1 when a file is left as it is (a conflict, an agent a tool cannot take), not only when a write fails",
      },
      {
        flags: "--name <agent=new>",
        help: "write AGENT under the name NEW (repeatable); later syncs keep it (.roster-sync.json)",
        parser: "collect",
      },
      { flags: "--skills", help: "copy every skill folder instead (project skills to project folders)" },
    ],
    examples: [
      "roster sync --to codex,gemini --dry-run",
      "roster sync --to gemini --name CSharpExpert=csharp-expert",
      "roster sync --to opencode --scope user",
      "roster sync --skills --to codex,opencode --dry-run",
    ],
  },
];

/** Sources (SPEC §20): agents, skills and commands brought in from git, pinned in roster.lock. */
const SOURCE_COMMANDS: readonly CommandSpec[] = [
  {
    name: "add",
    description: "bring agents, skills and commands in from a git source; without SOURCE, list the sources",
    arguments: [
      {
        name: "[source]",
        help: "owner/repo, github:owner/repo, a git URL (https, ssh, git@host:path, file) or a local path; SOURCE#REF",
      },
    ],
    options: [
      { flags: "--ref <ref>", help: "a branch, tag or full commit (default: the remote's default branch)" },
      { flags: "--path <dir>", help: "read this folder of the repository instead of its root" },
      { flags: "--agent <name>", help: "only this agent (repeatable, or a,b)", parser: "collect" },
      { flags: "--skill <name>", help: "only this skill (repeatable)", parser: "collect" },
      { flags: "--command <name>", help: "only this command (repeatable)", parser: "collect" },
      {
        flags: "--to <tools>",
        help: "comma-separated tools to write for (default: those the project uses, else claude)",
      },
      SCOPE,
      {
        flags: "--yes",
        help: "also write definitions the audit holds back (raised permissions, hooks, commands, links)",
      },
    ],
    examples: [
      "roster add wshobson/agents --path plugins/code-review",
      "roster add https://github.com/acme/agents.git#v2 --to claude,opencode",
      "roster add ../team-agents --agent reviewer --agent planner",
      "roster add acme/agents --json | jq '.sources[].findings'",
    ],
  },
  {
    name: "install",
    description: "make the tools' folders match roster.lock (fetching only what is missing)",
    options: [
      {
        flags: "--frozen",
        help: "never resolve a ref again: fail when the config and roster.lock disagree (CI)",
      },
      {
        flags: "--check",
        help: "write nothing; exit 1 when a pinned file is edited or missing, or the config and lock disagree",
      },
      SCOPE,
      YES_AUDIT,
    ],
    examples: ["roster install", "roster install --frozen --yes", "roster install --check"],
  },
  {
    name: "update",
    description: "move sources to the newest commit of their ref and say what changed per agent",
    arguments: [{ name: "[sources...]", help: "only these sources (as declared, or as you would add them)" }],
    options: [SCOPE, YES_AUDIT],
    examples: ["roster update", "roster update acme/agents"],
  },
  {
    name: "outdated",
    description: "the sources whose ref has moved since roster.lock pinned it",
    options: [SCOPE],
    examples: ["roster outdated", "roster outdated --json"],
  },
  {
    name: "remove",
    description: "remove a source and the files it wrote that are still as written (edited ones are kept)",
    arguments: [{ name: "<source>", help: "the source, as declared or as you would add it" }],
    options: [SCOPE],
    examples: ["roster remove acme/agents"],
  },
  {
    name: "sources",
    description: "the sources declared in the config and pinned in roster.lock",
    options: [SCOPE],
    examples: ["roster sources", "roster sources --scope user --json"],
  },
];

/** Pictures, the shell, the cache and trust. */
const OTHER_COMMANDS: readonly CommandSpec[] = [
  {
    name: "graph",
    description: "who may spawn whom, what hides what, and what the executor would refuse",
    arguments: [
      { name: "[name]", help: "only this agent: its definitions, what it may spawn, who may spawn it" },
    ],
    options: [
      {
        flags: "--format <format>",
        help: "text (a tree), mermaid or dot",
        choices: ["text", "mermaid", "dot"],
      },
    ],
  },
  {
    name: "report",
    description: "write one self-contained HTML page: agents, agents × tools, spawn graph, diagnostics",
    options: [
      {
        flags: "--html <file>",
        help: "the page to write (default: roster-report.html here; replaced; never through a symbolic link)",
      },
    ],
  },
  {
    name: "completion",
    description: 'print a completion script: eval "$(roster completion bash)" (bash, zsh or fish)',
    arguments: [{ name: "<shell>", help: "the shell", choices: ["bash", "zsh", "fish"] }],
    examples: ['eval "$(roster completion bash)"', "roster completion fish | source"],
  },
  {
    name: "cache",
    description: "roster's cache folder ($XDG_CACHE_HOME/roster): stored list --json output",
    commands: [
      {
        name: "clear",
        description: "remove every stored listing and index from roster's cache folder",
        examples: ["roster cache clear"],
      },
    ],
  },
  {
    name: "trust",
    description:
      "let roster run the project config of DIR (default: here): records its real path and the config's hash",
    arguments: [
      { name: "[dir]", help: "a folder of the project (its roster.config.{json,mjs} is found walking up)" },
    ],
    options: [
      { flags: "--list", help: "the trusted folders, and whether each config is unchanged since" },
      { flags: "--revoke", help: "forget the folder: its config's code no longer runs" },
    ],
    examples: ["roster trust", "roster trust --list", "roster trust --revoke ~/src/app"],
  },
];

/** roster's whole command line, in the order `roster --help` lists it. */
export const ROSTER: ProgramSpec = {
  name: "roster",
  description: "Find, explain and run the LLM sub-agents defined on this machine.",
  options: GLOBAL_OPTIONS,
  examples: [
    "roster list",
    "roster why code-reviewer",
    'roster run code-reviewer --task "Review src/auth.ts"',
    "roster doctor --as gemini",
  ],
  commands: [
    ...AGENT_COMMANDS,
    ...RUN_COMMANDS,
    ...GROUPS,
    ...WRITE_COMMANDS,
    ...SOURCE_COMMANDS,
    ...OTHER_COMMANDS,
  ],
};
