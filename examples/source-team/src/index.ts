import { join } from "node:path";
import {
  AGENT_KEYS,
  type AgentDefinition,
  type DiscoveryContext,
  defineProvider,
  familyLocations,
  findProjectDirs,
  markdownFormat,
} from "@roster/core";
import {
  defineFamily,
  defineSkillSource,
  defineToolProfile,
  ROSTER_VOCABULARY,
  type ToolTable,
} from "@roster/family";
import type { HostDefinition } from "@roster/hosts";
import { AGENT_SKILLS_KEYS, projectSkillPlaces } from "@roster/skills";
import {
  defineMarkdownWriter,
  type MarkdownFields,
  reportTools,
  translateTools,
  writeAsIs,
  writeExtras,
  writtenTools,
} from "@roster/writers";

/** The team's user folder for a kind: `~/.agents/<kind>`. */
const userDir = (ctx: DiscoveryContext, kind: string) => join(ctx.home, ".agents", kind);

/**
 * A team's shared agents, as a third-party package would add them: the nearest
 * `<ancestor>/.agents/<kind>`, then `~/.agents/<kind>`. Built from `@roster/core` and `@roster/writers`
 * exports and loaded through the config's `providers`.
 */
export const teamProvider = defineProvider({
  id: "team",
  displayName: "Team folder",
  locate: (ctx, kind) => familyLocations(ctx, { project: join(".agents", kind), user: userDir(ctx, kind) }),
});

/**
 * How the team's own tooling loads `.agents/agents` (`roster list --as team`): the nearest
 * project folder, then the user's; flat folders; `name` identity; roster's keys.
 */
export const teamProfile = defineToolProfile({
  tool: "team",
  displayName: "Team folder",
  checkedAgainst: "this package's README (the team's own convention)",
  places(ctx) {
    const user = userDir(ctx, "agents");
    return [
      ...findProjectDirs(ctx, join(".agents", "agents"), { mode: "nearest", exclude: user }).map((dir) => ({
        dir,
        scope: "project" as const,
      })),
      { dir: user, scope: "user" as const },
    ];
  },
  extensions: [".md"],
  recursive: false,
  followsSymlinks: true,
  identity: "name",
  requiredKeys: ["name", "description"],
  unknownKeys: "ignore",
  knownKeys: AGENT_KEYS.filter((key) => key !== "toolsAsWritten"),
  builtins: [],
  filesOverrideBuiltins: true,
});

/** The team's name for a tool: roster's canonical one (`Glob` → `find`, read through the app's tool table); MCP names stay. */
function teamToolName(tool: string, table: ToolTable): string[] {
  const cap = table.capabilityOf(tool.replace(/\(.*$/s, ""));
  return [cap ? ROSTER_VOCABULARY.tools[cap][0]! : tool];
}

/** The team's keys: roster's own, in roster's words; what the team folder does not use is dropped. */
function teamFields(agent: AgentDefinition, { frontmatter, report, cannot, tools }: MarkdownFields): void {
  const written = writtenTools(agent);
  if (written) {
    const result = translateTools(written, (tool) => teamToolName(tool, tools));
    frontmatter.tools = result.out;
    reportTools(report, "tools", "tools", result, "the team folder");
  }
  writeAsIs(agent, { frontmatter, report }, [
    "spawns",
    "model",
    "thinkingLevel",
    "permissionMode",
    "maxTurns",
    "blocking",
  ]);
  cannot("disallowedTools", "the team folder does not use it");
  cannot("output", "the team folder does not use it");
  writeExtras(agent, frontmatter, report, { known: [], tool: "The team folder" });
}

/** Writes team agents (`.agents/agents/<name>.md`): roster's markdown, in roster's words. */
export const teamWriter = defineMarkdownWriter({
  tool: "team",
  displayName: "Team folder",
  extension: ".md",
  format: markdownFormat,
  profile: teamProfile,
  marker: "key",
  folders: false,
  agentsDir: (ctx, scope) =>
    scope === "project" ? join(ctx.cwd, ".agents", "agents") : userDir(ctx, "agents"),
  fields: teamFields,
});

/**
 * Where the team's tooling reads Agent Skills: every `.agents/skills` from the cwd up to the
 * repository root (nearest first), then `~/.agents/skills`; a skill is a folder holding
 * `SKILL.md`, named by its `name` (else the folder), and answers `/name` as a command does.
 * Codex reads the same folders and comes first in the registry, so roster's merged view reads
 * them under Codex's rules; `skills list --as team` and `doctor --as team` read them as the team does.
 */
export const teamSkills = defineSkillSource({
  id: "team",
  tool: "team",
  displayName: "Team folder",
  checkedAgainst: "this package's README (the team's own convention)",
  places: (ctx) => [
    ...projectSkillPlaces(ctx, [join(".agents", "skills")], { upTo: "repo-root" }),
    { dir: userDir(ctx, "skills"), scope: "user" as const },
  ],
  writeDir: (ctx, scope) =>
    scope === "project" ? join(ctx.cwd, ".agents", "skills") : userDir(ctx, "skills"),
  rules: {
    layout: "one-level",
    identity: "name-or-folder",
    duplicates: "first-wins",
    requiresDescription: true,
    badYaml: "skip",
    requiresFrontmatter: true,
    invocable: true,
    knownKeys: AGENT_SKILLS_KEYS,
  },
});

/**
 * The team's agent host, `team-agent` (its program from `hosts.team.command`): the agent's
 * instructions and the task on stdin, its tools (roster's names) and first model as flags; the
 * answer is what it prints.
 */
export const teamHost: HostDefinition = {
  id: "team",
  displayName: "Team agent",
  command: "team-agent",
  npmPackage: "@acme/team-agent",
  login: { fix: "run `team-agent login`" },
  plan(invocation, ctx) {
    const tools = (invocation.tools ?? []).flatMap((tool) => {
      const cap = ctx.tools.capabilityOf(tool);
      return cap ? ctx.vocabulary.tools[cap] : [];
    });
    const model = invocation.model?.[0];
    return {
      host: "team",
      command: ctx.host?.command ?? "team-agent",
      args: [
        ...(ctx.host?.args ?? []),
        "--agent",
        invocation.agent,
        ...(invocation.tools ? ["--tools", tools.join(",")] : []),
        ...(model ? ["--model", model] : []),
      ],
      env: {},
      stdin: `${invocation.systemPrompt}\n\n${invocation.prompt}`,
      files: [],
      notes: [],
      trustNotes: [],
    };
  },
  parse: ({ stdout, stderr, exitCode }) =>
    exitCode === 0
      ? { output: stdout.trim() }
      : { output: stdout.trim(), error: stderr.trim() || `exit ${exitCode}` },
};

/**
 * The team folder as one family: name this package in a config's `providers` and roster
 * lists it (`list`, `--provider team`), views it (`list --as team`), writes it
 * (`export`/`sync --to team`), runs its agents (`run --host team`) and reads its skills
 * (`skills list --as team`, `doctor --as team`).
 */
export const teamFamily = defineFamily({
  id: "team",
  displayName: "Team folder",
  provider: teamProvider,
  profile: teamProfile,
  writer: teamWriter,
  host: teamHost,
  vocabulary: ROSTER_VOCABULARY,
  skills: teamSkills,
});

export default teamFamily;
