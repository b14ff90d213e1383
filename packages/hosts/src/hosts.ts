import { accessSync, constants, statSync } from "node:fs";
import { delimiter, isAbsolute, join, resolve } from "node:path";
import type { HostConfig, HostDefinition, HostId } from "./types.js";

/** Why a host was chosen, or why none was. */
export type HostChoice =
  | { host: HostId; reason: "family" | "default-host" }
  | { host: null; reason: "no-family-host" };

/**
 * `auto`: the host of the family an agent came from (its family's `host`; a family may run on
 * another's host, as plugins run on Claude Code's); for a family without one (a team folder
 * without a host) the configured `defaultHost`. `families` is the app's one list.
 *
 * @example
 * pickHost({ provider: "team" }, families, { defaultHost: "lab" }); // → { host: "lab", reason: "default-host" }
 */
export function pickHost(
  agent: { provider: string },
  families: ReadonlyArray<{ id: string; host?: { id: string } }>,
  options: { defaultHost?: HostId } = {},
): HostChoice {
  const family = families.find((f) => f.id === agent.provider)?.host;
  if (family) return { host: family.id, reason: "family" };
  if (options.defaultHost) return { host: options.defaultHost, reason: "default-host" };
  return { host: null, reason: "no-family-host" };
}

/**
 * Finds a host's program: a path as given (relative to `cwd`), a bare name on the `PATH` of
 * `env`. Empty and relative `PATH` entries are skipped: they mean the current folder (a cloned
 * project's own `./claude`). Returns the absolute path the runner starts, or null when missing.
 */
export function locateHost(
  host: HostDefinition,
  options: { config?: HostConfig; env: Record<string, string | undefined>; cwd: string },
): string | null {
  const command = options.config?.command ?? host.command;
  const runnable = (path: string) => {
    try {
      if (!statSync(path).isFile()) return false;
      accessSync(path, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  };
  if (command.includes("/")) {
    const path = isAbsolute(command) ? command : resolve(options.cwd, command);
    return runnable(path) ? path : null;
  }
  for (const dir of (options.env.PATH ?? "").split(delimiter)) {
    if (!isAbsolute(dir)) continue;
    const path = join(dir, command);
    if (runnable(path)) return path;
  }
  return null;
}

/** The sentence roster says when a host's program is missing. */
export function missingHostMessage(def: HostDefinition, config?: HostConfig): string {
  const host = def.id;
  const command = config?.command ?? def.command;
  return (
    `${def.displayName} is not installed here: "${command}" was not found${command.includes("/") ? "" : " on PATH"}. ` +
    `Install it (npm install -g ${def.npmPackage}) or point roster at it in your user config (~/.config/roster/config.json): ` +
    `"hosts": { "${host}": { "command": "/path/to/${def.command}", "args": [] } }.`
  );
}
