// What `roster sync` and the skill copies (`sync --skills`, `export --skills`) say: per tool
// the files written, kept or refused, the totals and what to do next. Lines only
// (@roster/terminal): the CLI prints them.
import type { DiscoveryContext } from "@roster/core";
import type { AgentWriter } from "@roster/family";
import {
  type Cell,
  count,
  type Fit,
  headedTable,
  line,
  type PathBase,
  Styled,
  sentenceLines,
  showPath,
  type Text,
  table,
} from "@roster/terminal";
import type { SkillCopy } from "./copy-skill.js";
import type { SyncJudgement } from "./judge-sync.js";
import { summarizeFields } from "./summarize-fields.js";
import type { SyncEntry, SyncPlan } from "./sync-agents.js";

/** Where a sync is shown: paths from `cwd` and `home`, tables fitted to `columns`. */
export type SyncView = PathBase & Fit;

/** A sync that writes (creates, updates, removes) more files than this asks first (SPEC §16). */
export const SYNC_ASK_OVER = 20;

const VERB: Record<SyncEntry["action"], string> = {
  create: "created",
  update: "updated",
  unchanged: "unchanged",
  remove: "removed",
  conflict: "conflict",
  skip: "skipped",
  failed: "failed",
};
const WOULD: Record<SyncEntry["action"], string> = {
  create: "would create",
  update: "would update",
  unchanged: "unchanged",
  remove: "would remove",
  conflict: "conflict",
  skip: "skipped",
  failed: "failed",
};

/** How many files a sync's entries write or remove (what {@link SYNC_ASK_OVER} is measured on). */
export function syncWrites(entries: readonly SyncEntry[]): number {
  return entries.filter((e) => e.action === "create" || e.action === "update" || e.action === "remove")
    .length;
}

/**
 * What a large sync is (`this sync would write or remove 31 files in Claude Code's project
 * folders`), or undefined when it is small enough to write without asking.
 */
export function largeSync(options: {
  entries: readonly SyncEntry[];
  writers: readonly Pick<AgentWriter, "displayName">[];
  scope: "project" | "user";
}): string | undefined {
  const writes = syncWrites(options.entries);
  if (writes <= SYNC_ASK_OVER) return undefined;
  return `this sync would write or remove ${writes} files in ${options.writers.map((w) => w.displayName).join(", ")}'s ${options.scope} folders`;
}

/** `sync --json`: the entries without their content, the scope and the agents of the other scope. */
export function syncJson(options: {
  entries: readonly SyncEntry[];
  scope: "project" | "user";
  dryRun: boolean;
  otherScope: number;
}) {
  return {
    dryRun: options.dryRun,
    scope: options.scope,
    entries: options.entries.map(({ content: _content, ...entry }) => entry),
    otherScope: options.otherScope,
  };
}

/** What {@link describeSync} is told: the entries done (or planned, on a dry run), the writers and the judgement. */
export interface DescribeSyncOptions {
  ctx: DiscoveryContext;
  entries: readonly SyncEntry[];
  writers: readonly AgentWriter[];
  scope: "project" | "user";
  dryRun: boolean;
  plan: Pick<SyncPlan, "otherScope">;
  judged: SyncJudgement;
  /** The tool `field by field` names when no writer was given (the app's first). */
  fallbackTool: string;
}

/**
 * `roster sync`: per tool its folder and a row per file (created, conflict, …, with what
 * the translation lost), the totals, the agents of the other scope left out, and the hints.
 */
export function describeSync(view: SyncView, options: DescribeSyncOptions): Text[] {
  const { entries: done, writers, scope, dryRun, plan, judged } = options;
  const lines: Text[] = [];
  const words = dryRun ? WOULD : VERB;
  for (const writer of writers) {
    const entries = done.filter((e) => e.tool === writer.tool);
    lines.push(
      line`${new Styled("bold", writer.displayName)}  ${showPath(view, writer.agentsDir(options.ctx, scope))}`,
    );
    if (entries.length === 0) {
      lines.push("  nothing to write");
      continue;
    }
    const rows = entries.map((e): Cell[] => {
      const verb: Cell =
        e.action === "conflict" || e.action === "failed"
          ? new Styled("red", words[e.action])
          : words[e.action];
      const file = e.filePath ? showPath(view, e.filePath) : (e.agent ?? "");
      const note =
        e.fields && (e.action === "create" || e.action === "update" || e.action === "unchanged")
          ? [summarizeFields(e.fields), e.code === "sync/renamed" ? e.message : undefined]
              .filter(Boolean)
              .join("; ")
          : (e.message ?? "");
      // The empty first column indents the rows under the tool's heading.
      return ["", verb, file, note];
    });
    lines.push(table(view, rows, { wrap: true }));
  }
  const howMany = (action: SyncEntry["action"]) => done.filter((e) => e.action === action).length;
  const totals = (["create", "update", "unchanged", "remove", "conflict", "skip", "failed"] as const)
    .filter((a) => howMany(a) > 0)
    .map((a) => `${howMany(a)} ${words[a]}`);
  lines.push(`${totals.join(", ") || "nothing to do"}${dryRun ? " (dry run: nothing written)" : ""}`);
  if (plan.otherScope > 0) {
    const other = scope === "project" ? "user" : "project";
    const left = `${plan.otherScope} ${other} ${plan.otherScope === 1 ? "agent" : "agents"} left out: a ${scope} sync writes ${scope} agents only (--scope ${other} writes those)`;
    lines.push(...sentenceLines(view, left));
  }
  if (done.some((e) => e.fields?.some((f) => f.fate !== "kept")))
    lines.push(
      `field by field: roster export NAME --to ${writers[0]?.tool ?? options.fallbackTool} --stdout`,
    );
  if (judged.kept.length > 0 && !judged.fails) {
    const one = judged.kept.length === 1;
    const kept = `${judged.kept.length} ${one ? "file" : "files"} left as ${one ? "it is" : "they are"} (above); --strict makes that exit 1`;
    for (const piece of sentenceLines(view, kept)) lines.push(new Styled("dim", piece));
  }
  return lines;
}

/**
 * Skill copies (`sync --skills`, `export --skills`): a row each (action, skill, tool, folder,
 * result), then the files not copied; none at all says every skill is where its tools read it.
 */
export function describeSkillCopies(view: SyncView, copies: readonly SkillCopy[]): Text[] {
  if (copies.length === 0) return ["nothing to copy: every skill is already where each tool reads it"];
  const copied = (c: SkillCopy) => count(c.files.filter((f) => f.action === "copied").length, "file");
  const rows = copies.map((c) => [
    c.error
      ? new Styled(c.action === "conflict" ? "yellow" : "red", c.action)
      : new Styled("green", c.action),
    c.skill,
    c.tool,
    showPath(view, c.dir),
    c.error
      ? `${c.error.code}: ${c.error.message}`
      : c.loadsAs
        ? `loads as ${c.loadsAs}; ${copied(c)}`
        : copied(c),
  ]);
  const lines: Text[] = [
    headedTable(view, ["ACTION", "SKILL", "TOOL", "FOLDER", "RESULT"], rows, {
      keepEnd: [3],
      drop: [2],
      grow: 4,
    }),
  ];
  for (const c of copies)
    for (const f of c.files.filter((x) => x.action === "skipped"))
      lines.push(new Styled("dim", `  ${c.skill}: ${f.path} not copied (${f.reason})`));
  return lines;
}
