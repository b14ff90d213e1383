import { join } from "node:path";
import {
  type DiscoveryContext,
  type DiscoveryKind,
  defineProvider,
  familyLocations,
  type Location,
  markdownFormat,
} from "@roster/core";
import { withEmptyToolsAsNone } from "@roster/family";
import { xcshAgentDir } from "./xcsh-paths.js";

/**
 * Where xcsh keeps agents and commands, highest precedence first: the nearest
 * `<ancestor>/.xcsh/<kind>` (every one with `ctx.projectDirs: "all"`), then
 * `<xcshAgentDir>/<kind>` (`~/.xcsh/agent/<kind>` unless overridden).
 */
export function locateXcsh(ctx: DiscoveryContext, kind: DiscoveryKind): Location[] {
  return familyLocations(ctx, {
    project: join(".xcsh", kind),
    user: join(xcshAgentDir(ctx), kind),
    formats: [xcshMarkdownFormat],
  });
}

/**
 * xcsh's markdown: core's, with a `tools` written empty (`tools: []`) read as a list of no
 * tools, as Claude Code, Gemini CLI and Copilot CLI read theirs (`withEmptyToolsAsNone`).
 */
export const xcshMarkdownFormat = withEmptyToolsAsNone(markdownFormat);

/** The xcsh config family (`.xcsh`, `~/.xcsh/agent`, `PI_CONFIG_DIR`, `PI_CODING_AGENT_DIR`). */
export const xcshProvider = defineProvider({
  id: "xcsh",
  displayName: "xcsh",
  locate: locateXcsh,
});
