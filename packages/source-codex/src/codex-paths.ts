import { join } from "node:path";
import type { DiscoveryContext } from "@roster/core";
import { envPath } from "@roster/family";

/**
 * Codex's home folder: `CODEX_HOME` from `ctx.env` when set (a leading `~` is
 * `ctx.home`; a relative path is taken from `ctx.home`, never from the cwd), otherwise `~/.codex`.
 *
 * @example codexHome({ cwd: "/p", home: "/h", env: { CODEX_HOME: "/c" } }) // "/c"
 */
export function codexHome(ctx: Pick<DiscoveryContext, "home" | "env">): string {
  return envPath(ctx, "CODEX_HOME") ?? join(ctx.home, ".codex");
}
