import { join } from "node:path";
import {
  AGENT_KEYS,
  type AgentDefinition,
  capabilityOf,
  type DiscoveryContext,
  defineAgentWriter,
  defineFamily,
  defineProvider,
  defineToolProfile,
  familyLocations,
  findProjectDirs,
  markdownFormat,
  ROSTER_VOCABULARY,
} from "@roster/core";
import {
  FieldReport,
  formatMarkdownAgent,
  GENERATED_BY_KEY,
  GENERATED_BY_VALUE,
  reportTools,
  translateTools,
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

/** The team's name for a tool: roster's canonical one (`Glob` → `find`); MCP names stay. */
function teamToolName(tool: string): string[] {
  const cap = capabilityOf(tool.replace(/\(.*$/s, ""));
  return [cap ? ROSTER_VOCABULARY.tools[cap][0]! : tool];
}

function teamAgent(agent: AgentDefinition, marker: boolean) {
  const report = new FieldReport(agent);
  const fm: Record<string, unknown> = { name: agent.name, description: agent.description };
  report.kept("name", "name");
  report.kept("description", "description");
  report.kept("systemPrompt", "body");
  const written = writtenTools(agent);
  if (written) {
    const result = translateTools(written, teamToolName);
    fm.tools = result.out;
    reportTools(report, "tools", "tools", result, "the team folder");
  }
  // roster's own keys, in roster's words.
  for (const key of ["spawns", "model", "thinkingLevel", "permissionMode", "maxTurns", "blocking"] as const) {
    if (agent[key] === undefined) continue;
    fm[key] = agent[key];
    report.kept(key, key);
  }
  for (const key of ["disallowedTools", "output"] as const)
    if (agent[key] !== undefined) report.dropped(key, "the team folder does not use it");
  writeExtras(agent, fm, report, { known: [], tool: "The team folder" });
  if (marker) fm[GENERATED_BY_KEY] = GENERATED_BY_VALUE;
  return { content: formatMarkdownAgent(fm, agent.systemPrompt), fields: report.fields };
}

/** Writes team agents (`.agents/agents/<name>.md`): roster's markdown, in roster's words. */
export const teamWriter = defineAgentWriter({
  tool: "team",
  displayName: "Team folder",
  extension: ".md",
  format: markdownFormat,
  profile: teamProfile,
  marker: "key",
  folders: false,
  agentsDir: (ctx, scope) =>
    scope === "project" ? join(ctx.cwd, ".agents", "agents") : userDir(ctx, "agents"),
  write: (agent, options) => teamAgent(agent, options.marker),
});

/**
 * The team folder as one family: name this package in a config's `providers` and roster
 * lists it (`list`, `--provider team`), views it (`list --as team`) and writes it
 * (`export`/`sync --to team`). It has no host of its own: `run` uses `defaultHost`.
 */
export const teamFamily = defineFamily({
  id: "team",
  displayName: "Team folder",
  provider: teamProvider,
  profile: teamProfile,
  writer: teamWriter,
  vocabulary: ROSTER_VOCABULARY,
});

export default teamFamily;
