import { trustNoteText } from "@roster/config";
import { type ConfiguredHosts, configureHosts } from "@roster/hosts";
import { line } from "@roster/terminal";
import type { App } from "../../context.js";
import { hostFamilies } from "../../families.js";

/**
 * The app's hosts as the user config sets them up (`hosts.<id>`, `defaultHost`; @roster/hosts'
 * `configureHosts`). Hosts may be given what the project raises and load its own settings,
 * hooks and plugins only in a project the user trusted with `roster trust` (never with
 * `--no-project`); what a runner holds back is said once on stderr.
 */
export function appHosts(app: App): ConfiguredHosts {
  const { hosts, defaultHost } = app.loaded.config;
  const folder = app.loaded.project?.folder;
  return configureHosts({
    runnable: hostFamilies(app.families),
    families: app.families.families,
    tools: app.families.tools,
    ...(hosts ? { configs: hosts } : {}),
    ...(defaultHost ? { defaultHost } : {}),
    trustProject: app.ctx.trustProject !== false && app.loaded.project?.trusted === true,
    onTrustNote: (note) => app.output.err(line`roster: note: ${trustNoteText(note, folder)}`),
    env: app.env,
    cwd: app.ctx.cwd,
  });
}
