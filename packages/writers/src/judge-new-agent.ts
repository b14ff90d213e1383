// What `roster new NAME --for TOOL` decides: the instructions a new agent starts with, what a
// tool would lose of what was asked, and whether the tool's own view loads the file written.
// Values and sentences only: the CLI writes, removes, prints and exits.
import type { FieldMapping } from "@roster/family";
import type { ToolViewAgent, ToolViewFile } from "@roster/profiles";

/** The gates a person passes in the tool itself (trusting a folder, acknowledging an agent): the file is right, the tool asks first. */
export const ASKS_FIRST: ReadonlySet<string> = new Set(["tool/untrusted", "tool/unacknowledged"]);

/** The instructions a new agent gets without `--prompt`: what to write there. */
export function starterPrompt(name: string, description: string): string {
  return [
    `You are ${name}. ${description}`,
    "",
    "Write this agent's instructions here: what it is given, how it works, and what it hands back.",
    "",
  ].join("\n");
}

/** The fields a new agent would not get whole (dropped, or part of its value lost). */
export function lostFields(fields: readonly FieldMapping[]): FieldMapping[] {
  return fields.filter((f) => f.fate === "dropped" || f.lost !== undefined);
}

/** Why `roster new` writes nothing when a tool has no place for some of what was asked. */
export function lossyNewMessage(displayName: string, lost: readonly FieldMapping[]): string {
  const what = lost.map((f) => (Array.isArray(f.lost) ? f.lost.join(", ") : f.field));
  return `${displayName} has no place for ${what.join(", ")}; nothing written (leave it out, or another tool)`;
}

/** What a tool's own view says about NAME (`roster why NAME --as TOOL`): its winner and NAME's files. */
export interface ToolResolution {
  displayName: string;
  winner?: Pick<ToolViewAgent, "filePath">;
  files: ReadonlyArray<Pick<ToolViewFile, "filePath" | "reason">>;
}

/** Whether the file written loads as NAME: at once, after a step in the tool (`asks`), or not (`why`, `code`). */
export interface NewAgentCheck {
  loads: boolean;
  /** The tool loads it once a person says so in the tool (a folder to trust, an agent to acknowledge). */
  asks: boolean;
  /** Why it does not load (yet), as the tool's view says it; undefined when it loads. */
  why: string | undefined;
  /** The code of the file's reason, when it has one. */
  code: string | undefined;
  /** The file's reason (a gate a person passes), for `--json`. */
  reason: ToolViewFile["reason"] | undefined;
}

/**
 * Judges a new agent's file by the tool's own view (`check`, undefined for a tool without a
 * profile: taken as loading): it loads when it is the winner of NAME.
 */
export function checkNewAgent(options: {
  check: ToolResolution | undefined;
  filePath: string;
  name: string;
}): NewAgentCheck {
  const { check, filePath, name } = options;
  const mine = check?.files.find((f) => f.filePath === filePath);
  const loads = check === undefined || check.winner?.filePath === filePath;
  const asks = !loads && mine?.reason !== undefined && ASKS_FIRST.has(mine.reason.code);
  const why =
    loads || check === undefined
      ? undefined
      : (mine?.reason?.message ??
        (check.winner
          ? `${check.displayName} loads ${check.winner.filePath ?? "its built-in"} for ${name} instead`
          : `${check.displayName} does not load it`));
  return { loads, asks, why, code: mine?.reason?.code, reason: mine?.reason };
}
