import type { LoadedConfig } from "./config.js";

/** A config's host name that names no host roster can run: where it was given, and the names it could be. */
export interface ConfigHostProblem {
  /** Where: `"defaultHost" in FILE`, `"hosts.lba" in FILE` (no file when no layer set it). */
  flag: string;
  wanted: string;
  known: readonly string[];
}

/**
 * The first of a config's `defaultHost` or `hosts.<name>` entries that is not one of `hosts`
 * (the ids of the families that run on a host roster can run, a config family's among them),
 * or `undefined` when every one is.
 */
export function judgeConfigHosts(
  loaded: LoadedConfig,
  hosts: readonly string[],
): ConfigHostProblem | undefined {
  const where = (key: "defaultHost" | "hosts", what: string) => {
    const layer = loaded.layers.findLast((l) => l.applied.includes(key));
    return layer ? `"${what}" in ${layer.filePath}` : `"${what}"`;
  };
  const wanted = loaded.config.defaultHost;
  if (wanted !== undefined && !hosts.includes(wanted))
    return { flag: where("defaultHost", "defaultHost"), wanted, known: hosts };
  for (const name of Object.keys(loaded.config.hosts ?? {}))
    if (!hosts.includes(name)) return { flag: where("hosts", `hosts.${name}`), wanted: name, known: hosts };
  return undefined;
}
