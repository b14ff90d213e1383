import { join } from "node:path";
import { type DiscoveryContext, resolveUserPath } from "@roster/core";

type PathContext = Pick<DiscoveryContext, "cwd" | "home" | "env">;

function setting(ctx: PathContext, name: string): string | undefined {
  const value = ctx.env[name]?.trim();
  return value ? value : undefined;
}

/**
 * opencode's global config folder: `$XDG_CONFIG_HOME/opencode` when `XDG_CONFIG_HOME` is
 * set, otherwise `~/.config/opencode`.
 *
 * @example opencodeGlobalDir({ cwd: "/p", home: "/h", env: {} }) // "/h/.config/opencode"
 */
export function opencodeGlobalDir(ctx: PathContext): string {
  const xdg = setting(ctx, "XDG_CONFIG_HOME");
  return join(xdg ? resolveUserPath(ctx, xdg) : join(ctx.home, ".config"), "opencode");
}

/** `OPENCODE_CONFIG_DIR` resolved (a leading `~` is `ctx.home`), or `undefined`. */
export function opencodeConfigDirOverride(ctx: PathContext): string | undefined {
  const dir = setting(ctx, "OPENCODE_CONFIG_DIR");
  return dir ? resolveUserPath(ctx, dir) : undefined;
}

/**
 * The user folder roster reads (SPEC §4.1): `OPENCODE_CONFIG_DIR` when set, otherwise the
 * global folder ({@link opencodeGlobalDir}).
 */
export function opencodeUserDir(ctx: PathContext): string {
  return opencodeConfigDirOverride(ctx) ?? opencodeGlobalDir(ctx);
}
