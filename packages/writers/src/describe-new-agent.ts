// What `roster new` says once its file is in place: that the tool loads it (and how that was
// checked), or the step of yours it waits for; then what became of each field not kept whole.
// Lines and a JSON value only (@roster/terminal): the CLI prints them.
import type { AgentWriter, FieldMapping } from "@roster/family";
import {
  type Fit,
  line,
  type PathBase,
  Styled,
  sentenceLines,
  showPath,
  showPaths,
  type Text,
} from "@roster/terminal";
import { fieldRows } from "./field-rows.js";
import type { NewAgentCheck } from "./judge-new-agent.js";

/** A new agent's file as `roster new` left it: what {@link describeNewAgent} and {@link newAgentJson} say. */
export interface NewAgentWritten {
  name: string;
  writer: Pick<AgentWriter, "tool" | "displayName">;
  scope: "project" | "user";
  filePath: string;
  /** What each asked field became in the tool's file. */
  fields: readonly FieldMapping[];
  /** The tool's own view of the file (@roster/writers' `checkNewAgent`); it loads, or asks first. */
  check: NewAgentCheck;
  /** Was the tool's own view asked (a tool with a profile), so the line can say how it was checked? */
  viewed: boolean;
}

/**
 * `roster new`'s lines: `created FILE — TOOL loads it as NAME` (and the `roster why` that
 * checked it), or, for a tool that loads it after a step of yours, that step as a yellow
 * sentence wrapped at spaces (never inside a path); then the fields not kept whole.
 */
export function describeNewAgent(view: Fit & PathBase, written: NewAgentWritten): Text[] {
  const { name, writer, check } = written;
  const target = showPath(view, written.filePath);
  const lines: Text[] = [];
  if (check.loads) {
    const checked = written.viewed ? ` (checked: roster why ${name} --as ${writer.tool})` : "";
    lines.push(
      line`created ${target} — ${writer.displayName} loads it as ${new Styled("bold", name)}${checked}`,
    );
  } else {
    const why = check.why === undefined ? "" : showPaths(view, check.why);
    const said = `created ${target} — ${writer.displayName} loads it after a step of yours: ${why}`;
    for (const piece of sentenceLines(view, said)) lines.push(new Styled("yellow", piece));
  }
  const notKept = written.fields.filter((f) => f.fate !== "kept");
  if (notKept.length > 0) lines.push(fieldRows(view, notKept));
  return lines;
}

/** `roster new --json`: the agent, its tool and file, whether the tool loads it (else the gate it waits at) and its fields. */
export function newAgentJson(written: NewAgentWritten): Record<string, unknown> {
  const { check } = written;
  return {
    name: written.name,
    tool: written.writer.tool,
    scope: written.scope,
    filePath: written.filePath,
    loads: check.loads,
    ...(check.asks && check.reason ? { reason: check.reason } : {}),
    fields: written.fields,
  };
}
