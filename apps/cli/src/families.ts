import { judgeConfigHosts, type LoadedConfig } from "@roster/config";
import { createFamilySet, type FamilyDefinition, type FamilyHost, type FamilySet } from "@roster/family";
import type { HostDefinition } from "@roster/hosts";
import { bundledFamily } from "@roster/source-bundled";
import { claudeFamily } from "@roster/source-claude";
import { codexFamily } from "@roster/source-codex";
import { copilotFamily } from "@roster/source-copilot";
import { cursorFamily } from "@roster/source-cursor";
import { geminiFamily } from "@roster/source-gemini";
import { opencodeFamily } from "@roster/source-opencode";
import { claudeRegistryPath, pluginsFamily } from "@roster/source-plugins";
import { xcshFamily } from "@roster/source-xcsh";
import { unknownValue } from "./unknown-name.js";

/** A family as the app holds it: a config family's host is checked when it is used (see {@link hostOf}). */
export type AppFamily = FamilyDefinition<FamilyHost>;

/** The app's families as one value: the built-ins and the trusted config's, in registry order. */
export type AppFamilies = FamilySet<FamilyHost>;

/**
 * The one list of roster's built-in families, in the registry's precedence (SPEC §4), and the
 * only place the app names a family. Nothing reads it but {@link familySetOf}: every part of
 * the app — `--as`, `--to`, `--host`, skills, MCP, doctor, completion — reads the app's set.
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

/** The tools a source is written for when `--to` is not given and the project uses none (the choice). */
export const FALLBACK_TOOLS: readonly string[] = [claudeFamily.id];

/**
 * The app's family set: the built-ins with a config's families (`extra`), which the set puts
 * after the built-in config families and before the families that go last (`enforce: "post"`).
 */
export function familySetOf(extra: readonly AppFamily[] = []): AppFamilies {
  return createFamilySet([...FAMILIES, ...extra]);
}

/** The host definition of a family, when it has one that roster can run (a config family's host is checked here). */
export function hostOf(family: AppFamily): HostDefinition | undefined {
  const host = family.host as Partial<HostDefinition> | undefined;
  if (!host || typeof host.plan !== "function" || typeof host.parse !== "function") return undefined;
  return host as HostDefinition;
}

/** The set's families that run on a host of their own that roster can run: what `--host` takes. */
export function hostFamilies(families: AppFamilies): Array<AppFamily & { host: HostDefinition }> {
  return families.hosts.flatMap((family) => {
    const host = hostOf(family);
    return host ? [{ ...family, host }] : [];
  });
}

/**
 * Refuses a config's `defaultHost`, or a `hosts.<name>` entry, that does not name the host of
 * one of `families` (@roster/config's judgeConfigHosts), in the sentence `--host` gives.
 */
export function checkConfigHosts(loaded: LoadedConfig, families: AppFamilies): void {
  const problem = judgeConfigHosts(
    loaded,
    hostFamilies(families).map((f) => f.id),
  );
  if (problem) throw unknownValue("host", problem.flag, problem.wanted, problem.known);
}

/** Where a home's installed-plugins registry is: a source's plugin folders are read as plugins installed there (`roster add`). */
export function pluginRegistryOf(home: string): string {
  return claudeRegistryPath({ cwd: home, home, env: {} });
}
