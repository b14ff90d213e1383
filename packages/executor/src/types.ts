import type { AgentSource, Diagnostic, ThinkingLevel } from "@roster/core";

export type { Diagnostic };

/** One unit of work in a task call. */
export interface TaskItem {
  id: string;
  /** A short label for humans; not sent to the child. */
  description?: string;
  /** What the child must do; sent after the shared context. */
  assignment: string;
}

/** The task tool's input (SPEC §6). */
export interface TaskInput {
  agent: string;
  /**
   * Run this provider's definition of `agent` (`codex`), even when another provider's
   * shadows it (SPEC §16); a provider that does not define it refuses the call.
   */
  provider?: string;
  /** Shared context placed before every assignment. */
  context?: string;
  /** An output schema as a JSON string (an already-parsed object is accepted too). */
  schema?: string | Record<string, unknown>;
  tasks: TaskItem[];
}

/** Per-session settings of the task tool. */
export interface TaskSettings {
  /** Default 2; a negative value means no limit. */
  maxRecursionDepth?: number;
  /** Default 4. */
  maxConcurrency?: number;
  disabledAgents?: readonly string[];
  /** Agent name → model (a string, a CSV string, or a prioritised list). */
  agentModelOverrides?: Readonly<Record<string, string | readonly string[]>>;
  /**
   * Time limit of one call in milliseconds, every task of it included (each starts with what is
   * left; a host gets SIGTERM shortly before the end, SIGKILL at it); absent means none.
   */
  timeoutMs?: number;
}

/** The calling session: where and how deep the caller runs. */
export interface TaskSession {
  cwd: string;
  /** The caller's depth; the top-level session is 0. */
  depth?: number;
  /** The caller's spawn policy: `"*"`, `""` or a CSV list (an array is accepted); absent means `"*"`. */
  spawns?: string | readonly string[];
  planMode?: boolean;
  /** Fallback output schema of the session. */
  outputSchema?: unknown;
  /** The session's model, the last fallback of the model chain. */
  model?: string | readonly string[];
  settings?: TaskSettings;
}

/** What a child receives on stdin, as JSON (SPEC §6 child contract). */
export interface TaskInvocation {
  id: string;
  agent: string;
  systemPrompt: string;
  /** Shared context, a blank line, then the assignment (or the assignment alone). */
  prompt: string;
  /** `null` means "every tool the host has". */
  tools: string[] | null;
  /** The child's spawn policy: `"*"`, `""` or a CSV list. */
  spawns: string;
  /** Prioritised models, or `null` for the host's default. */
  model: string[] | null;
  thinkingLevel: ThinkingLevel | null;
  outputSchema: unknown;
  cwd: string;
  /** Id of the provider the agent came from (`claude`, `plugins`, …): host runners pick a host by it. */
  /** (The task tool always sets this and the next four; they are optional for runners called directly.) */
  provider?: string;
  source?: AgentSource;
  /** The agent's file (`embedded:<file>` for bundled agents), or `null`. */
  filePath?: string | null;
  /** True when the session runs in plan mode (the host's own plan/read-only mode applies too). */
  planMode?: boolean;
  /** True when the child runs at the maximum depth: it may spawn nothing, natively or through roster. */
  atMaxDepth?: boolean;
  /** Tools the host must deny, as the agent wrote them, or `null` (the task tool always sets it). */
  disallowedTools?: string[] | null;
  /** The host's permission mode for the child (`"plan"` in plan mode), or `null` (always set by the task tool). */
  permissionMode?: string | null;
  /** The agent's tools as its file spelled them, for hosts of its own family. */
  toolsAsWritten?: string[];
  /** The agent's turn limit, when it has one. */
  maxTurns?: number;
}

/** Options a runner gets for one invocation. */
export interface RunOptions {
  /** The child's depth (`ROSTER_TASK_DEPTH`). */
  depth: number;
  /** The parent environment to hand on. */
  env: Record<string, string | undefined>;
  signal?: AbortSignal;
  /**
   * The run's timeout in milliseconds: the whole call's, which every task of it and a host's
   * own checks share (`deadline` says when it ends). A runner given `timeoutMs` alone counts it
   * from the start of its own run.
   */
  timeoutMs?: number;
  /**
   * When the call's timeout ends, on `performance.now()`'s clock (set by the task tool with
   * `timeoutMs`): a child gets SIGTERM `terminationGrace(timeoutMs)` before it, SIGKILL at it.
   */
  deadline?: number;
  /** Output cap in bytes (default 500,000). */
  maxOutputBytes?: number;
  /** Output cap in lines (default 5,000). */
  maxOutputLines?: number;
  /**
   * The run's private temp folder (from `mkdtemp`, mode 0700), shared by every task of one
   * `execute` and removed when the run ends, whatever way it ends. Set by the task tool.
   */
  runDir?: string;
  /**
   * A fresh folder inside `runDir` for this task alone: where a runner puts its result,
   * prompt and schema files. Set by the task tool.
   */
  taskDir?: string;
  /** Where a runner registers every process group it starts (and deletes it once gone). Set by the task tool. */
  reaper?: Reaper;
}

