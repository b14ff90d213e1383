import {
  defineMarkdownFormat,
  type FileFormat,
  type FormatResult,
  reshapeParsed,
  type SourceFile,
} from "@roster/core";
import { withClaudeToolList } from "@roster/source-claude";

/** Keys Claude Code ignores in plugin agents ("Use .claude/agents/ for this level of control"). */
export const PLUGIN_IGNORED_KEYS = ["permissionMode", "hooks", "mcpServers"] as const;

/**
 * Plugin files: markdown whose frontmatter may carry the keys Claude Code documents for
 * plugin agents (it ignores `hooks`, `mcpServers` and `permissionMode` there, so those
 * are not listed), which `roster doctor` then does not call unknown. Commands read it.
 * `tools` is read as in `.claude/agents` (`withClaudeToolList`).
 */
export const pluginMarkdownFormat: FileFormat = withClaudeToolList(
  defineMarkdownFormat({
    id: "claude-plugin-markdown",
    agentKeys: ["color", "skills", "disallowedTools", "maxTurns", "memory", "allTools"],
  }),
);

/**
 * A plugin's agent file: {@link pluginMarkdownFormat}, except that `permissionMode`, `hooks`
 * and `mcpServers` are dropped, as Claude Code drops them for plugin agents, each with a
 * `plugins/ignored-key` info diagnostic.
 */
export const pluginAgentFormat: FileFormat = {
  ...pluginMarkdownFormat,
  // Core's markdown parser's `name`, unchanged (only ignored keys are taken out).
  nameInText: true,
  parse(file: SourceFile): FormatResult {
    const parsed = pluginMarkdownFormat.parse(file);
    if (parsed.kind === "unusable") return parsed;
    const ignored = PLUGIN_IGNORED_KEYS.filter((key) => parsed.frontmatter[key] !== undefined);
    if (ignored.length === 0) return parsed;
    const frontmatter = { ...parsed.frontmatter };
    for (const key of ignored) delete frontmatter[key];
    return reshapeParsed(parsed, {
      frontmatter,
      diagnostics: [
        ...parsed.diagnostics,
        ...ignored.map((key) => ({
          severity: "info" as const,
          code: "plugins/ignored-key",
          message: `plugin agents may not set ${key}; Claude Code ignores it and so does roster`,
          filePath: file.filePath,
        })),
      ],
    });
  },
};
