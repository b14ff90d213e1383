import type { AgentWriter } from "@roster/core";
import { claudeWriter } from "@roster/source-claude";
import { codexWriter } from "@roster/source-codex";
import { copilotWriter } from "@roster/source-copilot";
import { cursorWriter } from "@roster/source-cursor";
import { geminiWriter } from "@roster/source-gemini";
import { opencodeWriter } from "@roster/source-opencode";
import { xcshWriter } from "@roster/source-xcsh";
import { UsageError } from "./errors.js";
import { unknownValue } from "./unknown-name.js";

/** Every tool `roster export` and `roster sync` write for, in the registry's order. */
export const WRITERS: readonly AgentWriter[] = [
  xcshWriter,
  claudeWriter,
  codexWriter,
  geminiWriter,
  opencodeWriter,
  copilotWriter,
  cursorWriter,
];

/** The writers named by a `--to` value (`codex,gemini`); a usage error names the choices. */
export function writersFor(to: string | undefined): AgentWriter[] {
  const names = (to ?? "")
    .split(",")
    .map((n) => n.trim())
    .filter(Boolean);
  const choices = WRITERS.map((w) => w.tool).join(", ");
  if (names.length === 0) throw new UsageError(`--to needs a tool: one of ${choices}`);
  return [...new Set(names)].map((name) => {
    const writer = WRITERS.find((w) => w.tool === name);
    if (!writer)
      throw unknownValue(
        "tool",
        "--to",
        name,
        WRITERS.map((w) => w.tool),
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
