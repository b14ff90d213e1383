import {
  type Diagnostic,
  type FileFormat,
  type FormatParse,
  markdownFormat,
  type ParsedBytesFrontmatter,
  type SourceFile,
} from "@roster/core";

/** Keys Claude Code ignores in plugin agents ("Use .claude/agents/ for this level of control"). */
export const PLUGIN_IGNORED_KEYS = ["permissionMode", "hooks", "mcpServers"] as const;

/** The frontmatter without the ignored keys and the diagnostics saying so, or `undefined` when none is set. */
function withoutIgnored(
  parsed: Pick<FormatParse, "frontmatter" | "diagnostics">,
  filePath: string,
): { frontmatter: Record<string, unknown>; diagnostics: Diagnostic[] } | undefined {
  const ignored = PLUGIN_IGNORED_KEYS.filter((key) => parsed.frontmatter[key] !== undefined);
  if (ignored.length === 0) return undefined;
  const frontmatter = { ...parsed.frontmatter };
  for (const key of ignored) delete frontmatter[key];
  return {
    frontmatter,
    diagnostics: [
      ...parsed.diagnostics,
      ...ignored.map((key) => ({
        severity: "info" as const,
        code: "plugins/ignored-key",
        message: `plugin agents may not set ${key}; Claude Code ignores it and so does roster`,
        filePath,
      })),
    ],
  };
}

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
    const changed = withoutIgnored(parsed, file.filePath);
    return changed ? { ...parsed, ...changed } : parsed;
  },
  // From the bytes, as markdown does: only the frontmatter decoded now.
  parseBytes(file): ParsedBytesFrontmatter {
    const parsed = markdownFormat.parseBytes!(file);
    const changed = withoutIgnored(parsed, file.filePath);
    if (!changed) return parsed;
    return {
      ...changed,
      validUtf8: parsed.validUtf8,
      bodyStart: parsed.bodyStart,
      get body() {
        return parsed.body;
      },
    };
  },
};
