import type { AgentWriter } from "@roster/family";
import { UsageError } from "./errors.js";
import type { AppFamilies } from "./families.js";
import { unknownValue } from "./unknown-name.js";

/**
 * The writers named by a `--to` value (`codex,gemini`) among `families`' writers; a usage
 * error names the choices. `flag`: the flag as the user typed it (`--for` of `roster new`).
 */
export function writersFor(to: string | undefined, families: AppFamilies, flag = "--to"): AgentWriter[] {
  const all = families.writers;
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
