import {
  defineMarkdownFormat,
  type FileFormat,
  type FormatResult,
  reshapeParsed,
  type SourceFile,
} from "@roster/core";

/** Frontmatter keys Cursor reads in a subagent. */
export const CURSOR_AGENT_KEYS = ["name", "description", "model", "readonly", "is_background"] as const;

/** Cursor's markdown, knowing its keys (for `roster doctor`). */
const cursorMarkdown = defineMarkdownFormat({ id: "cursor-agent", agentKeys: CURSOR_AGENT_KEYS });

/**
 * A Cursor subagent: markdown with `name`, `description`, `model` (`inherit`, `fast` or a
 * model id), `readonly` and `is_background`. `readonly: true` denies the writing tools
 * (`disallowedTools: edit, write, bash`) and `is_background: true` means non-blocking
 * (`blocking: false`); both keys also stay in `extra`.
 */
export const cursorAgentFormat: FileFormat = {
  ...cursorMarkdown,
  // Core's markdown parser's `name`, unchanged (only other keys are added).
  nameInText: true,
  parse(file: SourceFile): FormatResult {
    const parsed = cursorMarkdown.parse(file);
    if (parsed.kind === "unusable") return parsed;
    const frontmatter: Record<string, unknown> = { ...parsed.frontmatter };
    if (frontmatter.readonly === true && frontmatter.disallowedTools === undefined) {
      frontmatter.disallowedTools = ["edit", "write", "bash"];
    }
    const background = frontmatter.isBackground ?? frontmatter.is_background;
    if (background === true && frontmatter.blocking === undefined) frontmatter.blocking = false;
    return reshapeParsed(parsed, { frontmatter });
  },
};
