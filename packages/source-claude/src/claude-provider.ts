import { join } from "node:path";
import {
  type DiscoveryContext,
  type DiscoveryKind,
  defineMarkdownFormat,
  defineProvider,
  type FileFormat,
  type FormatResult,
  familyLocations,
  type Location,
  reshapeParsed,
  type SourceFile,
  splitToolList,
} from "@roster/core";
import { withEmptyToolsAsNone } from "@roster/family";
import { claudeConfigDir } from "./claude-paths.js";
import { CLAUDE_AGENT_KEYS } from "./claude-profile.js";

/**
 * Claude Code agent files: markdown whose frontmatter may also carry Claude Code's own
 * keys ({@link CLAUDE_AGENT_KEYS}, the profile's list), which `roster doctor` must not
 * call unknown. `tools` as Claude Code reads it ({@link withClaudeToolList}).
 */
export const claudeMarkdownFormat: FileFormat = withClaudeToolList(
  defineMarkdownFormat({ id: "claude-markdown", agentKeys: [...CLAUDE_AGENT_KEYS, "allTools"] }),
);

/**
 * `format` with `tools` read as Claude Code 2.1.197 reads an agent's (its offline init message:
 * `integration/test/hosts/loaders-claude.test.ts`): written empty (`[]`, no value, `""`), no
 * tool at all (`withEmptyToolsAsNone`); with a `*` entry (`*`, `Read, *`), every tool, as
 * without the key (the list is kept in `allTools`, as Copilot's and Gemini's `*` are).
 */
export function withClaudeToolList(format: FileFormat): FileFormat {
  const inner = withEmptyToolsAsNone(format);
  return {
    ...inner,
    parse(file: SourceFile): FormatResult {
      const parsed = inner.parse(file);
      if (parsed.kind === "unusable") return parsed;
      const tools = parsed.frontmatter.tools;
      // Split only a list that can hold `*` (most files' lists cannot).
      const star = typeof tools === "string" ? tools.includes("*") : Array.isArray(tools);
      const written = star ? splitToolList(tools) : undefined;
      if (!written?.some((tool) => tool.trim() === "*")) return parsed;
      const { tools: _, ...rest } = parsed.frontmatter;
      return reshapeParsed(parsed, { frontmatter: { ...rest, allTools: written } });
    },
  };
}

/**
 * Where Claude Code keeps agents and commands, highest precedence first:
 * the nearest `<ancestor>/.claude/<kind>` (every one with `ctx.projectDirs: "all"`),
 * then `<CLAUDE_CONFIG_DIR or ~/.claude>/<kind>`. Both are scanned recursively.
 */
export function locateClaude(ctx: DiscoveryContext, kind: DiscoveryKind): Location[] {
  return familyLocations(ctx, {
    project: join(".claude", kind),
    user: join(claudeConfigDir(ctx), kind),
    // Sub-folders organise agents and namespace commands; they never rename them.
    recursive: true,
    formats: [claudeMarkdownFormat],
  });
}

/** The Claude Code config family (`.claude`, `~/.claude`, `CLAUDE_CONFIG_DIR`). */
export const claudeProvider = defineProvider({
  id: "claude",
  displayName: "Claude Code",
  locate: locateClaude,
});
