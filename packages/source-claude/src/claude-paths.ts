import { join } from "node:path";
import { type DiscoveryContext, resolveUserPath } from "@roster/core";

/**
 * Claude Code's user folder: `CLAUDE_CONFIG_DIR` from `ctx.env` when set (a leading `~`
 * is `ctx.home`, a relative path is taken from `ctx.cwd`), otherwise `~/.claude`.
 *
 * @example claudeConfigDir({ cwd: "/p", home: "/h", env: {} }) // "/h/.claude"
 */
export function claudeConfigDir(ctx: Pick<DiscoveryContext, "cwd" | "home" | "env">): string {
  const override = ctx.env.CLAUDE_CONFIG_DIR?.trim();
  return override ? resolveUserPath(ctx, override) : join(ctx.home, ".claude");
}
