import type { SyncEntry } from "./sync-agents.js";

/** What a sync's entries say about the run: whether it did what was asked. */
export interface SyncJudgement {
  /** Files that could not be written although roster meant to (`failed`): the sync did not do what was asked. */
  failed: SyncEntry[];
  /**
   * Files left as they are on purpose, each reported with its reason: a file a person wrote in
   * the way (`conflict`), an agent the tool cannot take (`skip` with an `export/*` code) or a
   * path no file system takes (`sync/unwritable`). Kept is what a sync promises to do with them.
   */
  kept: SyncEntry[];
  /** True when the run fails: anything failed, or (`strict`) anything was kept. */
  fails: boolean;
}

/**
 * Judges a sync by its entries (SPEC §13: a person's file is reported and left untouched):
 * a file that failed to be written fails the run; files kept on purpose are reported and
 * fail it only when `strict` (`roster sync --strict`, for CI).
 *
 * @example judgeSync(applySync(plan), { strict: false }).fails // false with conflicts alone
 */
export function judgeSync(entries: readonly SyncEntry[], options: { strict?: boolean } = {}): SyncJudgement {
  const failed = entries.filter((e) => e.action === "failed");
  const kept = entries.filter(
    (e) =>
      e.action === "conflict" ||
      (e.action === "skip" && (e.code?.startsWith("export/") === true || e.code === "sync/unwritable")),
  );
  return { failed, kept, fails: failed.length > 0 || (options.strict === true && kept.length > 0) };
}
