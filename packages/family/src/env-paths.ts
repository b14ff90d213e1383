import { isAbsolute, join, resolve } from "node:path";
import type { DiscoveryContext } from "@roster/core";

type PathContext = Pick<DiscoveryContext, "home" | "env">;

/**
 * A folder named by an environment variable (`CLAUDE_CONFIG_DIR`, `CODEX_HOME`, …), or
 * `undefined` when it is unset or blank. A leading `~` is `ctx.home`; a relative value is
 * taken from `ctx.home` too, never from the cwd: the cwd may be an untrusted repository,
 * and a relative user setting must not point into it.
 *
 * @example envPath({ home: "/h", env: { CODEX_HOME: "codex" } }, "CODEX_HOME") // "/h/codex"
 */
export function envPath(ctx: PathContext, name: string): string | undefined {
  const value = ctx.env[name]?.trim();
  if (!value) return undefined;
  if (value === "~") return resolve(ctx.home);
  if (value.startsWith("~/")) return join(resolve(ctx.home), value.slice(2));
  return isAbsolute(value) ? resolve(value) : resolve(ctx.home, value);
}
