import { join } from "node:path";
import type { AgentDefinition } from "@roster/core";
import { defineMarkdownWriter, type MarkdownFields, writeExtras, writtenTools } from "@roster/writers";
import { cursorAgentFormat } from "./cursor-agent-format.js";
import { cursorHome } from "./cursor-paths.js";
import { cursorProfile } from "./cursor-profile.js";

/** Tools that change things: a list without them is what Cursor calls `readonly`. */
const WRITING = ["edit", "write", "bash"];

function cursorFields(
  agent: AgentDefinition,
  { frontmatter: fm, report, cannot, tools: table }: MarkdownFields,
): void {
  if (agent.model) {
    fm.model = agent.model[0];
    if (agent.model.length > 1)
      report.changed(
        "model",
        "model",
        "Cursor takes one model; the fallbacks are lost",
        agent.model.slice(1),
      );
    else report.kept("model", "model", "model ids are the vendor's: check Cursor offers it");
  }

  // Cursor's one permission control is `readonly`.
  const tools = agent.tools?.map(table.canonicalToolName);
  const readOnlyTools = tools !== undefined && !tools.some((t) => WRITING.includes(t));
  const denied = agent.disallowedTools?.map(table.canonicalToolName);
  const deniesWriting = denied !== undefined && WRITING.every((t) => denied.includes(t));
  const plan = agent.permissionMode === "plan";
  if (readOnlyTools || deniesWriting || plan || agent.extra?.readonly === true) fm.readonly = true;
  if (agent.tools) {
    if (readOnlyTools)
      report.changed(
        "tools",
        "readonly",
        "a list without edit, write or bash becomes readonly: true; Cursor has no tool list",
        writtenTools(agent),
      );
    else report.dropped("tools", "Cursor agents have no tool list (only readonly)");
  }
  if (agent.disallowedTools) {
    if (deniesWriting)
      report.changed("disallowedTools", "readonly", "denying edit, write and bash becomes readonly: true");
    else report.dropped("disallowedTools", "Cursor agents have no tool deny list (only readonly)");
  }
  if (agent.permissionMode !== undefined) {
    if (plan) report.changed("permissionMode", "readonly", "plan mode becomes readonly: true");
    else report.dropped("permissionMode", "Cursor agents have no permission mode");
  }
  if (agent.blocking !== undefined) {
    if (agent.blocking === false) {
      fm.is_background = true;
      report.changed("blocking", "is_background", "non-blocking becomes a background subagent");
    } else report.kept("blocking", "(default)", "Cursor waits for a subagent by default");
  }
  cannot("spawns", "Cursor agents cannot limit which agents they spawn");
  cannot("thinkingLevel", "Cursor agents have no thinking level");
  cannot("maxTurns", "Cursor agents have no turn limit");
  cannot("output", "Cursor agents have no output schema");

  const rest = { ...agent, extra: { ...agent.extra } };
  if (fm.readonly === true && rest.extra.readonly === true) {
    delete rest.extra.readonly;
    report.kept("extra.readonly", "readonly");
  }
  if (fm.is_background === true && (rest.extra.isBackground === true || rest.extra.is_background === true)) {
    for (const key of ["isBackground", "is_background"]) {
      if (rest.extra[key] !== undefined) {
        delete rest.extra[key];
        report.kept(`extra.${key}`, "is_background");
      }
    }
  }
  writeExtras(rest, fm, report, { known: cursorProfile.knownKeys, tool: "Cursor" });
}

/**
 * Writes Cursor subagents (`.cursor/agents/<name>.md`): `name`, `description`, `model`,
 * `readonly` (from a read-only tool list, denied writing tools or plan mode) and
 * `is_background` (non-blocking); Cursor ignores unknown keys, so `generated-by: roster`
 * marks the file.
 */
export const cursorWriter = defineMarkdownWriter({
  tool: "cursor",
  displayName: "Cursor",
  extension: ".md",
  format: cursorAgentFormat,
  profile: cursorProfile,
  marker: "key",
  folders: false,
  agentsDir: (ctx, scope) =>
    scope === "project" ? join(ctx.cwd, ".cursor", "agents") : join(cursorHome(ctx), "agents"),
  fields: cursorFields,
});
