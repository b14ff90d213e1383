import { join } from "node:path";
import { type AgentDefinition, markdownFormat } from "@roster/core";
import { mcpToolParts, type ToolTable } from "@roster/family";
import {
  defineMarkdownWriter,
  type MarkdownFields,
  reportTools,
  translateTools,
  writeExtras,
  writeModel,
  writeToolList,
} from "@roster/writers";
import { claudeConfigDir } from "./claude-paths.js";
import { CLAUDE_AGENT_KEYS, claudeProfile } from "./claude-profile.js";
import { claudeVocabulary } from "./claude-vocabulary.js";

/**
 * Claude Code's tool names, as it spells them (2.1.197): a name written this way is kept.
 * Retired names (`LS`, `MultiEdit`, `NotebookRead`, `Task`) are read by their capability and
 * written in today's words.
 */
export const CLAUDE_TOOLS: readonly string[] = [
  "Read",
  "Write",
  "Edit",
  "Glob",
  "Grep",
  "Bash",
  "WebFetch",
  "WebSearch",
  "Agent",
  "TodoWrite",
  "NotebookEdit",
  "Skill",
  "ExitPlanMode",
  "TaskOutput",
  "TaskStop",
  "Monitor",
];

/** Claude Code's name for one tool as another vocabulary writes it (read through `table`, the app's tool table); `mcp__…` names stay. */
export function claudeToolName(tool: string, table: ToolTable): string[] | undefined {
  if (CLAUDE_TOOLS.includes(tool) || tool.startsWith("mcp__")) return [tool];
  if (/^(agent|task)\s*\(/i.test(tool)) return [tool.replace(/^task/i, "Agent").replace(/^agent/, "Agent")];
  // Copilot's and Gemini's MCP forms: `server/tool`, `mcp_server_tool`.
  const mcp = mcpToolParts(tool);
  if (mcp) return [mcp.tool ? `mcp__${mcp.server}__${mcp.tool}` : `mcp__${mcp.server}`];
  const cap = table.capabilityOf(tool);
  const name = cap
    ? claudeVocabulary.tools[cap][0]
    : CLAUDE_TOOLS.find((t) => t.toLowerCase() === tool.toLowerCase());
  return name ? [name] : undefined;
}

function claudeFields(
  agent: AgentDefinition,
  { frontmatter: fm, report, tools: table }: MarkdownFields,
): void {
  const claudeName = (tool: string) => claudeToolName(tool, table);
  // 1. Tools, with `Agent(a, b)` carrying a spawn list.
  // A Claude Code agent's names stay as written (Claude Code reads them itself, as `run --host
  // claude` passes them); another family's are translated by what they do.
  const own = agent.provider === "claude" || agent.provider === "plugins";
  const tools = writeToolList(agent, report, {
    displayName: "Claude Code",
    toolName: own ? (tool) => [tool] : claudeName,
  });
  if (tools) {
    const spawns = agent.spawns;
    if (Array.isArray(spawns) && !tools.some((t) => /^Agent\s*\(/.test(t))) {
      const plain = tools.indexOf("Agent");
      const entry = `Agent(${spawns.join(", ")})`;
      if (plain === -1) tools.push(entry);
      else tools[plain] = entry;
    }
    fm.tools = tools.join(", ");
  }
  if (agent.spawns !== undefined) {
    if (tools)
      report.kept("spawns", "tools", Array.isArray(agent.spawns) ? "as Agent(…)" : "as the Agent tool");
    else if (agent.spawns === "*")
      report.kept("spawns", "tools", "no tools list: every tool, Agent included");
    else report.dropped("spawns", "Claude Code limits spawns only inside a tools list (Agent(…))");
  }
  if (agent.disallowedTools) {
    const result = translateTools(agent.disallowedTools, claudeName);
    fm.disallowedTools = result.out.join(", ");
    reportTools(report, "disallowedTools", "disallowedTools", result, "Claude Code");
  }

  // 2. Model, effort, permissions.
  // The first model Claude Code takes; the others are left out with a note, as `roster run` does.
  const model = writeModel(agent, report, { displayName: "Claude Code", vocabulary: claudeVocabulary });
  if (model !== undefined) fm.model = model;
  if (agent.thinkingLevel !== undefined) {
    const effort = claudeVocabulary.effort[agent.thinkingLevel];
    if (agent.extra?.effort !== undefined)
      report.dropped("thinkingLevel", "the file's own `effort` is written instead");
    else if (effort) {
      // roster reads Claude Code's `effort` back as that key, not as a thinking level.
      fm.effort = effort;
      report.changed(
        "thinkingLevel",
        "effort",
        `thinking level ${agent.thinkingLevel} is Claude Code's effort ${effort}`,
      );
    } else report.dropped("thinkingLevel", `Claude Code's effort has no "${agent.thinkingLevel}"`);
  }
  if (agent.permissionMode !== undefined && !claudeVocabulary.permissionModes[agent.permissionMode])
    report.dropped("permissionMode", `Claude Code has no permission mode "${agent.permissionMode}"`);
  else if (agent.permissionMode !== undefined) {
    fm.permissionMode = claudeVocabulary.permissionModes[agent.permissionMode];
    report.kept("permissionMode", "permissionMode");
  }
  if (agent.maxTurns !== undefined) {
    fm.maxTurns = agent.maxTurns;
    report.kept("maxTurns", "maxTurns");
  }
  if (agent.blocking === false) {
    fm.background = true;
    report.changed("blocking", "background", "non-blocking becomes a background subagent");
  } else if (agent.blocking === true)
    report.kept("blocking", "(default)", "Claude Code waits for a subagent by default");
  if (agent.output !== undefined) report.dropped("output", "Claude Code agents have no output schema");

  // 3. Its own keys (color, skills, hooks, …).
  writeExtras(agent, fm, report, { known: CLAUDE_AGENT_KEYS, tool: "Claude Code" });
}

/**
 * Writes Claude Code agents (`.claude/agents/<name>.md`): markdown with the YAML keys
 * Claude Code reads; tool names in its vocabulary (`Read`, `Glob`, `Agent(a, b)`), the
 * thinking level as `effort`; a `generated-by: roster` key marks the file (Claude Code
 * ignores keys it does not know).
 */
export const claudeWriter = defineMarkdownWriter({
  tool: "claude",
  displayName: "Claude Code",
  extension: ".md",
  format: markdownFormat,
  profile: claudeProfile,
  marker: "key",
  folders: false,
  agentsDir: (ctx, scope) =>
    scope === "project" ? join(ctx.cwd, ".claude", "agents") : join(claudeConfigDir(ctx), "agents"),
  fields: claudeFields,
});
