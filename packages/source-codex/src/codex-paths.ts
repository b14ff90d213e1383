import { join } from "node:path";
import { type DiscoveryContext, resolveUserPath } from "@roster/core";

/**
 * Codex's home folder: `CODEX_HOME` from `ctx.env` when set (a leading `~` is
 * `ctx.home`, a relative path is taken from `ctx.cwd`), otherwise `~/.codex`.
 *
 * @example codexHome({ cwd: "/p", home: "/h", env: { CODEX_HOME: "/c" } }) // "/c"
 */
export function codexHome(ctx: Pick<DiscoveryContext, "cwd" | "home" | "env">): string {
  const override = ctx.env.CODEX_HOME?.trim();
  return override ? resolveUserPath(ctx, override) : join(ctx.home, ".codex");
}
