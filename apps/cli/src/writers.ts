import type { AgentWriter } from "@roster/family";
import { UsageError } from "./errors.js";
import { type AppFamily, FAMILIES } from "./families.js";
import { unknownValue } from "./unknown-name.js";

/** The writers of `families`, in their order: what `--to` takes. */
export function writersOf(families: readonly AppFamily[]): AgentWriter[] {
  return families.flatMap((f) => (f.writer ? [f.writer] : []));
}

/** Every built-in tool `roster export` and `roster sync` write for, in the registry's order. */
export const WRITERS: readonly AgentWriter[] = writersOf(FAMILIES);

/**
 * The writers named by a `--to` value (`codex,gemini`) among `families`' writers; a usage
 * error names the choices. `flag`: the flag as the user typed it (`--for` of `roster new`).
 */
export function writersFor(
  to: string | undefined,
  families: readonly AppFamily[] = FAMILIES,
  flag = "--to",
): AgentWriter[] {
  const all = writersOf(families);
  const names = (to ?? "")
    .split(",")
    .map((n) => n.trim())
    .filter(Boolean);
  const choices = all.map((w) => w.tool).join(", ");
  if (names.length === 0) throw new UsageError(`${flag} needs a tool: one of ${choices}`);
  return [...new Set(names)].map((name) => {
    const writer = all.find((w) => w.tool === name);
    if (!writer)
      throw unknownValue(
        "tool",
        flag,
        name,
        all.map((w) => w.tool),
      );
    return writer;
  });
}

/** `--scope` checked: `project` (default) or `user`. */
export function scopeOf(scope: string | undefined): "project" | "user" {
  if (scope === undefined || scope === "project") return "project";
  if (scope === "user") return "user";
  throw unknownValue("scope", "--scope", scope, ["project", "user"]);
}
