import {
  defineMarkdownFormat,
  type FileFormat,
  type FormatResult,
  reshapeParsed,
  type SourceFile,
  splitToolList,
} from "@roster/core";
import { listsNoTool, noToolFields } from "@roster/family";
import { mapCopilotTools } from "./copilot-tools.js";

/** The file ending of a Copilot custom agent. */
export const COPILOT_AGENT_EXTENSION = ".agent.md";

/** `reviewer.agent.md` → `reviewer` (sub-folders are not part of the identity). */
export function copilotAgentId(relativePath: string): string {
  const file = relativePath.split("/").pop() ?? relativePath;
  return file.endsWith(COPILOT_AGENT_EXTENSION) ? file.slice(0, -COPILOT_AGENT_EXTENSION.length) : file;
}

/** Frontmatter keys Copilot reads in a custom agent, as it spells them. */
export const COPILOT_AGENT_KEYS = [
  "name",
  "description",
  "tools",
  "model",
  "target",
  "handoffs",
  "mcp-servers",
  "user-invocable",
  "disable-model-invocation",
  "metadata",
  "infer",
  "argument-hint",
] as const;

/** Copilot's markdown, knowing its keys and the ones the mapping below writes (for `roster doctor`). */
const copilotMarkdown = defineMarkdownFormat({
  id: "copilot-agent",
  agentKeys: [...COPILOT_AGENT_KEYS, "displayName", "allTools"],
});

/**
 * A GitHub Copilot custom agent (`.github/agents/<id>.agent.md`): the file stem without
 * `.agent` is its name; its own `name` field is a display name, kept as `displayName` in
 * `extra`. `tools` aliases map onto roster's tool names (the original list stays in
 * `toolsAsWritten`); `*` means every tool.
 */
export const copilotAgentFormat: FileFormat = {
  ...copilotMarkdown,
  extensions: [COPILOT_AGENT_EXTENSION],
  parse(file: SourceFile): FormatResult {
    const parsed = copilotMarkdown.parse(file);
    if (parsed.kind === "unusable") return parsed;
    const { name, tools, ...rest } = parsed.frontmatter;
    const frontmatter: Record<string, unknown> = { ...rest, name: copilotAgentId(file.relativePath) };
    if (name !== undefined) frontmatter.displayName = name;
    const written = splitToolList(tools);
    if (written) {
      const mapped = mapCopilotTools(written);
      if (mapped) {
        frontmatter.tools = mapped;
        frontmatter.toolsAsWritten = written;
      } else frontmatter.allTools = written;
    } else if (listsNoTool(tools)) {
      // `tools: []` or `""`: Copilot CLI gives the agent no tool (it refuses no value).
      Object.assign(frontmatter, noToolFields());
    }
    return reshapeParsed(parsed, { frontmatter });
  },
};
