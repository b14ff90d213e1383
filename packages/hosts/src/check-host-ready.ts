import { layerEnv, type Reaper, runChild } from "@roster/executor";
import { locateHost, missingHostMessage } from "./hosts.js";
import type { HostConfig, HostDefinition } from "./types.js";

/** How long a host's status command may take before roster stops waiting and runs anyway. */
export const STATUS_TIMEOUT_MS = 15_000;

/** Whether a host can run here, and if not, the one line that says why and what fixes it. */
export type HostReadiness =
  | { ready: true; path: string; login: "logged-in" | "unknown" }
  | { ready: false; code: "host/missing" | "host/not-logged-in"; message: string };

/** Options of {@link checkHostReady}. */
export interface CheckHostReadyOptions {
  /** `hosts.<id>` of the user config: another program, arguments put first. */
  config?: HostConfig;
  /** The environment the host would get (its `PATH` finds the program). */
  env: Record<string, string | undefined>;
  cwd: string;
  signal?: AbortSignal;
  /** Records the status command's process group, so an interrupted run leaves nothing behind. */
  reaper?: Reaper;
  /** Default {@link STATUS_TIMEOUT_MS}. */
  timeoutMs?: number;
}

/** The line roster says when a host is not logged in: what is wrong and what fixes it. */
export function notLoggedInMessage(host: HostDefinition): string {
  return `${host.displayName} is not logged in: ${host.login.fix}`;
}

/** True when a host's answer to a run says it is not logged in. */
export function saysNotLoggedIn(host: HostDefinition, text: string): boolean {
  return host.login.notLoggedIn?.test(text) === true;
}

/**
 * Preflight: checks, before a task starts, that a host can run — its program is found (the
 * absolute path is returned) and, where the host answers that offline (`claude auth status`,
 * `codex login status`), that it is logged in. A status command that fails, hangs past its
 * timeout or answers in a way roster does not know gives `login: "unknown"`: only a clear
 * "not logged in" stops the run. Never throws.
 *
 * @example
 * const ready = await checkHostReady(codexHost, { env: process.env, cwd: process.cwd() });
 * if (!ready.ready) console.error(ready.message); // Codex is not logged in: run `codex login`
 */
export async function checkHostReady(
  host: HostDefinition,
  options: CheckHostReadyOptions,
): Promise<HostReadiness> {
  const { config, env, cwd } = options;
  const path = locateHost(host, { ...(config ? { config } : {}), env, cwd });
  if (path === null) return { ready: false, code: "host/missing", message: missingHostMessage(host, config) };
  const status = host.login.status;
  if (!status) return { ready: true, path, login: "unknown" };
  // A key in the environment logs the host in for a run; its status command may not know it.
  if (status.keyVariables?.some((name) => env[name])) return { ready: true, path, login: "unknown" };
  const child = await runChild(
    {
      command: path,
      args: [...(config?.args ?? []), ...status.args],
      cwd,
      env: layerEnv(env, { NO_COLOR: "1" }),
      stdin: "",
    },
    {
      timeoutMs: options.timeoutMs ?? STATUS_TIMEOUT_MS,
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.reaper ? { reaper: options.reaper } : {}),
      maxOutputBytes: 64 * 1024,
      maxOutputLines: 200,
    },
  );
  if (child.spawnError || child.abortReason) return { ready: true, path, login: "unknown" };
  const state = status.read({
    stdout: child.stdout.text,
    stderr: child.stderr.text,
    exitCode: child.exitCode,
  });
  if (state === "logged-out")
    return { ready: false, code: "host/not-logged-in", message: notLoggedInMessage(host) };
  return { ready: true, path, login: state };
}
