import { accessSync, constants, statSync } from "node:fs";
import { delimiter, isAbsolute, join, resolve } from "node:path";
import { claudeHost } from "./host-claude.js";
import { codexHost } from "./host-codex.js";
import { copilotHost } from "./host-copilot.js";
import { geminiHost } from "./host-gemini.js";
import { opencodeHost } from "./host-opencode.js";
import type { HostConfig, HostDefinition, HostId } from "./types.js";

/** Every host, in the order roster lists them. */
export const HOSTS: Readonly<Record<HostId, HostDefinition>> = {
  claude: claudeHost,
  codex: codexHost,
  gemini: geminiHost,
  opencode: opencodeHost,
  copilot: copilotHost,
};

/** The family each provider's agents are run on: Claude Code plugins are Claude agents. */
const FAMILY_HOST: Readonly<Record<string, HostId>> = {
  claude: "claude",
  plugins: "claude",
  codex: "codex",
  gemini: "gemini",
  opencode: "opencode",
  copilot: "copilot",
};

/** Why a host was chosen, or why none was. */
export type HostChoice =
  | { host: HostId; reason: "family" | "default-host" }
  | { host: null; reason: "no-family-host" };

/**
 * `auto`: the host of the family an agent came from (claude and plugins → claude, codex →
 * codex, …); for xcsh, bundled and third-party agents the configured `defaultHost`.
 *
 * @example
 * pickHost({ provider: "plugins" }, {}); // → { host: "claude", reason: "family" }
 */
export function pickHost(agent: { provider: string }, options: { defaultHost?: HostId } = {}): HostChoice {
  const family = FAMILY_HOST[agent.provider];
  if (family) return { host: family, reason: "family" };
  if (options.defaultHost) return { host: options.defaultHost, reason: "default-host" };
  return { host: null, reason: "no-family-host" };
}

/**
 * Finds a host's program: a path as given (relative to `cwd`), a bare name on the `PATH` of
 * `env`. Empty and relative `PATH` entries are skipped: they mean the current folder (a cloned
 * project's own `./claude`). Returns the absolute path the runner starts, or null when missing.
 */
export function locateHost(
  host: HostId,
  options: { config?: HostConfig; env: Record<string, string | undefined>; cwd: string },
): string | null {
  const command = options.config?.command ?? HOSTS[host].command;
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
export function missingHostMessage(host: HostId, config?: HostConfig): string {
  const def = HOSTS[host];
  const command = config?.command ?? def.command;
  return (
    `${def.displayName} is not installed here: "${command}" was not found${command.includes("/") ? "" : " on PATH"}. ` +
    `Install it (npm install -g ${def.npmPackage}) or point roster at it in your user config (~/.config/roster/config.json): ` +
    `"hosts": { "${host}": { "command": "/path/to/${def.command}", "args": [] } }.`
  );
}
