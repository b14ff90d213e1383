import { join } from "node:path";
import type { TaskInvocation } from "@roster/executor";
import { raisesPermission } from "@roster/family";
import { jtdToJsonSchema } from "./jtd-to-json-schema.js";
import type { PlanContext } from "./types.js";

/** No argv element may be longer than this many bytes; longer texts go through stdin or a file. */
export const MAX_ARG_BYTES = 100 * 1024;

/** The guardrail variables every host child gets (SPEC §6 child contract). */
export function guardEnv(invocation: TaskInvocation, ctx: PlanContext): Record<string, string> {
  return {
    ROSTER_TASK_DEPTH: String(ctx.depth),
    ROSTER_SPAWNS: invocation.spawns,
    // A host that calls roster again cannot start this same agent from inside itself.
    PI_BLOCKED_AGENT: invocation.agent,
  };
}

/** The command and leading args: the user's `hosts.<id>` config, or the default name. */
export function baseCommand(defaultCommand: string, ctx: PlanContext): { command: string; args: string[] } {
  return { command: ctx.host?.command ?? defaultCommand, args: [...(ctx.host?.args ?? [])] };
}

/** A path in the run's temporary folder. */
export function runFile(ctx: PlanContext, name: string): string {
  return join(ctx.tmpDir, name);
}

/** True when the invocation asks for a structured result. */
export function hasSchema(invocation: TaskInvocation): boolean {
  return invocation.outputSchema !== null && invocation.outputSchema !== undefined;
}

/**
 * For hosts without a structured-output flag: the task prompt ends with what shape to answer
 * in. roster validates the answer against the JTD schema itself.
 */
export function promptWithSchema(invocation: TaskInvocation): string {
  if (!hasSchema(invocation)) return invocation.prompt;
  let shape: unknown;
  try {
    shape = jtdToJsonSchema(invocation.outputSchema);
  } catch {
    shape = invocation.outputSchema;
  }
  return `${invocation.prompt}\n\nAnswer with one JSON value and nothing else. It must match this JSON Schema:\n${JSON.stringify(shape)}`;
}

/**
 * The permission mode a host may be given. In a project the user has not trusted
 * (`ctx.trustProject` false), a project agent's mode that raises permissions
 * (`acceptEdits`, `bypassPermissions`, `dontAsk`, …) is dropped, with a sentence in `trustNotes`.
 */
export function allowedPermissionMode(
  invocation: TaskInvocation,
  ctx: PlanContext,
  trustNotes: string[],
): string | undefined {
  const mode = invocation.permissionMode ?? undefined;
  if (mode === undefined) return undefined;
  if (!ctx.trustProject && invocation.source === "project" && raisesPermission(mode)) {
    addNote(
      trustNotes,
      `permission mode "${mode}" of project agent "${invocation.agent}" was dropped: the project is not trusted`,
    );
    return undefined;
  }
  return mode;
}

/** Adds a trust note once. */
export function addNote(trustNotes: string[], note: string): void {
  if (!trustNotes.includes(note)) trustNotes.push(note);
}

/**
 * Whether a host may pre-approve only read-only tools for this invocation (SPEC §17): an agent
 * of a project the user has not trusted. Its `tools` limit what it may use; they grant nothing.
 * In plan mode the tools are roster's own (`PLAN_MODE_TOOLS`, the user's `--plan-mode`), not
 * the agent file's.
 */
export function approvesReadOnlyOnly(invocation: TaskInvocation, ctx: PlanContext): boolean {
  return !ctx.trustProject && invocation.source === "project" && !invocation.planMode;
}

/**
 * The host tool names a host may run without asking for this invocation: all of `names`, or
 * (an untrusted project's agent) only the read-only ones (`ctx.tools.isReadOnlyTool`). The rest are
 * `withheld`, for the host's trust note.
 */
export function preApprovable(
  names: readonly string[],
  invocation: TaskInvocation,
  ctx: PlanContext,
): { approved: string[]; withheld: string[] } {
  if (!approvesReadOnlyOnly(invocation, ctx)) return { approved: [...names], withheld: [] };
  const readOnly = (name: string) => ctx.tools.isReadOnlyTool(name);
  return { approved: names.filter(readOnly), withheld: names.filter((n) => !readOnly(n)) };
}

/** A TOML basic string (what `-c key=value` of Codex parses). */
export function tomlString(text: string): string {
  // Lone surrogates are not TOML: replace them, as String.prototype.toWellFormed (ES2024) would.
  const wellFormed = text.replace(
    /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
    "\ufffd",
  );
  return JSON.stringify(wellFormed).replace(/\u007f/g, "\\u007F");
}

/** The agent name as a host-side id: lower-case letters, digits and dashes. */
export function hostAgentId(name: string): string {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return `roster-${slug || "agent"}`;
}

/** Parses every line that is a JSON object; other lines are skipped. */
export function jsonLines(text: string): Array<Record<string, unknown>> {
  const events: Array<Record<string, unknown>> = [];
  for (const line of text.split("\n")) {
    const t = line.trim();
    if (!t.startsWith("{")) continue;
    try {
      const value = JSON.parse(t) as unknown;
      if (value && typeof value === "object" && !Array.isArray(value))
        events.push(value as Record<string, unknown>);
    } catch {
      // Not an event line.
    }
  }
  return events;
}

/** One JSON object from a whole text, or undefined. */
export function jsonObject(text: string): Record<string, unknown> | undefined {
  const t = text.trim();
  if (!t.startsWith("{")) return undefined;
  try {
    const value = JSON.parse(t) as unknown;
    return value && typeof value === "object" && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** A JSON answer: the whole text, or the last fenced ```json block in it. */
export function jsonAnswer(text: string): unknown {
  const t = text.trim();
  if (t.startsWith("{") || t.startsWith("[")) {
    try {
      return JSON.parse(t) as unknown;
    } catch {
      // Fall through to a fenced block.
    }
  }
  // A block ends at a "\n```": past the last one no block can close, and an opening there
  // would search the rest of the text in vain, once per opening (quadratic in a host's output).
  const closer = t.lastIndexOf("\n```");
  if (closer < 0) return undefined;
  const blocks = [...t.slice(0, closer + 4).matchAll(/```(?:json)?\s*\n([\s\S]*?)\n```/g)];
  const last = blocks.at(-1)?.[1];
  if (last === undefined) return undefined;
  try {
    return JSON.parse(last) as unknown;
  } catch {
    return undefined;
  }
}

/** The line of a stderr that states the error (`Error: …`), else its first non-empty line. */
export function errorLine(text: string): string {
  const lines = text
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l);
  return lines.find((l) => /^(error|fatal)\b\s*:?/i.test(l)) ?? lines[0] ?? "";
}

/** A string field of an event. */
export function str(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}
