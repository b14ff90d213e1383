import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import { HOST_ID } from "./names.js";
import type { QueuedJob, QueuedResult } from "./types.js";

/** The most characters a job's JSON text may hold; a longer one is refused before it is parsed. */
export const MAX_JOB_CHARS = 6 * 1024 * 1024;

/** The most characters a worker's answer may hold (output and stderr are capped well below). */
export const MAX_RESULT_CHARS = 4 * 1024 * 1024;

const KiB = 1024;
const MiB = 1024 * KiB;

/** A name-like string: an agent, a host, a task id. No control characters. */
const name = (max = 256) => ({
  type: "string",
  minLength: 1,
  maxLength: max,
  pattern: "^[^\\u0000-\\u001f\\u007f]*$",
});
const text = (max: number) => ({ type: "string", maxLength: max });
/** A list of words that reach a host's command line (tools, models): none reads as an option. */
const list = (max = 1000) => ({
  type: "array",
  maxItems: max,
  items: { type: "string", maxLength: KiB, pattern: "^(?!-)[^\\u0000-\\u001f\\u007f]*$" },
});

/** What a job may hold, every field bounded (JSON Schema, checked by Ajv). */
const JOB_SCHEMA = {
  type: "object",
  additionalProperties: false,
  required: ["v", "taskId", "host", "agent", "prompt", "session", "repo", "submittedBy"],
  properties: {
    v: { const: 1 },
    taskId: name(),
    host: { type: "string", pattern: HOST_ID.source },
    agent: {
      type: "object",
      additionalProperties: false,
      required: ["name", "description", "systemPrompt", "source", "provider"],
      properties: {
        name: name(),
        description: text(64 * KiB),
        systemPrompt: text(MiB),
        tools: list(),
        spawns: { anyOf: [{ const: "*" }, list()] },
        model: list(64),
        thinkingLevel: { enum: ["inherit", "off", "minimal", "low", "medium", "high", "xhigh"] },
        // The agent's JTD schema: any JSON here; the worker's executor checks its shape and size.
        output: {},
        source: { enum: ["bundled", "user", "project"] },
        provider: name(),
        filePath: text(4 * KiB),
        disallowedTools: list(),
        permissionMode: name(64),
        toolsAsWritten: list(),
        maxTurns: { type: "integer", minimum: 1, maximum: 100_000 },
      },
    },
    prompt: text(3 * MiB),
    schema: text(256 * KiB),
    session: {
      type: "object",
      additionalProperties: false,
      required: ["depth", "planMode", "maxRecursionDepth"],
      properties: {
        depth: { type: "integer", minimum: 0, maximum: 1000 },
        spawns: text(64 * KiB),
        planMode: { type: "boolean" },
        maxRecursionDepth: { type: "integer", minimum: -1, maximum: 1000 },
        blockedAgent: name(),
        timeoutMs: { type: "integer", minimum: 1, maximum: 2 ** 31 - 1 },
        modelOverride: { anyOf: [text(KiB), list(64)] },
      },
    },
    repo: {
      type: "object",
      additionalProperties: false,
      required: ["url", "commit", "label"],
      properties: {
        url: {
          type: "string",
          minLength: 1,
          maxLength: 2 * KiB,
          pattern: "^[^\\u0000-\\u0020\\u007f-][^\\u0000-\\u001f\\u007f]*$",
        },
        commit: { type: "string", pattern: "^([0-9a-f]{40}|[0-9a-f]{64})$" },
        label: name(),
      },
    },
    submittedBy: name(),
  },
} as const;

/** What a worker's answer may hold. */
const RESULT_SCHEMA = {
  type: "object",
  required: ["v", "worker", "result"],
  properties: {
    v: { const: 1 },
    worker: name(),
    notes: { type: "array", maxItems: 100, items: text(4 * KiB) },
    result: {
      type: "object",
      required: ["id", "agent", "source", "exitCode", "output", "stderr", "truncated", "durationMs"],
      properties: {
        id: name(),
        agent: name(),
        source: { enum: ["bundled", "user", "project"] },
        exitCode: { anyOf: [{ type: "integer" }, { type: "null" }] },
        output: text(2 * MiB),
        stderr: text(2 * MiB),
        truncated: { type: "boolean" },
        durationMs: { type: "number", minimum: 0 },
        data: {},
        error: text(64 * KiB),
        aborted: { type: "boolean" },
        sessionId: name(),
        cost: {
          type: "object",
          additionalProperties: false,
          required: ["amount", "unit"],
          properties: { amount: { type: "number" }, unit: { enum: ["usd", "premium-requests"] } },
        },
        code: name(),
      },
    },
  },
} as const;

let compiled: { job: ValidateFunction; result: ValidateFunction } | undefined;

/** The validators, compiled on first use (a `queue status` never needs them). */
function validators() {
  if (!compiled) {
    const ajv = new Ajv({ allErrors: false, strict: true, allowUnionTypes: true });
    compiled = { job: ajv.compile(JOB_SCHEMA), result: ajv.compile(RESULT_SCHEMA) };
  }
  return compiled;
}

/** Ajv's first complaint, as one sentence: where, and what is wrong. */
function firstProblem(errors: ErrorObject[] | null | undefined): string {
  const error = errors?.[0];
  if (!error) return "it does not have the expected shape";
  const where = error.instancePath === "" ? "the job" : error.instancePath.slice(1).replaceAll("/", ".");
  const extra = (error.params as { additionalProperty?: string }).additionalProperty;
  return extra !== undefined
    ? `${where} has an unknown field "${extra.slice(0, 64)}"`
    : `${where} ${error.message}`;
}

/**
 * Reads a job's data as the worker receives it: its size first, then JSON, then every field's
 * type and bound. Never throws; a bad job answers with the reason it is refused.
 */
export function parseJob(data: unknown): { job: QueuedJob } | { error: string } {
  if (typeof data !== "string") return { error: "the job's data is not roster's (JSON text expected)" };
  if (data.length > MAX_JOB_CHARS)
    return { error: `the job is ${data.length} characters long; a job holds at most ${MAX_JOB_CHARS}` };
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return { error: "the job's data is not JSON" };
  }
  const { job } = validators();
  if (!job(value)) return { error: `the job was refused: ${firstProblem(job.errors)}` };
  return { job: value as unknown as QueuedJob };
}

/** A job's data: its JSON text (checked against the same schema the worker applies). */
export function encodeJob(job: QueuedJob): string {
  const text = JSON.stringify(job);
  const checked = parseJob(text);
  if ("error" in checked) throw new TypeError(`roster would queue a job no worker takes: ${checked.error}`);
  return text;
}

/**
 * Reads a worker's answer as the submitter receives it (from Redis: untrusted too). Fields
 * beyond the known ones are dropped by the submitter's executor; the known ones are checked here.
 */
export function parseResult(value: unknown): { result: QueuedResult } | { error: string } {
  if (typeof value === "string") {
    if (value.length > MAX_RESULT_CHARS) return { error: "the worker's answer is too long" };
    try {
      value = JSON.parse(value);
    } catch {
      return { error: "the worker's answer is not JSON" };
    }
  }
  const { result } = validators();
  if (!result(value)) return { error: `the worker's answer was refused: ${firstProblem(result.errors)}` };
  return { result: value as unknown as QueuedResult };
}
