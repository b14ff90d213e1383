import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readFileSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEFAULT_MAX_OUTPUT_BYTES, DEFAULT_MAX_OUTPUT_LINES, TailBuffer } from "./output-cap.js";
import type { Runner, RunResult, TaskInvocation } from "./types.js";
import { validateOutput } from "./validate-output.js";

/** A result file larger than this is not read. */
const MAX_RESULT_FILE_BYTES = 16 * 1024 * 1024;

/** Options of {@link createProcessRunner}. */
export interface ProcessRunnerOptions {
  /** The program to start (no shell is involved). */
  command: string;
  args?: readonly string[];
  /** Extra environment, laid over the parent env each run receives. */
  env?: Record<string, string | undefined>;
  /** Where result files are created; default `os.tmpdir()`. */
  tmpDir?: string;
}

function reasonText(signal: AbortSignal): string {
  const reason: unknown = signal.reason;
  if (reason instanceof Error) return reason.message;
  return reason === undefined ? "aborted" : String(reason);
}

function cleanEnv(...layers: Array<Record<string, string | undefined> | undefined>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const layer of layers) {
    for (const [key, value] of Object.entries(layer ?? {})) {
      if (value === undefined) delete env[key];
      else env[key] = value;
    }
  }
  return env;
}

function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    // The group is already gone.
  }
}

/** The stdin payload: exactly the fields of the child contract. */
function payload(invocation: TaskInvocation): string {
  const {
    id,
    agent,
    systemPrompt,
    prompt,
    tools,
    spawns,
    model,
    thinkingLevel,
    outputSchema,
    cwd,
    disallowedTools,
    permissionMode,
  } = invocation;
  return JSON.stringify({
    id,
    agent,
    systemPrompt,
    prompt,
    tools,
    spawns,
    model,
    thinkingLevel,
    outputSchema,
    cwd,
    disallowedTools,
    permissionMode,
  });
}

function readResultFile(path: string): { data?: unknown; error?: string } {
  try {
    const size = statSync(path).size;
    if (size === 0) return {};
    if (size > MAX_RESULT_FILE_BYTES)
      return { error: `result file is larger than ${MAX_RESULT_FILE_BYTES} bytes; ignored` };
    const text = readFileSync(path, "utf8");
    if (text.trim() === "") return {};
    return { data: JSON.parse(text) as unknown };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return {};
    return { error: `result file is not valid JSON: ${(error as Error).message}` };
  }
}

function jsonStdout(output: string, truncated: boolean): unknown {
  const text = output.trim();
  if (truncated || !(text.startsWith("{") || text.startsWith("["))) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * A runner that starts `command` once per task, without a shell, in its own process
 * group, writes the invocation JSON to its stdin and reads stdout as the output
 * (SPEC §6 child contract; see the README).
 *
 * @example
 * const runner = createProcessRunner({ command: process.execPath, args: ["child.mjs"] });
 */
export function createProcessRunner(options: ProcessRunnerOptions): Runner {
  return {
    run(invocation, run) {
      const started: RunResult = { exitCode: null, output: "", stderr: "", truncated: false };
      if (run.signal?.aborted) {
        return Promise.resolve({
          ...started,
          aborted: true,
          error: `aborted before start: ${reasonText(run.signal)}`,
        });
      }
      const resultFile = join(options.tmpDir ?? tmpdir(), `roster-result-${randomUUID()}.json`);
      try {
        writeFileSync(resultFile, "", { flag: "wx", mode: 0o600 });
      } catch (error) {
        return Promise.resolve({
          ...started,
          error: `could not create the result file: ${(error as Error).message}`,
        });
      }
      const env = cleanEnv(run.env, options.env, {
        ROSTER_TASK_DEPTH: String(run.depth),
        ROSTER_SPAWNS: invocation.spawns,
        ROSTER_RESULT_FILE: resultFile,
      });
      const maxBytes = run.maxOutputBytes ?? DEFAULT_MAX_OUTPUT_BYTES;
      const maxLines = run.maxOutputLines ?? DEFAULT_MAX_OUTPUT_LINES;
      const stdout = new TailBuffer(maxBytes, maxLines);
      const stderr = new TailBuffer(maxBytes, maxLines);

      return new Promise<RunResult>((resolve) => {
        let abortReason: string | undefined;
        let spawnError: string | undefined;
        let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
        let settled = false;

        const child = spawn(options.command, [...(options.args ?? [])], {
          cwd: invocation.cwd,
          env,
          detached: true,
          shell: false,
          stdio: ["pipe", "pipe", "pipe"],
          windowsHide: true,
        });

        const stop = (reason: string): void => {
          if (abortReason === undefined && exit === undefined) abortReason = reason;
          killGroup(child.pid);
        };
        const onAbort = (): void => stop(`aborted: ${run.signal ? reasonText(run.signal) : "aborted"}`);
        run.signal?.addEventListener("abort", onAbort, { once: true });
        const timer =
          run.timeoutMs !== undefined && run.timeoutMs > 0
            ? setTimeout(() => stop(`timed out after ${run.timeoutMs} ms`), run.timeoutMs)
            : undefined;

        const finish = (): void => {
          if (settled) return;
          settled = true;
          if (timer) clearTimeout(timer);
          run.signal?.removeEventListener("abort", onAbort);
          const out = stdout.finish();
          const err = stderr.finish();
          const file = readResultFile(resultFile);
          try {
            unlinkSync(resultFile);
          } catch {
            // Already removed by the child.
          }
          const errors: string[] = [];
          if (spawnError) errors.push(spawnError);
          if (abortReason) errors.push(abortReason);
          else if (exit?.signal) errors.push(`killed by ${exit.signal}`);
          else if (exit && exit.code !== 0) errors.push(`exited with code ${exit.code}`);
          if (file.error) errors.push(file.error);
          let data = file.data;
          if (data === undefined && !file.error) data = jsonStdout(out.text, out.truncated);
          if (
            data !== undefined &&
            invocation.outputSchema !== null &&
            invocation.outputSchema !== undefined
          ) {
            const mismatch = validateOutput(invocation.outputSchema, data);
            if (mismatch) errors.push(mismatch);
          }
          const result: RunResult = {
            exitCode: exit?.code ?? null,
            output: out.text,
            stderr: err.text,
            truncated: out.truncated || err.truncated,
          };
          if (data !== undefined) result.data = data;
          if (errors.length > 0) result.error = errors.join("; ");
          if (abortReason) result.aborted = true;
          resolve(result);
        };

        child.stdout.on("data", (chunk: Buffer) => stdout.push(chunk));
        child.stderr.on("data", (chunk: Buffer) => stderr.push(chunk));
        // A child that never reads stdin must not crash us with EPIPE.
        child.stdin.on("error", () => {});
        child.on("error", (error) => {
          spawnError = `could not start ${options.command}: ${error.message}`;
          if (child.pid === undefined) finish();
        });
        child.on("exit", (code, signal) => {
          exit = { code, signal };
          // Whatever the child left behind in its group goes with it, so no pipe stays open.
          killGroup(child.pid);
        });
        child.on("close", finish);
        child.stdin.end(payload(invocation));
      });
    },
  };
}
