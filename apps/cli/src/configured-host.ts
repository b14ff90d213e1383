import {
  createHostRunner,
  type HostId,
  type HostRunner,
  locateHost,
  missingHostMessage,
} from "@roster/hosts";
import type { App } from "./context.js";

/** The runner of one host as the user config sets it up (`hosts.<id>.command` and `args`). */
export function configuredHostRunner(app: App, host: HostId): HostRunner {
  const config = app.loaded.config.hosts?.[host];
  return createHostRunner({
    host,
    ...(config?.command !== undefined ? { command: config.command } : {}),
    ...(config?.args !== undefined ? { args: config.args } : {}),
    trustProject: app.ctx.trustProject !== false,
  });
}

/** Why `host` cannot run here (its program is not found where the config says), or undefined. */
export function missingHost(app: App, host: HostId): string | undefined {
  const config = app.loaded.config.hosts?.[host];
  const found = locateHost(host, { ...(config ? { config } : {}), env: app.env, cwd: app.ctx.cwd });
  return found === null ? missingHostMessage(host, config) : undefined;
}
