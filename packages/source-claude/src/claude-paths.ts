import { join } from "node:path";
import type { DiscoveryContext } from "@roster/core";
import { envPath } from "@roster/family";

/**
 * Claude Code's config folder: `CLAUDE_CONFIG_DIR` (`@roster/family`'s `envPath`: `~` and a relative
 * value are taken from the home folder), otherwise `~/.claude`. The plugins family reads it
 * too (its registries and settings), from this package.
 *
 * @example claudeConfigDir({ home: "/h", env: {} }) // "/h/.claude"
 */
export function claudeConfigDir(ctx: Pick<DiscoveryContext, "home" | "env">): string {
  return envPath(ctx, "CLAUDE_CONFIG_DIR") ?? join(ctx.home, ".claude");
}
