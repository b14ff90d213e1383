// What raises a permission (SPEC §17): one table, read by the hosts (what an untrusted
// project's agent may keep) and by the audit of a source (what needs `roster add --yes`).
import type { FamilyVocabulary } from "./define-family.js";
import type { Capability } from "./tool-names.js";

/** roster's permission modes that raise nothing: a project agent keeps these in a folder the user has not trusted. */
export const NON_RAISING_MODES: ReadonlySet<string> = new Set(["default", "plan"]);

/**
 * True when a permission mode in roster's words raises what the agent may do without asking
 * (`acceptEdits`, `bypassPermissions`, `dontAsk`, `auto`, and any mode roster does not know).
 *
 * @example raisesPermission("bypassPermissions") // true
 */
export function raisesPermission(mode: string): boolean {
  return !NON_RAISING_MODES.has(mode);
}

/** A setting of a definition that raises a permission, in its tool's own words. */
export interface RaisingSetting {
  key: string;
  value: string;
}

/**
 * The first field of `fields` (a definition's frontmatter or TOML table, keys as the reader
 * gives them) that one of `vocabularies` declares raising (`raisingSettings`: Codex's
 * `sandbox_mode = "danger-full-access"`, `approval_policy = "never"`), or undefined.
 */
export function raisingSetting(
  fields: Readonly<Record<string, unknown>> | undefined,
  vocabularies: readonly FamilyVocabulary[],
): RaisingSetting | undefined {
  if (!fields) return undefined;
  for (const vocabulary of vocabularies) {
    for (const [key, values] of Object.entries(vocabulary.raisingSettings ?? {})) {
      const value = Object.hasOwn(fields, key) ? fields[key] : undefined;
      if (typeof value === "string" && values.includes(value)) return { key, value };
    }
  }
  return undefined;
}

/** The capabilities that only read (plan mode's tools): pre-approving any other raises a permission. */
export const READING_CAPABILITIES: readonly Capability[] = [
  "read",
  "grep",
  "find",
  "ls",
  "lsp",
  "web_search",
];
