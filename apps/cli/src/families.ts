import type { LoadedConfig } from "@roster/config";
import type { FamilyDefinition, FamilyHost } from "@roster/family";
import type { HostDefinition } from "@roster/hosts";
import { bundledFamily } from "@roster/source-bundled";
import { claudeFamily } from "@roster/source-claude";
import { codexFamily } from "@roster/source-codex";
import { copilotFamily } from "@roster/source-copilot";
import { cursorFamily } from "@roster/source-cursor";
import { geminiFamily } from "@roster/source-gemini";
import { opencodeFamily } from "@roster/source-opencode";
import { pluginsFamily } from "@roster/source-plugins";
import { xcshFamily } from "@roster/source-xcsh";
import { unknownValue } from "./unknown-name.js";

/** A family as the app holds it: a config family's host is checked when it is used (see {@link hostOf}). */
export type AppFamily = FamilyDefinition<FamilyHost>;

/**
 * The one ordered list of roster's families: the registry's precedence (SPEC §4), and the only
 * place the app names a family. Families from the config go before `plugins` (see
 * {@link assembleFamilies}). Everything else — `--as`, `--to`, `--host`, completion,
 * suggestions — reads this list.
 */
export const FAMILIES: readonly AppFamily[] = [
  xcshFamily,
  claudeFamily,
  codexFamily,
  geminiFamily,
  opencodeFamily,
  copilotFamily,
  cursorFamily,
  pluginsFamily,
  bundledFamily,
];

/** The families that come after the config's own (Claude Code plugins, roster's bundled agents). */
const LAST = new Set(["plugins", "bundled"]);

/** The app's list with a config's families inserted after the built-in config families, before `plugins`. */
export function assembleFamilies(extra: readonly AppFamily[] = []): AppFamily[] {
  return [...FAMILIES.filter((f) => !LAST.has(f.id)), ...extra, ...FAMILIES.filter((f) => LAST.has(f.id))];
}

/** The host definition of a family, when it has one that roster can run (a config family's host is checked here). */
export function hostOf(family: AppFamily): HostDefinition | undefined {
  const host = family.host as Partial<HostDefinition> | undefined;
  if (!host || typeof host.plan !== "function" || typeof host.parse !== "function") return undefined;
  return host as HostDefinition;
}

/** The families that have a host, with it: what `--host` takes (plugins share Claude Code's, listed once). */
export function hostFamilies(families: readonly AppFamily[]): Array<AppFamily & { host: HostDefinition }> {
  const seen = new Set<string>();
  const out: Array<AppFamily & { host: HostDefinition }> = [];
  for (const family of families) {
    const host = hostOf(family);
    // A family runs on its own host when the host bears its id; plugins run on Claude Code's.
    if (!host || host.id !== family.id || seen.has(host.id)) continue;
    seen.add(host.id);
    out.push({ ...family, host });
  }
  return out;
}

/**
 * Refuses a config's `defaultHost`, or a `hosts.<name>` entry, that does not name the host of
 * one of `families` (the config's families among them, so a config family's host may be the
 * default or be given its program), in the sentence `--host` gives:
 * `unknown host "lba" for "defaultHost" in FILE; did you mean lab? (one of …)`.
 */
export function checkConfigHosts(loaded: LoadedConfig, families: readonly AppFamily[]): void {
  const hosts = hostFamilies(families).map((f) => f.id);
  const where = (key: "defaultHost" | "hosts", what: string) => {
    const layer = loaded.layers.findLast((l) => l.applied.includes(key));
    return layer ? `"${what}" in ${layer.filePath}` : `"${what}"`;
  };
  const wanted = loaded.config.defaultHost;
  if (wanted !== undefined && !hosts.includes(wanted))
    throw unknownValue("host", where("defaultHost", "defaultHost"), wanted, hosts);
  for (const name of Object.keys(loaded.config.hosts ?? {}))
    if (!hosts.includes(name)) throw unknownValue("host", where("hosts", `hosts.${name}`), name, hosts);
}
