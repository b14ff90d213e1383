import { createInterface } from "node:readline/promises";
import { discoverAgents } from "@roster/core";
import { pinnedPaths } from "@roster/sources";
import {
  applySync,
  describeSync,
  judgeSync,
  largeSync,
  planSync,
  SYNC_ASK_OVER,
  SyncNameError,
  syncJson,
  syncNamesOf,
  unknownRenamed,
} from "@roster/writers";
import type { App } from "../../context.js";
import { UsageError } from "../../errors.js";
import { printJson, printNotes } from "../../output.js";
import { unknownName } from "../../unknown-name.js";
import { scopeOf, writersFor } from "../../writers.js";

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
  const names = syncNames(flags.name);
  const discovery = await discoverAgents(app.registry, app.ctx, { cache: app.cache });
  // A name for an agent that is not here renames nothing: said, with the closest names.
  const missing = unknownRenamed(discovery, names);
  if (missing) throw unknownName("agent", missing.agent, missing.ids);
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
  const what = flags.dryRun || flags.yes ? undefined : largeSync({ entries: plan.entries, writers, scope });
  if (what !== undefined) {
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

  const dryRun = flags.dryRun === true;
  if (o.json) printJson(o, syncJson({ entries: done, scope, dryRun, otherScope: plan.otherScope }));
  else
    for (const text of describeSync(o, {
      ctx: app.ctx,
      entries: done,
      writers,
      scope,
      dryRun,
      plan,
      judged,
      fallbackTool: app.families.writers[0]!.tool,
    }))
      o.out(text);
  return judged.fails ? 1 : 0;
}

/** `--name` values as agent → name (@roster/writers' `syncNamesOf`); a bad one is a usage error. */
function syncNames(values: readonly string[] | undefined): Map<string, string> {
  try {
    return syncNamesOf(values);
  } catch (error) {
    throw error instanceof SyncNameError ? new UsageError(error.message) : error;
  }
}
