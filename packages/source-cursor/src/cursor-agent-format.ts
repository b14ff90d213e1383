import { type FileFormat, type FormatParse, markdownFormat, type SourceFile } from "@roster/core";

/**
 * A Cursor subagent: markdown with `name`, `description`, `model` (`inherit`, `fast` or a
 * model id), `readonly` and `is_background`. `readonly: true` denies the writing tools
 * (`disallowedTools: edit, write, bash`) and `is_background: true` means non-blocking
 * (`blocking: false`); both keys also stay in `extra`.
 */
export const cursorAgentFormat: FileFormat = {
  id: "cursor-agent",
  extensions: [".md"],
  parse(file: SourceFile): FormatParse {
    const parsed = markdownFormat.parse(file);
    const frontmatter: Record<string, unknown> = { ...parsed.frontmatter };
    if (frontmatter.readonly === true && frontmatter.disallowedTools === undefined) {
      frontmatter.disallowedTools = ["edit", "write", "bash"];
    }
    const background = frontmatter.isBackground ?? frontmatter.is_background;
    if (background === true && frontmatter.blocking === undefined) frontmatter.blocking = false;
    return { ...parsed, frontmatter };
  },
};
