import { mkdtempSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BoundedReadError, readFileBounded } from "@roster/core";
import { MAX_TIMEOUT_MS } from "./check-call.js";
import { removeDir } from "./reaper.js";
import { layerEnv, reasonText, runChild } from "./run-child.js";
import type { Runner, RunResult, TaskInvocation } from "./types.js";

/** A result file larger than this is not read. */
const MAX_RESULT_FILE_BYTES = 16 * 1024 * 1024;

/** Options of {@link createProcessRunner}. */
export interface ProcessRunnerOptions {
  /** The program to start (no shell is involved). */
  command: string;
  args?: readonly string[];
  /** Extra environment, laid over the parent env each run receives. */
  env?: Record<string, string | undefined>;
  /**
   * Where a private folder for the result file is made when the run gives no `taskDir` /
   * `runDir` (the task tool always gives them); default `os.tmpdir()`.
   */
  tmpDir?: string;
}

/** The fields of the child contract handed on as they are, in the order the payload lists them. */
const PAYLOAD_FIELDS = [
  "id",
  "agent",
  "systemPrompt",
  "prompt",
  "tools",
  "spawns",
  "model",
  "thinkingLevel",
  "outputSchema",
  "cwd",
  "provider",
  "source",
  "filePath",
] as const satisfies ReadonlyArray<keyof TaskInvocation>;

/** The stdin payload: exactly the fields of the child contract (an absent denial list or mode is `null`). */
function payload(invocation: TaskInvocation): string {
  const fields: Record<string, unknown> = {};
  for (const key of PAYLOAD_FIELDS) fields[key] = invocation[key];
  fields.disallowedTools = invocation.disallowedTools ?? null;
  fields.permissionMode = invocation.permissionMode ?? null;
  return JSON.stringify(fields);
}

/** Reads the result file through the bounded reader: a FIFO, device or link to one is refused, never opened. */
function readResultFile(path: string): { data?: unknown; error?: string } {
  let text: string;
  try {
    text = readFileBounded(path, MAX_RESULT_FILE_BYTES).toString("utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return {};
    if (error instanceof BoundedReadError && error.code === "too-large")
      return { error: `result file is larger than ${MAX_RESULT_FILE_BYTES} bytes; ignored` };
    return { error: `result file could not be read: ${(error as Error).message}` };
  }
  if (text.trim() === "") return {};
  try {
    return { data: JSON.parse(text) as unknown };
  } catch (error) {
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
 * (SPEC §6 child contract; see the README). Every group it starts is registered with the
 * run's reaper until it is gone; the result file lives in the task's folder of the run.
 * It does not validate `data`: the task tool does, for every runner.
 *
 * @example
 * const runner = createProcessRunner({ command: process.execPath, args: ["child.mjs"] });
 */
export function createProcessRunner(options: ProcessRunnerOptions): Runner {
  return {
    async run(invocation, run) {
      const started: RunResult = { exitCode: null, output: "", stderr: "", truncated: false };
      if (run.signal?.aborted) {
        return {
          ...started,
          aborted: true,
          error: `aborted before start: ${reasonText(run.signal)}`,
        };
      }
      if (
        run.timeoutMs !== undefined &&
        !(Number.isInteger(run.timeoutMs) && run.timeoutMs >= 1 && run.timeoutMs <= MAX_TIMEOUT_MS)
      ) {
        return {
          ...started,
          error: `timeoutMs must be a whole number of milliseconds from 1 to ${MAX_TIMEOUT_MS}, got ${run.timeoutMs}`,
        };
      }
      // The result file goes in the task's folder; without one (a direct call), in a private folder of our own.
      let ownDir: string | undefined;
      let resultFile: string;
      try {
        if (run.taskDir !== undefined) resultFile = join(run.taskDir, "result.json");
        else {
          ownDir = mkdtempSync(join(run.runDir ?? options.tmpDir ?? tmpdir(), "roster-task-"));
          resultFile = join(ownDir, "result.json");
        }
        writeFileSync(resultFile, "", { flag: "wx", mode: 0o600 });
      } catch (error) {
        if (ownDir !== undefined) removeDir(ownDir);
        return {
          ...started,
          error: `could not create the result file: ${(error as Error).message}`,
        };
      }
      const env = layerEnv(run.env, options.env, {
        ROSTER_TASK_DEPTH: String(run.depth),
        ROSTER_SPAWNS: invocation.spawns,
        ROSTER_RESULT_FILE: resultFile,
      });
      const child = await runChild(
        {
          command: options.command,
          args: [...(options.args ?? [])],
          cwd: invocation.cwd,
          env,
          stdin: payload(invocation),
        },
        run,
      );
      // Nothing here may throw: a failure to collect is the task's error, not roster's.
      try {
        const file = readResultFile(resultFile);
        try {
          unlinkSync(resultFile);
        } catch {
          // Already removed by the child.
        }
        const errors: string[] = [];
        if (child.spawnError) errors.push(child.spawnError);
        if (child.abortReason) errors.push(child.abortReason);
        else if (child.signal) errors.push(`killed by ${child.signal}`);
        else if (child.exitCode !== null && child.exitCode !== 0)
          errors.push(`exited with code ${child.exitCode}`);
        if (file.error) errors.push(file.error);
        let data = file.data;
        if (data === undefined && !file.error) data = jsonStdout(child.stdout.text, child.stdout.truncated);
        const result: RunResult = {
          exitCode: child.exitCode,
          output: child.stdout.text,
          stderr: child.stderr.text,
          truncated: child.stdout.truncated || child.stderr.truncated,
        };
        if (data !== undefined) result.data = data;
        if (errors.length > 0) result.error = errors.join("; ");
        if (child.abortReason) result.aborted = true;
        return result;
      } catch (error) {
        return {
          ...started,
          exitCode: child.exitCode,
          error: `could not collect the result: ${(error as Error).message}`,
        };
      } finally {
        if (ownDir !== undefined) removeDir(ownDir);
      }
    },
  };
}
