import { createInterface } from "node:readline/promises";
import { discoverAgents } from "@roster/core";
import { pinnedPaths } from "@roster/sources";
import { applySync, judgeSync, planSync, type SyncEntry } from "@roster/writers";
import type { App } from "./context.js";
import { UsageError } from "./errors.js";
import { type Cell, line, paint, printJson, printNotes, sentenceLines, showPath, table } from "./output.js";
import { fieldSummary } from "./report-fields.js";
import { unknownName } from "./unknown-name.js";
import { scopeOf, writersFor } from "./writers.js";

/** Flags of `roster sync`. */
export interface SyncFlags {
  to?: string;
  scope?: string;
  dryRun?: boolean;
  /** Write a large sync without asking (SPEC §16). */
  yes?: boolean;
  /** Exit 1 when anything was kept (a conflict, an agent the tool cannot take), not only when a write failed. */
  strict?: boolean;
  /** `AGENT=NEW`, repeatable: write that agent under another name (kept for later syncs). */
  name?: string[];
}

/**
 * `--name AGENT=NEW` values as agent → name. The last `=` splits (an agent's name may hold
 * one, a name a file is made of never does); each agent once; either side empty is a usage error.
 */
export function namesOf(values: readonly string[] | undefined): Map<string, string> {
  const names = new Map<string, string>();
  for (const value of values ?? []) {
    const at = value.lastIndexOf("=");
    const agent = at === -1 ? "" : value.slice(0, at);
    const name = at === -1 ? "" : value.slice(at + 1);
    if (agent === "" || name.trim() === "")
      throw new UsageError(
        `--name takes AGENT=NEW (as in --name CSharpExpert=csharp-expert), not ${JSON.stringify(value)}`,
      );
    if (names.has(agent) && names.get(agent) !== name)
      throw new UsageError(`--name names ${JSON.stringify(agent)} twice`);
    names.set(agent, name);
  }
  return names;
}

/** A sync that writes (creates, updates, removes) more files than this asks first (SPEC §16). */
export const SYNC_ASK_OVER = 20;

/** Where the question goes: a person at a terminal (stdin and stdout a TTY), or nobody. */
export interface SyncPrompt {
  /** Is a person there to answer (stdin and stdout are terminals)? */
  interactive: boolean;
  /** Asks the question; true for yes. */
  confirm(question: string): Promise<boolean>;
}

/** The process's terminal: asks on stderr, reads one line of stdin; `y` or `yes` is yes. */
export const terminalPrompt: SyncPrompt = {
  interactive: process.stdin.isTTY === true && process.stdout.isTTY === true,
  async confirm(question) {
    const rl = createInterface({ input: process.stdin, output: process.stderr });
    try {
      return /^\s*y(es)?\s*$/i.test(await rl.question(question));
    } finally {
      rl.close();
    }
  },
};

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
export async function syncCommand(
  app: App,
  flags: SyncFlags,
  prompt: SyncPrompt = terminalPrompt,
): Promise<number> {
  const writers = writersFor(flags.to, app.families);
  const scope = scopeOf(flags.scope);
  const o = app.output;
  const names = namesOf(flags.name);
  const discovery = await discoverAgents(app.registry, app.ctx, { cache: app.cache });
  // A name for an agent that is not here renames nothing: said, with the closest names.
  if (names.size > 0) {
    const idsOf = (a: (typeof discovery.agents)[number]) =>
      a.plugin ? [a.name, `${a.plugin.name}:${a.name}`] : [a.name];
    const ids = new Set([
      ...discovery.agents.flatMap(idsOf),
      ...discovery.shadowed.flatMap((s) => idsOf(s.agent)),
    ]);
    for (const agent of names.keys()) if (!ids.has(agent)) throw unknownName("agent", agent, [...ids]);
  }
  // The files a source wrote are its own: a sync leaves them (and says so for a lock it cannot read).
  const pinned = pinnedPaths(app.ctx);
  printNotes(o, pinned.problems);
  const plan = planSync({
    ctx: app.ctx,
    discovery,
    writers,
    tools: app.families.tools,
    scope,
    trustProject: app.loaded.project?.trusted === true,
    pinned: pinned.paths,
    ...(names.size > 0 ? { names } : {}),
  });
  // A large sync is confirmed by a person, or by --yes; with nobody to ask, it is refused.
  const writes = plan.entries.filter(
    (e) => e.action === "create" || e.action === "update" || e.action === "remove",
  ).length;
  if (!flags.dryRun && !flags.yes && writes > SYNC_ASK_OVER) {
    const what = `this sync would write or remove ${writes} files in ${writers.map((w) => w.displayName).join(", ")}'s ${scope} folders`;
    if (!prompt.interactive)
      throw new UsageError(
        `${what} (more than ${SYNC_ASK_OVER}): pass --yes to write them (--dry-run lists them first)`,
      );
    if (!(await prompt.confirm(`roster: ${what}. Write them? [y/N] `))) {
      o.err("roster: nothing written (--dry-run lists the files; --yes skips this question)");
      return 1;
    }
  }
  const done = flags.dryRun ? plan.entries : applySync(plan);
  // Conflicts and refused agents are kept and reported; a failed write (or, --strict, anything kept) fails.
  const judged = judgeSync(done, { strict: flags.strict === true });

  if (o.json) {
    printJson(o, {
      dryRun: flags.dryRun === true,
      scope,
      entries: done.map(({ content: _content, ...entry }) => entry),
      otherScope: plan.otherScope,
    });
    return judged.fails ? 1 : 0;
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
    o.out(table(o, rows, { wrap: true }));
  }
  const count = (action: SyncEntry["action"]) => done.filter((e) => e.action === action).length;
  const totals = (["create", "update", "unchanged", "remove", "conflict", "skip", "failed"] as const)
    .filter((a) => count(a) > 0)
    .map((a) => `${count(a)} ${words[a]}`);
  o.out(`${totals.join(", ") || "nothing to do"}${flags.dryRun ? " (dry run: nothing written)" : ""}`);
  if (plan.otherScope > 0) {
    const other = scope === "project" ? "user" : "project";
    const left = `${plan.otherScope} ${other} ${plan.otherScope === 1 ? "agent" : "agents"} left out: a ${scope} sync writes ${scope} agents only (--scope ${other} writes those)`;
    for (const piece of sentenceLines(o, left)) o.out(piece);
  }
  if (done.some((e) => e.fields?.some((f) => f.fate !== "kept"))) {
    o.out(
      `field by field: roster export NAME --to ${writers[0]?.tool ?? app.families.writers[0]!.tool} --stdout`,
    );
  }
  if (judged.kept.length > 0 && !judged.fails) {
    const kept = `${judged.kept.length} ${judged.kept.length === 1 ? "file" : "files"} left as ${judged.kept.length === 1 ? "it is" : "they are"} (above); --strict makes that exit 1`;
    for (const piece of sentenceLines(o, kept)) o.out(paint(o, "dim", piece));
  }
  return judged.fails ? 1 : 0;
}
