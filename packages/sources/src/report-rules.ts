// The rules a report of `add`, `install`, `update`, `outdated` and `remove` is read by: its
// exit code, what became of a finding, which files need a look, what each tool loads. Text
// and values only: the CLI prints them.
import type { OperationReport, OutdatedEntry } from "./operations.js";
import type { FileChange, Finding, SourceReport, ToolSummary } from "./types.js";

/** The exit code of a report: 1 when something was held back or in the way (a conflict), else 0. */
export function reportExitCode(report: Pick<OperationReport, "sources">): number {
  return report.sources.some((s) => s.held.length > 0 || s.files.some((f) => f.action === "conflict"))
    ? 1
    : 0;
}

/** The exit code of `outdated`: 1 when the newest commit of a source could not be learnt, else 0. */
export function outdatedExitCode(sources: readonly Pick<OutdatedEntry, "error">[]): number {
  return sources.some((s) => s.error) ? 1 : 0;
}

/**
 * What became of a finding's definition, after the finding (` — held back (--yes writes it)`,
 * ` — written (--yes)`, ` — written (accepted before)`, ` — not written`), or "" for a
 * finding that decides nothing.
 */
export function findingFate(finding: Finding, held: SourceReport["held"], yes: boolean): string {
  if (finding.level === "refused") return " — not written";
  if (finding.level !== "raising") return "";
  if (held.some((h) => h.kind === finding.kind && h.name === finding.name))
    return " — held back (--yes writes it)";
  return yes ? " — written (--yes)" : " — written (accepted before)";
}

/** The file actions said one line each: the ones that need a look. */
const LOUD: ReadonlySet<FileChange["action"]> = new Set(["conflict", "kept", "skip", "remove"]);

/** The files of a report that need a look, sorted out: one each, and a definition one writer refused for several tools once. */
export interface FilesToShow {
  /** Conflicts, kept and removed files, in order. */
  each: FileChange[];
  /** Definitions not written (`skip`), the same refusal for several tools once, with those tools. */
  skipped: Array<{ change: FileChange; tools: string[] }>;
  /** How many were created, updated and left unchanged, in that order, those with none left out. */
  counted: Array<{ action: "create" | "update" | "unchanged"; count: number }>;
}

/** Sorts a report's files into what needs a look and what is only counted. */
export function filesToShow(files: readonly FileChange[]): FilesToShow {
  const each: FileChange[] = [];
  const skips = new Map<string, { change: FileChange; tools: string[] }>();
  for (const f of files.filter((x) => LOUD.has(x.action))) {
    if (f.action !== "skip") {
      each.push(f);
      continue;
    }
    const key = `${f.kind}\0${f.name}\0${f.message}`;
    const seen = skips.get(key);
    if (seen) seen.tools.push(f.tool);
    else skips.set(key, { change: f, tools: [f.tool] });
  }
  const counted = (["create", "update", "unchanged"] as const)
    .map((action) => ({ action, count: files.filter((f) => f.action === action).length }))
    .filter((c) => c.count > 0);
  return { each, skipped: [...skips.values()], counted };
}

/** `claude: 12 of 12 · opencode: 11 of 12 (code-reviewer)`: what each tool loads of what was written. */
export function describeTools(tools: readonly ToolSummary[]): string {
  return tools
    .map((t) => {
      const what = t.kind === "agent" ? "" : ` ${t.kind}s`;
      const names = t.notLoaded.slice(0, 3).map((n) => n.name);
      const more = t.notLoaded.length > 3 ? `, ${t.notLoaded.length - 3} more` : "";
      return `${t.tool}${what}: ${t.loaded} of ${t.total}${names.length > 0 ? ` (${names.join(", ")}${more})` : ""}`;
    })
    .join(" · ");
}

/**
 * Each reason the tools will not load definitions: the definitions it holds for and the tools,
 * once for all of them (300 agents a tool refuses for one reason are one reason, not 300).
 */
export function notLoadedReasons(
  tools: readonly ToolSummary[],
): Array<{ names: string[]; message: string; tools: string[] }> {
  // Per definition and reason, the tools; then the definitions with the same reason and tools.
  const byName = new Map<string, { name: string; message: string; tools: string[] }>();
  for (const t of tools)
    for (const n of t.notLoaded) {
      const key = `${n.name}\0${n.reason.message}`;
      const seen = byName.get(key);
      if (seen) seen.tools.push(t.tool);
      else byName.set(key, { name: n.name, message: n.reason.message, tools: [t.tool] });
    }
  const reasons = new Map<string, { names: string[]; message: string; tools: string[] }>();
  for (const { name, message, tools: holding } of byName.values()) {
    const key = `${message}\0${holding.join(",")}`;
    const seen = reasons.get(key);
    if (seen) seen.names.push(name);
    else reasons.set(key, { names: [name], message, tools: holding });
  }
  return [...reasons.values()];
}
