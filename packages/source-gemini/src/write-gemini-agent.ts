import type { AgentDefinition } from "@roster/core";
import { mcpToolParts, type ToolTable } from "@roster/family";
import {
  defineMarkdownWriter,
  type MarkdownFields,
  writeExtras,
  writeModel,
  writeToolList,
} from "@roster/writers";
import { geminiAgentFormat } from "./gemini-agent-format.js";
import { GEMINI_AGENT_KEYS, geminiProfile, geminiValueProblem } from "./gemini-profile.js";
import { isGeminiToolName } from "./gemini-tools.js";
import { geminiVocabulary } from "./gemini-vocabulary.js";

/**
 * Gemini CLI's name for one tool as another vocabulary writes it (`Read` → `read_file`,
 * `mcp__github__search` → `mcp_github_search`), read through `table` (the app's tool table),
 * or `undefined` when it has none.
 */
export function geminiToolName(tool: string, table: ToolTable): string[] | undefined {
  if (isGeminiToolName(tool)) return [tool];
  const mcp = mcpToolParts(tool);
  if (mcp) {
    const name = `mcp_${mcp.server}_${mcp.tool ?? "*"}`;
    return isGeminiToolName(name) ? [name] : undefined;
  }
  const cap = table.capabilityOf(tool);
  const name = cap ? geminiVocabulary.tools[cap][0] : undefined;
  return name ? [name] : undefined;
}

/** Gemini CLI's tools that only read: what plan mode leaves an agent. */
const READ_ONLY = [
  "read_file",
  "read_many_files",
  "glob",
  "grep_search",
  "list_directory",
  "web_fetch",
  "google_web_search",
];

function geminiFields(
  agent: AgentDefinition,
  { frontmatter: fm, report, cannot, tools: table }: MarkdownFields,
): void {
  // A list that maps to nothing stays an empty list: leaving it out would allow every tool.
  const tools = writeToolList(agent, report, {
    displayName: "Gemini CLI",
    toolName: (tool) => geminiToolName(tool, table),
  });
  if (tools) fm.tools = tools;
  // The first model Gemini CLI takes; the others are left out with a note, as `roster run` does.
  const model = writeModel(agent, report, { displayName: "Gemini CLI", vocabulary: geminiVocabulary });
  if (model !== undefined) fm.model = model;
  if (agent.maxTurns !== undefined) {
    fm.max_turns = agent.maxTurns;
    report.kept("maxTurns", "max_turns");
  }
  // Its `invoke_agent` tool spawns any agent: a spawn list cannot be kept as it was.
  const invokes = Array.isArray(fm.tools) && fm.tools.includes("invoke_agent");
  if (invokes && agent.spawns === "*") report.kept("spawns", "tools", "as the invoke_agent tool");
  else if (invokes && agent.spawns !== undefined)
    report.changed("spawns", "tools", "invoke_agent spawns any agent: Gemini CLI cannot limit which");
  else cannot("spawns", "Gemini CLI agents cannot limit which agents they spawn");
  cannot("disallowedTools", "Gemini CLI agents have no tool deny list (only an allow list)");
  if (agent.permissionMode === "plan") {
    // No permission mode in Gemini CLI: plan mode becomes an allow list of reading tools.
    const tools = (fm.tools as string[] | undefined) ?? READ_ONLY;
    const removed = tools.filter((t) => !READ_ONLY.includes(t) && !t.startsWith("mcp_"));
    fm.tools = tools.filter((t) => !removed.includes(t));
    const without = removed.length > 0 ? ` (${removed.join(", ")} left out)` : "";
    report.changed("permissionMode", "tools", `plan mode becomes a list of reading tools${without}`);
  } else
    cannot("permissionMode", "Gemini CLI agents have no permission mode (its strict schema refuses the key)");
  cannot("thinkingLevel", "Gemini CLI's agent schema has no thinking level");
  cannot("blocking", "Gemini CLI agents have no background setting");
  cannot("output", "Gemini CLI agents have no output schema");

  writeExtras(agent, fm, report, {
    known: GEMINI_AGENT_KEYS.filter((k) => k !== "tools"),
    tool: "Gemini CLI",
    check: geminiValueProblem,
  });
}

/**
 * Writes Gemini CLI agents (`.gemini/agents/<name>.md`) with only the keys its strict schema
 * accepts and its own tool names; roster's marker lives in `.roster-sync.json` beside them,
 * since an unknown key would make Gemini CLI refuse the file.
 */
export const geminiWriter = defineMarkdownWriter({
  tool: "gemini",
  displayName: "Gemini CLI",
  extension: ".md",
  format: geminiAgentFormat,
  profile: geminiProfile,
  marker: "manifest",
  folders: false,
  agentsDir(ctx, scope) {
    const places = geminiProfile.places(ctx);
    return places.find((p) => p.scope === scope)!.dir;
  },
  fields: geminiFields,
});
