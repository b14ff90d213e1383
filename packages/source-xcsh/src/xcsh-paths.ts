import { join, resolve } from "node:path";
import type { DiscoveryContext } from "@roster/core";
import { envPath } from "@roster/family";

type PathContext = Pick<DiscoveryContext, "cwd" | "home" | "env">;

function setting(ctx: PathContext, name: string): string | undefined {
  const value = ctx.env[name]?.trim();
  return value ? value : undefined;
}

/**
 * xcsh's config folder under home: `~/<PI_CONFIG_DIR>` when `PI_CONFIG_DIR` is set
 * (an absolute or `~` path is used as given), otherwise `~/.xcsh`.
 */
export function xcshConfigDir(ctx: PathContext): string {
  const name = setting(ctx, "PI_CONFIG_DIR");
  if (name === undefined) return join(ctx.home, ".xcsh");
  return name.startsWith("~") ? (envPath(ctx, "PI_CONFIG_DIR") as string) : resolve(ctx.home, name);
}

/**
 * xcsh's agent folder, which holds `agents/` and `commands/`: `PI_CODING_AGENT_DIR`
 * when set (a leading `~` is `ctx.home`; a relative path is taken from `ctx.home`, never from the cwd),
 * otherwise `<xcshConfigDir>/agent`.
 *
 * @example xcshAgentDir({ cwd: "/p", home: "/h", env: {} }) // "/h/.xcsh/agent"
 */
export function xcshAgentDir(ctx: PathContext): string {
  const dir = setting(ctx, "PI_CODING_AGENT_DIR");
  return dir === undefined
    ? join(xcshConfigDir(ctx), "agent")
    : (envPath(ctx, "PI_CODING_AGENT_DIR") as string);
}
