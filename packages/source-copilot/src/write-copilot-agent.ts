import { join } from "node:path";
import type { AgentDefinition } from "@roster/core";
import { ancestorsToRepoRoot, mcpToolParts, type ToolTable } from "@roster/family";
import {
  defineMarkdownWriter,
  type MarkdownFields,
  writeExtras,
  writeModel,
  writeToolList,
} from "@roster/writers";
import { COPILOT_AGENT_EXTENSION, copilotAgentFormat } from "./copilot-agent-format.js";
import { copilotHome } from "./copilot-paths.js";
import { copilotProfile } from "./copilot-profile.js";
import { COPILOT_TOOL_ALIASES } from "./copilot-tools.js";
import { copilotVocabulary } from "./copilot-vocabulary.js";

/**
 * Copilot's alias for one tool as another vocabulary writes it (`Read` → `read`, `Glob` →
 * `search`, `mcp__github__x` → `github/x`), read through `table` (the app's tool table), or
 * `undefined` when it has none.
 */
export function copilotToolName(tool: string, table: ToolTable): string[] | undefined {
  if (tool in COPILOT_TOOL_ALIASES) return [tool];
  const mcp = mcpToolParts(tool);
  if (mcp) return [`${mcp.server}/${mcp.tool ?? "*"}`];
  const cap = table.capabilityOf(tool);
  const alias = cap ? copilotVocabulary.tools[cap][0] : undefined;
  return alias ? [alias] : undefined;
}

function copilotFields(
  agent: AgentDefinition,
  { frontmatter: fm, report, cannot, tools: table }: MarkdownFields,
): void {
  // The file stem is the identity; `name` is only a display name (written first).
  if (typeof agent.extra?.displayName === "string") fm.name = agent.extra.displayName;
  const tools = writeToolList(agent, report, {
    displayName: "Copilot",
    toolName: (tool) => copilotToolName(tool, table),
  });
  if (tools) fm.tools = tools;
  // The first model Copilot takes; the others are left out with a note, as `roster run` does.
  const model = writeModel(agent, report, { displayName: "Copilot", vocabulary: copilotVocabulary });
  if (model !== undefined) fm.model = model;
  cannot("disallowedTools", "Copilot agents have no tool deny list (only an allow list)");
  if (agent.permissionMode === "plan") {
    // No permission mode in Copilot: plan mode becomes an allow list of reading tools.
    const reading = ["read", "search", "web"];
    const tools = (fm.tools as string[] | undefined) ?? reading;
    const removed = tools.filter((t) => !reading.includes(t) && !t.includes("/"));
    fm.tools = tools.filter((t) => !removed.includes(t));
    const without = removed.length > 0 ? ` (${removed.join(", ")} left out)` : "";
    report.changed("permissionMode", "tools", `plan mode becomes a list of reading tools${without}`);
  } else cannot("permissionMode", "Copilot agents have no permission mode");
  if (agent.spawns !== undefined) {
    const tools = fm.tools as string[] | undefined;
    if (agent.spawns === "*" && !tools)
      report.kept("spawns", "(default)", "no tools list: every tool, agent included");
    else if (agent.spawns === "*" && tools?.includes("agent"))
      report.kept("spawns", "tools", "as the agent tool");
    else report.dropped("spawns", "Copilot agents cannot limit which agents they spawn");
  }
  cannot("thinkingLevel", "Copilot agents have no thinking level");
  cannot("maxTurns", "Copilot agents have no turn limit");
  cannot("blocking", "Copilot agents have no background setting");
  cannot("output", "Copilot agents have no output schema");

  const rest = { ...agent, extra: { ...agent.extra } };
  delete rest.extra.displayName;
  writeExtras(rest, fm, report, {
    known: copilotProfile.knownKeys.filter((k) => k !== "name"),
    tool: "Copilot",
  });
  if (agent.extra?.displayName !== undefined) report.kept("extra.displayName", "name");
}

/**
 * Writes GitHub Copilot custom agents (`.github/agents/<name>.agent.md` at the repository
 * root, or `~/.copilot/agents`): tools as Copilot's aliases (`read`, `search`, `execute`,
 * `server/tool`); Copilot ignores unknown keys, so `generated-by: roster` marks the file.
 */
export const copilotWriter = defineMarkdownWriter({
  tool: "copilot",
  displayName: "Copilot CLI",
  extension: COPILOT_AGENT_EXTENSION,
  format: copilotAgentFormat,
  profile: copilotProfile,
  marker: "key",
  folders: false,
  agentsDir(ctx, scope) {
    if (scope === "user") return join(copilotHome(ctx), "agents");
    const ancestors = ancestorsToRepoRoot(ctx);
    return join(ancestors[ancestors.length - 1]!, ".github", "agents");
  },
  nameBy: { to: "(file name)", note: "Copilot names an agent by its file: <name>.agent.md" },
  fields: copilotFields,
});
