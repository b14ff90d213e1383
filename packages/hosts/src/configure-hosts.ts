// The hosts of one app as its user config sets them up (SPEC §6.1): the ids `--host` takes,
// an agent's own host (`auto`), whether a host's program is here, and its runner. `roster run`
// and `roster mcp` ask these questions of one value, so the two cannot answer differently.
import { type AgentHost, RunUsageError } from "@roster/executor";
import type { ToolTable } from "@roster/family";
import { createHostRunner, type HostRunner } from "./host-runner.js";
import { locateHost, missingHostMessage, pickHost } from "./hosts.js";
import type { HostConfig, HostId, RunnableFamily } from "./types.js";

/** What {@link configureHosts} needs: the app's families, its user config's hosts and the trust. */
export interface ConfigureHostsOptions {
  /** The families that run on a host of their own that roster can run, in the app's order. */
  runnable: readonly RunnableFamily[];
  /** Every family of the app: an agent's own host is its family's ({@link pickHost}). */
  families: ReadonlyArray<{ id: string; host?: { id: string } }>;
  /** The app's tool table (its family set's `tools`). */
  tools: ToolTable;
  /** `hosts.<id>` of the user config: each host's program and the arguments put first. */
  configs?: Readonly<Partial<Record<HostId, HostConfig>>>;
  /** `defaultHost` of the user config: the host of an agent whose family has none. */
  defaultHost?: HostId;
  /**
   * Whether hosts may be given what the project raises and load its own settings, hooks and
   * plugins: only in a project the user trusted (`roster trust`).
   */
  trustProject: boolean;
  /** Called with each trust note a runner meets, once per runner (the CLI prints it). */
  onTrustNote?: (note: string) => void;
  env: Record<string, string | undefined>;
  cwd: string;
}

/** An app's hosts: the answers of {@link configureHosts}. */
export interface ConfiguredHosts {
  /** The ids `--host` takes: every family of the app (config families too) with a host of its own. */
  readonly ids: string[];
  /** `auto` for one agent: its family's host, else `defaultHost`; null when neither. */
  hostOf(agent: { provider: string }): HostId | null;
  /**
   * `auto` as `roster run` plans it (@roster/executor's `planRun`): the agent's host, or no
   * host naming the agent; an agent not found takes the first host (the task tool refuses it
   * with its own text), and an app without hosts is told to give `--runner`.
   */
  agentHost(agent: { name: string; provider: string } | undefined): AgentHost;
  /** Why `host` cannot run here (its program is not found where the config says), or undefined. */
  missing(host: HostId): string | undefined;
  /** A new runner of `host` as the config sets it up; its trust notes are said once each. */
  runner(host: HostId): HostRunner;
}

/**
 * The app's hosts as its user config sets them up, trusting the project only when told.
 *
 * @example
 * const hosts = configureHosts({ runnable, families, tools, trustProject: false, env, cwd });
 * const runner = hosts.runner(hosts.hostOf(agent) ?? hosts.ids[0]!);
 */
export function configureHosts(options: ConfigureHostsOptions): ConfiguredHosts {
  const ids = options.runnable.map((f) => f.id);
  const familyOf = (host: HostId): RunnableFamily => {
    const family = options.runnable.find((f) => f.id === host);
    if (!family) throw new Error(`no family of this app has the host "${host}"`);
    return family;
  };
  const hostOf = (agent: { provider: string }): HostId | null => {
    const { defaultHost } = options;
    return pickHost(agent, options.families, defaultHost ? { defaultHost } : {}).host;
  };
  return {
    ids,
    hostOf,
    agentHost(agent) {
      if (agent === undefined) {
        if (ids[0] === undefined)
          throw new RunUsageError("no family of this app has an agent host: give --runner");
        return { host: ids[0] };
      }
      const host = hostOf(agent);
      return host !== null ? { host } : { host: null, agent: agent.name, provider: agent.provider };
    },
    missing(host) {
      const config = options.configs?.[host];
      const def = familyOf(host).host;
      const found = locateHost(def, { ...(config ? { config } : {}), env: options.env, cwd: options.cwd });
      return found === null ? missingHostMessage(def, config) : undefined;
    },
    runner(host) {
      const config = options.configs?.[host];
      const said = new Set<string>();
      return createHostRunner({
        family: familyOf(host),
        tools: options.tools,
        ...(config?.command !== undefined ? { command: config.command } : {}),
        ...(config?.args !== undefined ? { args: config.args } : {}),
        trustProject: options.trustProject,
        onTrustNote(note) {
          if (said.has(note)) return;
          said.add(note);
          options.onTrustNote?.(note);
        },
      });
    },
  };
}
