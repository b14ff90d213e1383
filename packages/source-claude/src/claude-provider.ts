import { join } from "node:path";
import {
  type DiscoveryContext,
  type DiscoveryKind,
  defineMarkdownFormat,
  defineProvider,
  type FileFormat,
  familyLocations,
  type Location,
} from "@roster/core";
import { withEmptyToolsAsNone } from "@roster/family";
import { claudeConfigDir } from "./claude-paths.js";
import { CLAUDE_AGENT_KEYS } from "./claude-profile.js";

/**
 * Claude Code agent files: markdown whose frontmatter may also carry Claude Code's own
 * keys ({@link CLAUDE_AGENT_KEYS}, the profile's list), which `roster doctor` must not
 * call unknown. A `tools` written empty (`[]`, no value, `""`) lists no tool, as Claude Code
 * 2.1.197 reads it (`withEmptyToolsAsNone`).
 */
export const claudeMarkdownFormat: FileFormat = withEmptyToolsAsNone(
  defineMarkdownFormat({ id: "claude-markdown", agentKeys: CLAUDE_AGENT_KEYS }),
);

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
