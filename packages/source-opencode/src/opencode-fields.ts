import type { Diagnostic } from "@roster/core";
import { isRecord } from "@roster/core/provider-kit";

/** Tools an opencode `permission` key governs, in opencode's own tool names. */
export const PERMISSION_TOOLS: Readonly<Record<string, readonly string[]>> = {
  edit: ["edit", "write", "patch", "multiedit"],
  bash: ["bash"],
  webfetch: ["webfetch"],
  task: ["task"],
};

/** The result of {@link mapOpencodeAgent}: roster fields, and for a disabled agent the reason it is left out. */
export interface MappedOpencodeAgent {
  frontmatter: Record<string, unknown>;
  diagnostics: Diagnostic[];
  /** Set for `disable: true`: the `opencode/disabled` info that explains the skip. */
  disabled?: Diagnostic;
}

/**
 * Maps one opencode agent (markdown frontmatter or an `agent` entry of opencode.json) onto
 * roster's fields. Every original key stays, so roster keeps what it does not model in
 * `extra`; these are added:
 * - `name`: the `name` field when given (opencode lets it replace the path), else `id`;
 * - `steps` (or the older `maxSteps`) → `maxTurns`;
 * - `permission: { edit | bash | webfetch | task: "deny" }` and the legacy
 *   `tools: { bash: false }` → `disallowedTools` in opencode's tool names;
 * - `disable: true` → `disabled`, the reason the agent is skipped (opencode does not offer it).
 */
export function mapOpencodeAgent(data: Record<string, unknown>, id: string): MappedOpencodeAgent {
  const diagnostics: Diagnostic[] = [];
  const frontmatter: Record<string, unknown> = { ...data };
  frontmatter.name = typeof data.name === "string" && data.name.trim() !== "" ? data.name : id;
  const steps = data.steps ?? data.maxSteps;
  if (steps !== undefined && data.maxTurns === undefined) frontmatter.maxTurns = steps;

  const denied: string[] = [];
  if (isRecord(data.permission)) {
    for (const [key, value] of Object.entries(data.permission)) {
      // A pattern map (`bash: { "git *": allow, "*": deny }`) is kept in extra, not flattened.
      if (value === "deny") denied.push(...(PERMISSION_TOOLS[key] ?? [key]));
    }
  }
  if (isRecord(data.tools)) {
    for (const [tool, enabled] of Object.entries(data.tools)) if (enabled === false) denied.push(tool);
  }
  if (denied.length > 0) frontmatter.disallowedTools = [...new Set(denied)];

  if (data.disable !== true) return { frontmatter, diagnostics };
  const disabled: Diagnostic = {
    severity: "info",
    code: "opencode/disabled",
    message: `skipped: agent "${String(frontmatter.name)}" has disable: true; opencode does not offer it, so roster leaves it out`,
  };
  return { frontmatter, diagnostics, disabled };
}
