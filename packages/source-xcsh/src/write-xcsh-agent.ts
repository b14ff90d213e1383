import { join } from "node:path";
import { type AgentDefinition, markdownFormat } from "@roster/core";
import type { ToolTable } from "@roster/family";
import {
  defineMarkdownWriter,
  isMarkerKey,
  type MarkdownFields,
  writeAsIs,
  writeToolList,
} from "@roster/writers";
import { xcshAgentDir } from "./xcsh-paths.js";
import { xcshProfile } from "./xcsh-profile.js";

/** xcsh's name of a tool: roster's own vocabulary (`Glob` → `find`, `Agent(a, b)` → `task`), read through `table` (the app's tool table). */
export function xcshToolName(tool: string, table: ToolTable): string[] {
  if (/^(agent|task)\s*\(/i.test(tool)) return ["task"];
  return [tool.startsWith("mcp") || tool.includes("/") ? tool : table.canonicalToolName(tool)];
}

function xcshFields(agent: AgentDefinition, { frontmatter: fm, report, tools: table }: MarkdownFields): void {
  const tools = writeToolList(agent, report, {
    displayName: "xcsh",
    toolName: (tool) => xcshToolName(tool, table),
  });
  if (tools) fm.tools = tools;
  // roster's own format: every modelled field has its key.
  writeAsIs(agent, { frontmatter: fm, report }, [
    "spawns",
    "model",
    "thinkingLevel",
    "blocking",
    "disallowedTools",
    "permissionMode",
    "maxTurns",
    "output",
  ]);
  // xcsh keeps every other key as it is (roster reads them into `extra`).
  for (const [key, value] of Object.entries(agent.extra ?? {})) {
    if (isMarkerKey(key)) continue;
    if (key === "__proto__") {
      report.dropped(`extra.${key}`, "not written: it would set the object's prototype");
      continue;
    }
    if (fm[key] !== undefined) {
      report.dropped(`extra.${key}`, `\`${key}\` is already written from a modelled field`);
      continue;
    }
    fm[key] = value;
    report.kept(`extra.${key}`, key);
  }
}

/**
 * Writes xcsh agents (`.xcsh/agents/<name>.md`): roster's own format, so every field and
 * every unmodelled key is kept; `generated-by: roster` marks the file.
 */
export const xcshWriter = defineMarkdownWriter({
  tool: "xcsh",
  displayName: "xcsh",
  extension: ".md",
  format: markdownFormat,
  profile: xcshProfile,
  marker: "key",
  folders: false,
  agentsDir: (ctx, scope) =>
    scope === "project" ? join(ctx.cwd, ".xcsh", "agents") : join(xcshAgentDir(ctx), "agents"),
  fields: xcshFields,
});
