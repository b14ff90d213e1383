import { spawn } from "node:child_process";
import { DEFAULT_MAX_OUTPUT_BYTES, DEFAULT_MAX_OUTPUT_LINES, TailBuffer } from "./output-cap.js";
import { killGroup, terminateGroup } from "./reaper.js";
import { deadlineOf, killSchedule } from "./timeout-budget.js";
import type { RunOptions } from "./types.js";

/** One child process to run: the program, its arguments, where, with what, and what it reads. */
export interface ChildCommand {
  command: string;
  args: readonly string[];
  cwd: string;
  env: Record<string, string>;
  /** Written to the child's stdin, which is then closed. */
  stdin: string;
}

/** How a child ended, and the tail of what it wrote. */
export interface ChildOutcome {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  stdout: { text: string; truncated: boolean };
  stderr: { text: string; truncated: boolean };
  /** Set when roster stopped it: `aborted: …` or `timed out after N ms`. */
  abortReason?: string;
  /** Set when it could not be started. */
  spawnError?: string;
}

/** The words of an abort signal's reason. */
export function reasonText(signal: AbortSignal): string {
  const reason: unknown = signal.reason;
  if (reason instanceof Error) return reason.message;
  return reason === undefined ? "aborted" : String(reason);
}

/**
 * Layers environments left to right; an `undefined` value removes the variable. No
 * prototype: a variable named `__proto__` or `constructor` is a variable like any other.
 */
export function layerEnv(
  ...layers: Array<Record<string, string | undefined> | undefined>
): Record<string, string> {
  const env: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const layer of layers) {
    for (const [key, value] of Object.entries(layer ?? {})) {
      if (value === undefined) delete env[key];
      else env[key] = value;
    }
  }
  return env;
}

/**
 * Runs one child the way every runner of roster does: no shell, in a process group of its
 * own (registered with the run's reaper until it is gone), stdout and stderr kept to their
 * tails, the whole group killed when the run's signal aborts or its timeout passes (asked to
 * wind down with SIGTERM shortly before: `terminationGrace`), and
 * again when the child exits (whatever it left behind goes with it, so no pipe stays open).
 * Never rejects: a child that cannot start is a `spawnError`.
 */
export function runChild(
  child: ChildCommand,
  run: Pick<RunOptions, "signal" | "timeoutMs" | "deadline" | "reaper" | "maxOutputBytes" | "maxOutputLines">,
): Promise<ChildOutcome> {
  const maxBytes = run.maxOutputBytes ?? DEFAULT_MAX_OUTPUT_BYTES;
  const maxLines = run.maxOutputLines ?? DEFAULT_MAX_OUTPUT_LINES;
  const stdout = new TailBuffer(maxBytes, maxLines);
  const stderr = new TailBuffer(maxBytes, maxLines);
  return new Promise((resolve) => {
    let abortReason: string | undefined;
    let spawnError: string | undefined;
    let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
    let settled = false;
    const proc = spawn(child.command, child.args, {
      cwd: child.cwd,
      env: child.env,
      detached: true,
      shell: false,
      stdio: ["pipe", "pipe", "pipe"],
      windowsHide: true,
    });
    const stop = (reason: string): void => {
      if (abortReason === undefined && exit === undefined) abortReason = reason;
      killGroup(proc.pid);
    };
    const onAbort = (): void => stop(`aborted: ${run.signal ? reasonText(run.signal) : "aborted"}`);
    run.signal?.addEventListener("abort", onAbort, { once: true });
    // The timeout: SIGTERM to the group shortly before the deadline, so the host can wind down
    // within the budget, and SIGKILL at the deadline (timeout-budget.ts).
    const now = performance.now();
    const deadline = deadlineOf(run, now);
    const timers: NodeJS.Timeout[] = [];
    if (deadline !== undefined) {
      const total = run.timeoutMs ?? Math.max(1, Math.round(deadline - now));
      const reason = `timed out after ${total} ms`;
      const { termInMs, killInMs } = killSchedule({ deadline, timeoutMs: total, now });
      if (termInMs < killInMs)
        timers.push(
          setTimeout(() => {
            if (abortReason === undefined && exit === undefined) abortReason = reason;
            terminateGroup(proc.pid);
          }, termInMs),
        );
      timers.push(setTimeout(() => stop(reason), killInMs));
    }
    const finish = (): void => {
      if (settled) return;
      settled = true;
      for (const timer of timers) clearTimeout(timer);
      run.signal?.removeEventListener("abort", onAbort);
      const outcome: ChildOutcome = {
        exitCode: exit?.code ?? null,
        signal: exit?.signal ?? null,
        stdout: stdout.finish(),
        stderr: stderr.finish(),
      };
      if (abortReason) outcome.abortReason = abortReason;
      if (spawnError) outcome.spawnError = spawnError;
      resolve(outcome);
    };
    proc.stdout.on("data", (chunk: Buffer) => stdout.push(chunk));
    proc.stderr.on("data", (chunk: Buffer) => stderr.push(chunk));
    // A child that never reads stdin must not crash us with EPIPE.
    proc.stdin.on("error", () => {});
    proc.on("error", (error) => {
      spawnError = `could not start ${child.command}: ${error.message}`;
      if (proc.pid === undefined) finish();
    });
    if (proc.pid !== undefined) run.reaper?.addGroup(proc.pid);
    proc.on("exit", (code, signal) => {
      exit = { code, signal };
      killGroup(proc.pid);
    });
    proc.on("close", () => {
      killGroup(proc.pid);
      if (proc.pid !== undefined) run.reaper?.deleteGroup(proc.pid);
      finish();
    });
    proc.stdin.end(child.stdin);
  });
}
