import {
  AGENT_KEYS,
  type FileFormat,
  type FormatResult,
  markdownFormat,
  reshapeParsed,
  type SourceFile,
  splitToolList,
} from "@roster/core";
import { listsNoTool, noToolFields } from "@roster/family";
import { GEMINI_AGENT_KEYS } from "./gemini-profile.js";
import { mapGeminiTools } from "./gemini-tools.js";

/**
 * A Gemini CLI agent: markdown with `kind`, `name`, `description`, `display_name`,
 * `tools`, `mcp_servers`, `model`, `temperature`, `max_turns` and `timeout_mins`.
 * `max_turns` becomes `maxTurns`; `tools` map onto roster's names (`read_file` → `read`,
 * …; the original list stays in `toolsAsWritten`; `*` means every tool, kept as
 * `allTools`); the rest stays in `extra`. Known keys (for `roster doctor`): roster's own,
 * Gemini CLI's schema ({@link GEMINI_AGENT_KEYS}) and the ones this mapping writes.
 */
export const geminiAgentFormat: FileFormat = {
  id: "gemini-agent",
  extensions: [".md"],
  // Core's markdown parser's `name`, unchanged.
  nameInText: true,
  knownKeys: { agents: [...new Set([...AGENT_KEYS, ...GEMINI_AGENT_KEYS, "allTools"])] },
  parse(file: SourceFile): FormatResult {
    const parsed = markdownFormat.parse(file);
    if (parsed.kind === "unusable") return parsed;
    const { tools, ...rest } = parsed.frontmatter;
    const frontmatter: Record<string, unknown> = { ...rest };
    if (rest.max_turns !== undefined && rest.maxTurns === undefined) frontmatter.maxTurns = rest.max_turns;
    const written = splitToolList(tools);
    if (written) {
      const mapped = mapGeminiTools(written);
      if (mapped) {
        frontmatter.tools = mapped;
        frontmatter.toolsAsWritten = written;
      } else frontmatter.allTools = written;
    } else if (listsNoTool(tools)) {
      // `tools: []`: Gemini CLI gives the agent no tool (it refuses no value or `""`).
      Object.assign(frontmatter, noToolFields());
    } else if (tools !== undefined) frontmatter.tools = tools;
    return reshapeParsed(parsed, { frontmatter });
  },
};
