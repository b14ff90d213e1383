import type { AgentDefinition } from "@roster/core";
import { type FieldReport, reportTools, translateTools, writtenTools } from "./agent-writer.js";

/** What {@link writeToolList} writes for: the tool's name in notes and its name for one tool. */
export interface ToolListTarget {
  /** The tool's human name, in the report's notes ("Gemini CLI"). */
  displayName: string;
  /** The tool's names for one tool as an agent file wrote it, or `undefined` when it has none. */
  toolName: (tool: string) => string[] | undefined;
}

/**
 * The agent's tool list in the target tool's names, reported under `tools` (each rename, and
 * what has no counterpart as lost), or `undefined` when the agent lists no tools. The tools
 * block every writer of a tool list shares; the writer puts the list in its file.
 *
 * @example writeToolList(agent, report, { displayName: "Gemini CLI", toolName: geminiToolName })
 */
export function writeToolList(
  agent: AgentDefinition,
  report: FieldReport,
  target: ToolListTarget,
): string[] | undefined {
  const written = writtenTools(agent);
  if (!written) return undefined;
  const result = translateTools(written, target.toolName);
  reportTools(report, "tools", "tools", result, target.displayName);
  return result.out;
}
