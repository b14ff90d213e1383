import { discoverAgents } from "@roster/core";
import { applySync, planSync, type SyncEntry } from "@roster/writers";
import type { App } from "./context.js";
import { type Cell, line, paint, printJson, showPath, table } from "./output.js";
import { fieldSummary } from "./report-fields.js";
import { scopeOf, WRITERS, writersFor } from "./writers.js";

/** Flags of `roster sync`. */
export interface SyncFlags {
  to?: string;
  scope?: string;
  dryRun?: boolean;
}

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

/**
 * `roster sync --to TOOL[,TOOL…]`: every merged agent written for those tools; roster's own
 * files updated or removed, a person's file reported as a conflict and left alone.
 */
export async function syncCommand(app: App, flags: SyncFlags): Promise<number> {
  const writers = writersFor(flags.to, app.families);
  const scope = scopeOf(flags.scope);
  const o = app.output;
  const discovery = await discoverAgents(app.registry, app.ctx, { cache: app.cache });
  const plan = planSync({ ctx: app.ctx, discovery, writers, scope });
  const done = flags.dryRun ? plan.entries : applySync(plan);
  const trouble = done.filter(
    (e) =>
      e.action === "conflict" ||
      e.action === "failed" ||
      (e.action === "skip" && (e.code?.startsWith("export/") || e.code === "sync/unwritable")),
  );

  if (o.json) {
    printJson(o, {
      dryRun: flags.dryRun === true,
      scope,
      entries: done.map(({ content: _content, ...entry }) => entry),
    });
    return trouble.length > 0 ? 1 : 0;
  }
  const words = flags.dryRun ? WOULD : VERB;
  for (const writer of writers) {
    const entries = done.filter((e) => e.tool === writer.tool);
    o.out(line`${paint(o, "bold", writer.displayName)}  ${showPath(o, writer.agentsDir(app.ctx, scope))}`);
    if (entries.length === 0) {
      o.out("  nothing to write");
      continue;
    }
    const rows = entries.map((e): Cell[] => {
      const verb: Cell =
        e.action === "conflict" || e.action === "failed" ? paint(o, "red", words[e.action]) : words[e.action];
      const file = e.filePath ? showPath(o, e.filePath) : (e.agent ?? "");
      const note =
        e.fields && (e.action === "create" || e.action === "update" || e.action === "unchanged")
          ? [fieldSummary(e.fields), e.code === "sync/renamed" ? e.message : undefined]
              .filter(Boolean)
              .join("; ")
          : (e.message ?? "");
      // The empty first column indents the rows under the tool's heading.
      return ["", verb, file, note];
    });
    o.out(table({}, rows));
  }
  const count = (action: SyncEntry["action"]) => done.filter((e) => e.action === action).length;
  const totals = (["create", "update", "unchanged", "remove", "conflict", "skip", "failed"] as const)
    .filter((a) => count(a) > 0)
    .map((a) => `${count(a)} ${words[a]}`);
  o.out(`${totals.join(", ") || "nothing to do"}${flags.dryRun ? " (dry run: nothing written)" : ""}`);
  if (done.some((e) => e.fields?.some((f) => f.fate !== "kept"))) {
    o.out(`field by field: roster export NAME --to ${writers[0]?.tool ?? WRITERS[0]!.tool} --stdout`);
  }
  return trouble.length > 0 ? 1 : 0;
}
