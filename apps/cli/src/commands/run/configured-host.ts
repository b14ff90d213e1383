import { trustNoteText } from "@roster/config";
import {
  createHostRunner,
  type HostId,
  type HostRunner,
  locateHost,
  missingHostMessage,
  type RunnableFamily,
} from "@roster/hosts";
import { line } from "@roster/terminal";
import type { App } from "../../context.js";
import { hostFamilies } from "../../families.js";

/**
 * Whether hosts may be given what the project raises and load its own settings, hooks and
 * plugins: only in a project the user trusted with `roster trust` (never with `--no-project`).
 */
export function hostTrust(app: App): boolean {
  return app.ctx.trustProject !== false && app.loaded.project?.trusted === true;
}

/**
 * The runner of one host as the user config sets it up (`hosts.<id>.command` and `args`),
 * trusting the project only after `roster trust`. What it holds back is said once on stderr.
 */
export function configuredHostRunner(app: App, host: HostId): HostRunner {
  const family = runnableFamily(app, host);
  const config = app.loaded.config.hosts?.[host];
  const said = new Set<string>();
  const folder = app.loaded.project?.folder;
  return createHostRunner({
    family,
    tools: app.families.tools,
    ...(config?.command !== undefined ? { command: config.command } : {}),
    ...(config?.args !== undefined ? { args: config.args } : {}),
    trustProject: hostTrust(app),
    onTrustNote(note) {
      if (said.has(note)) return;
      said.add(note);
      app.output.err(line`roster: note: ${trustNoteText(note, folder)}`);
    },
  });
}

/** Why `host` cannot run here (its program is not found where the config says), or undefined. */
export function missingHost(app: App, host: HostId): string | undefined {
  const config = app.loaded.config.hosts?.[host];
  const def = runnableFamily(app, host).host;
  const found = locateHost(def, { ...(config ? { config } : {}), env: app.env, cwd: app.ctx.cwd });
  return found === null ? missingHostMessage(def, config) : undefined;
}

/** The ids `--host` takes here: every family of the app (config families too) that has a host of its own. */
export function hostIds(app: App): string[] {
  return hostFamilies(app.families).map((f) => f.id);
}

/** The family whose host is `host` (one of {@link hostIds}). */
function runnableFamily(app: App, host: HostId): RunnableFamily {
  const family = hostFamilies(app.families).find((f) => f.id === host);
  if (!family) throw new Error(`no family of this app has the host "${host}"`);
  return family;
}
