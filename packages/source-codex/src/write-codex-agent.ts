import { join } from "node:path";
import type { AgentDefinition } from "@roster/core";
import { defineAgentWriter } from "@roster/family";
import { stringifyToml } from "@roster/toml";
import { FieldReport, writeExtras, writeModel } from "@roster/writers";
import { codexAgentFormat } from "./codex-agent-format.js";
import { codexHome } from "./codex-paths.js";
import { codexProfile } from "./codex-profile.js";
import { codexVocabulary } from "./codex-vocabulary.js";

/** Claude Code's `effort` → Codex's effort. */
const CLAUDE_EFFORT: Readonly<Record<string, string>> = {
  low: "low",
  medium: "medium",
  high: "high",
  max: "xhigh",
  xhigh: "xhigh",
};

/** What each permission mode means once it is Codex's `sandbox_mode` (the modes: codexVocabulary). */
const SANDBOX_NOTES: Readonly<Record<string, string>> = {
  plan: "plan mode becomes a read-only sandbox (Codex has no plan mode per agent)",
  acceptEdits: "accepting edits becomes a workspace-write sandbox",
  bypassPermissions: "bypassing permissions becomes danger-full-access",
};

function tomlWritable(value: unknown): boolean {
  try {
    stringifyToml({ v: value });
    return true;
  } catch {
    return false;
  }
}

const WRITTEN_EXTRAS = ["name", "description", "model", "nickname_candidates", "sandbox_mode", "mcp_servers"];

function codexAgent(agent: AgentDefinition) {
  const report = new FieldReport(agent);
  const data: Record<string, unknown> = { name: agent.name, description: agent.description };
  report.kept("name", "name");
  report.kept("description", "description");
  // The first model Codex takes; the others are left out with a note, as `roster run` does.
  const model = writeModel(agent, report, { displayName: "Codex", vocabulary: codexVocabulary });
  if (model !== undefined) data.model = model;

  // 1. Thinking level ↔ model_reasoning_effort (Claude Code's `effort` when there is no level).
  const claudeEffort = agent.extra?.effort;
  if (agent.thinkingLevel !== undefined) {
    const effort = codexVocabulary.effort[agent.thinkingLevel];
    if (effort) {
      data.model_reasoning_effort = effort;
      if (effort === agent.thinkingLevel) report.kept("thinkingLevel", "model_reasoning_effort");
      else
        report.changed(
          "thinkingLevel",
          "model_reasoning_effort",
          `thinking level ${agent.thinkingLevel} is effort ${effort} in Codex`,
        );
    } else report.kept("thinkingLevel", "(omitted)", "inherit: Codex uses the session's effort");
  }
  if (claudeEffort !== undefined) {
    const effort = typeof claudeEffort === "string" ? CLAUDE_EFFORT[claudeEffort] : undefined;
    if (data.model_reasoning_effort === undefined && effort) {
      data.model_reasoning_effort = effort;
      report.changed(
        "extra.effort",
        "model_reasoning_effort",
        `Claude Code's effort ${String(claudeEffort)} is model_reasoning_effort ${effort}`,
      );
    } else
      report.dropped(
        "extra.effort",
        effort ? "the thinking level is written instead" : "Codex has no such effort",
      );
  }

  // 2. Permission mode ↔ sandbox_mode.
  if (agent.permissionMode !== undefined) {
    const sandbox = codexVocabulary.permissionModes[agent.permissionMode];
    if (sandbox && agent.extra?.sandbox_mode === undefined) {
      data.sandbox_mode = sandbox;
      report.changed(
        "permissionMode",
        "sandbox_mode",
        SANDBOX_NOTES[agent.permissionMode] ?? `permission mode ${agent.permissionMode} becomes ${sandbox}`,
      );
    } else if (agent.permissionMode === "default") {
      report.kept("permissionMode", "(omitted)", "default: Codex uses the session's sandbox");
    } else report.dropped("permissionMode", "Codex has no counterpart");
  }
  data.developer_instructions = agent.systemPrompt.trim();
  report.kept("systemPrompt", "developer_instructions");

  // 3. What a Codex agent file cannot say.
  if (agent.tools)
    report.dropped("tools", "Codex agents have no tool list (sandbox_mode is the nearest control)");
  if (agent.disallowedTools) report.dropped("disallowedTools", "Codex agents have no tool deny list");
  if (agent.spawns !== undefined)
    report.dropped("spawns", "Codex agents cannot limit which agents they spawn");
  if (agent.maxTurns !== undefined) report.dropped("maxTurns", "Codex agents have no turn limit");
  if (agent.blocking !== undefined) report.dropped("blocking", "Codex agents have no background setting");
  if (agent.output !== undefined) report.dropped("output", "Codex agents have no output schema");

  const rest = { ...agent, extra: { ...agent.extra } };
  delete rest.extra.effort;
  writeExtras(rest, data, report, {
    // The runtime settings roster carries over; Codex's other config keys take shapes
    // (`skills`, `tools` are tables) another tool's keys of the same name do not have.
    known: WRITTEN_EXTRAS,
    tool: "Codex",
    writable: tomlWritable,
  });
  // The prompt reads as the markdown it is: a """ string, line by line (issue #29).
  return { content: stringifyToml(data, { multiline: ["developer_instructions"] }), fields: report.fields };
}

/**
 * Writes Codex custom agents (`.codex/agents/<name>.toml`) with smol-toml: `name`,
 * `description`, `developer_instructions` (the prompt), `model`, `model_reasoning_effort`
 * (the thinking level) and `sandbox_mode` (the permission mode). Codex skips a role file with
 * a key it does not know (`generated-by` included), so roster's marker is the folder's
 * `.roster-sync.json`.
 */
export const codexWriter = defineAgentWriter({
  tool: "codex",
  displayName: "Codex",
  extension: ".toml",
  format: codexAgentFormat,
  profile: codexProfile,
  marker: "manifest",
  folders: false,
  agentsDir: (ctx, scope) =>
    scope === "project" ? join(ctx.cwd, ".codex", "agents") : join(codexHome(ctx), "agents"),
  write: (agent) => codexAgent(agent),
});
