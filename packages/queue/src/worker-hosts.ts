import { type HostConfig, locateHost, type RunnableFamily } from "@roster/hosts";
import { QueueRunError, QueueUsageError } from "./errors.js";
import type { WorkerHost } from "./worker.js";

/** What {@link pickWorkerHosts} needs: the families with a host, their config, and where to look. */
export interface PickWorkerHostsOptions {
  /** The families that have a host of their own, in the app's order. */
  families: readonly RunnableFamily[];
  /** `hosts.<id>` of the user config. */
  configOf(id: string): HostConfig | undefined;
  /** `--hosts a,b`, when given. */
  wanted: string | undefined;
  env: Record<string, string | undefined>;
  cwd: string;
}

/**
 * The hosts a worker serves: the `--hosts` list (each once, each a known host, else a
 * {@link QueueUsageError}), else every host whose program is found on this machine (none is a
 * {@link QueueRunError} naming the programs looked for).
 */
export function pickWorkerHosts(options: PickWorkerHostsOptions): WorkerHost[] {
  const { families, configOf } = options;
  const withConfig = (family: RunnableFamily): WorkerHost => {
    const config = configOf(family.id);
    return { family, ...(config ? { config } : {}) };
  };
  if (options.wanted !== undefined) {
    const names = options.wanted
      .split(",")
      .map((h) => h.trim())
      .filter((h) => h !== "");
    if (names.length === 0)
      throw new QueueUsageError("--hosts takes a comma-separated list, like --hosts claude,codex.");
    return [...new Set(names)].map((name) => {
      const family = families.find((f) => f.id === name);
      if (!family) {
        const known = families.map((f) => f.id);
        throw new QueueUsageError(`unknown host ${JSON.stringify(name)} for --hosts`, {
          kind: "host",
          flag: "--hosts",
          wanted: name,
          known,
        });
      }
      return withConfig(family);
    });
  }
  const found = families.filter((f) => {
    const config = configOf(f.id);
    return locateHost(f.host, { ...(config ? { config } : {}), env: options.env, cwd: options.cwd }) !== null;
  });
  if (found.length === 0)
    throw new QueueRunError(
      `no agent host is installed here (looked for ${families.map((f) => f.host.command).join(", ")} on PATH): install one, or name one with --hosts and hosts.<id>.command in the config`,
    );
  return found.map(withConfig);
}
