import {
  type FileFormat,
  type FormatParse,
  markdownFormat,
  type SourceFile,
  splitToolList,
} from "@roster/core";
import { mapGeminiTools } from "./gemini-tools.js";

/**
 * A Gemini CLI agent: markdown with `kind`, `name`, `description`, `display_name`,
 * `tools`, `mcp_servers`, `model`, `temperature`, `max_turns` and `timeout_mins`.
 * `max_turns` becomes `maxTurns`; `tools` map onto roster's names (`read_file` → `read`,
 * …; the original list stays in `toolsAsWritten`; `*` means every tool); the rest stays
 * in `extra`.
 */
export const geminiAgentFormat: FileFormat = {
  id: "gemini-agent",
  extensions: [".md"],
  parse(file: SourceFile): FormatParse {
    const parsed = markdownFormat.parse(file);
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
    } else if (tools !== undefined) frontmatter.tools = tools;
    return { ...parsed, frontmatter };
  },
};
