import type { AgentSource, ThinkingLevel } from "@roster/core";
import type { TaskResult } from "@roster/executor";

/**
 * The agent definition a job carries, as the submitter resolved it (SPEC §3 fields a run
 * uses; `extra` and plugin details stay home).
 */
export interface QueuedAgent {
  name: string;
  description: string;
  systemPrompt: string;
  tools?: string[];
  spawns?: string[] | "*";
  model?: string[];
  thinkingLevel?: ThinkingLevel;
  /** The agent's own output schema (JTD), opaque here: the worker's executor checks it. */
  output?: unknown;
  source: AgentSource;
  provider: string;
  filePath?: string;
  disallowedTools?: string[];
  permissionMode?: string;
  toolsAsWritten?: string[];
  maxTurns?: number;
}

/** The guardrail state a job carries: the submitter's session, which holds on the worker. */
export interface QueuedSession {
  /** The submitting session's depth (`ROSTER_TASK_DEPTH`); the child runs one deeper. */
  depth: number;
  /** The submitting session's spawn policy (`ROSTER_SPAWNS`): `*`, `""` or a CSV list; absent means `*`. */
  spawns?: string;
  planMode: boolean;
  /** The submitter's `maxRecursionDepth` (-1: no limit); the worker's own setting caps it. */
  maxRecursionDepth: number;
  /** `PI_BLOCKED_AGENT` of the submitting session. */
  blockedAgent?: string;
  /** The submitter's `--timeout`; the worker's own cap wins when lower. */
  timeoutMs?: number;
  /** `agentModelOverrides[agent]` of the submitter's config. */
  modelOverride?: string | string[];
}

/** Where a job runs: a repository at one commit, checked out by the worker. */
export interface QueuedRepo {
  /** A URL the worker's own `git` can fetch (`https://…`, `ssh://…`, `git@host:path`, `file://…`). */
  url: string;
  /** The full commit id (40 or 64 hex digits). */
  commit: string;
  /** A short name for people (`alpha`, from the URL). */
  label: string;
}

/** One queued task: what a job's data holds (as JSON text), version 1. */
export interface QueuedJob {
  v: 1;
  /** The task's id in the submitter's run (`task-1`, `task-1@alpha`): results are keyed by it. */
  taskId: string;
  /** The host that runs it: the queue's name. */
  host: string;
  agent: QueuedAgent;
  /** The prompt: the shared context, a blank line, then the assignment. */
  prompt: string;
  /** The call's output schema (`--schema`), as JSON text. */
  schema?: string;
  session: QueuedSession;
  repo: QueuedRepo;
  /** Who submitted it (`user@machine`), for `queue status`. */
  submittedBy: string;
}

/** What a worker answers for a job (its BullMQ return value). */
export interface QueuedResult {
  v: 1;
  /** The worker's name (`machine.pid`). */
  worker: string;
  result: TaskResult;
  /** What the worker held back from the job (a permission mode above its ceiling), one sentence each. */
  notes?: string[];
}

/** How high a worker lets a queued definition's permission mode go (see `PERMISSION_LADDER`). */
export type PermissionCeiling = "plan" | "default" | "acceptEdits" | "auto" | "bypassPermissions";

/** The outcome of one job as the submitter sees it, exactly once per job. */
export type JobOutcome =
  | { jobId: string; state: "completed"; worker: string; result: TaskResult; notes: string[] }
  | { jobId: string; state: "failed"; reason: string; worker?: string }
  | { jobId: string; state: "gone"; reason: string };
