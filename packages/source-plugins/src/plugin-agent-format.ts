import { type FileFormat, type FormatParse, markdownFormat, type SourceFile } from "@roster/core";

/** Keys Claude Code ignores in plugin agents ("Use .claude/agents/ for this level of control"). */
export const PLUGIN_IGNORED_KEYS = ["permissionMode", "hooks", "mcpServers"] as const;

/**
 * A plugin's agent file: markdown like any other, except that `permissionMode`, `hooks`
 * and `mcpServers` are dropped, as Claude Code drops them for plugin agents, each with a
 * `plugins/ignored-key` info diagnostic.
 */
export const pluginAgentFormat: FileFormat = {
  id: "plugin-agent",
  extensions: [".md"],
  parse(file: SourceFile): FormatParse {
    const parsed = markdownFormat.parse(file);
    const ignored = PLUGIN_IGNORED_KEYS.filter((key) => parsed.frontmatter[key] !== undefined);
    if (ignored.length === 0) return parsed;
    const frontmatter = { ...parsed.frontmatter };
    for (const key of ignored) delete frontmatter[key];
    return {
      ...parsed,
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
    };
  },
};