/**
 * The live process groups and temp folders of the runs that share it. `reapAll()` is
 * synchronous (safe in an `exit` handler) and idempotent.
 */
export interface Reaper {
  /** Registers a live process group by its leader's pid. */
  addGroup(pid: number): void;
  /** Forgets a group that is gone. */
  deleteGroup(pid: number): void;
  /** Registers a temp folder to remove if the process ends first. */
  addDir(path: string): void;
  /** Forgets a folder that was removed. */
  deleteDir(path: string): void;
  /** SIGKILLs every registered group and removes every registered folder, now. */
  reapAll(): void;
  readonly groups: ReadonlySet<number>;
  readonly dirs: ReadonlySet<string>;
}

/** What a runner returns for one invocation. */
export interface RunResult {
  /** `null` when the child never started or was killed by a signal. */
  exitCode: number | null;
  output: string;
  stderr: string;
  truncated: boolean;
  data?: unknown;
  error?: string;
  aborted?: boolean;
  /** The host's session id, when a host runner's host reported one. */
  sessionId?: string;
  /** What the run cost, when the host reported it. */
  cost?: { amount: number; unit: "usd" | "premium-requests" };
  /** A stable code for why the run failed, when the runner knows one (`host/missing`, `host/not-logged-in`). */
  code?: string;
}

/** Turns one invocation into a result. Must not throw for a failing child. */
export interface Runner {
  run(invocation: TaskInvocation, options: RunOptions): Promise<RunResult>;
  /**
   * True for a runner that starts nothing and describes what it would run in `data`: that
   * data is still checked as JSON (depth, cycles) but not held to the output schema.
   */
  readonly dryRun?: boolean;
}

/** Options of one `execute` call. */
export interface ExecuteOptions {
  signal?: AbortSignal;
  /**
   * Called once per task as it finishes (finish order), with its input index. Awaited. A
   * throw (or rejection) ends the run: nothing more starts, running children are killed,
   * the run folder is removed, and `execute` rejects with that error.
   */
  onResult?: (result: TaskResult, index: number) => void | Promise<void>;
  /** Default true. False leaves the outcome's `results` empty, so memory does not grow with them: read them in `onResult`. */
  keepResults?: boolean;
  /**
   * When the session's `timeoutMs` started, on `performance.now()`'s clock (default: when
   * `execute` is called). A one-shot process passes 0, its own start: the timeout then bounds
   * the whole process, its start-up and discovery included.
   */
  timeoutFrom?: number;
}

/** The result of one task, in input order. */
export interface TaskResult extends RunResult {
  id: string;
  agent: string;
  source: AgentSource;
  durationMs: number;
}

/** Why a call was refused before any process ran. */
export type RefusalCode =
  | "executor/invalid-input"
  | "executor/unknown-agent"
  | "executor/disabled-agent"
  | "executor/blocked-recursion"
  | "executor/spawn-not-allowed"
  | "executor/invalid-tasks"
  | "executor/invalid-schema"
  | "executor/invalid-settings";

/** What `execute` answers: a refusal (no process ran) or one result per task. */
export type TaskOutcome =
  | { status: "refused"; code: RefusalCode; message: string }
  | {
      status: "completed";
      agent: string;
      results: TaskResult[];
      /** True when the agent set differs from the one the last description was built from. */
      descriptionStale: boolean;
    };

/** The agent a child actually runs as, after plan mode, model, schema and depth rules. */
export interface EffectiveAgent {
  name: string;
  systemPrompt: string;
  tools: string[] | null;
  spawns: string;
  model: string[] | null;
  thinkingLevel: ThinkingLevel | null;
  outputSchema: unknown;
  childDepth: number;
  atMaxDepth: boolean;
}
