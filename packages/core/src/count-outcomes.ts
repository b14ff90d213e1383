import type { FileOutcome, FileRecord } from "./types.js";

/** Files per outcome. */
export type OutcomeCounts = Record<FileOutcome, number>;

/** Outcome counts per kind of file: agents, commands and skills are counted apart. */
export type OutcomeCountsByKind = Record<FileRecord["kind"], OutcomeCounts>;

const none = (): OutcomeCounts => ({ loaded: 0, shadowed: 0, skipped: 0, "not-an-agent": 0, copy: 0 });

/**
 * How many files had each outcome, per kind of file. The one count of "shadowed", "skipped", …
 * every command prints (`doctor`'s totals, the HTML report's header), so two commands never
 * count the same word over different files (a shadowed command is not a shadowed agent).
 *
 * @example countOutcomes(discovery.files).agents.shadowed
 */
export function countOutcomes(files: readonly FileRecord[]): OutcomeCountsByKind {
  const counts: OutcomeCountsByKind = { agents: none(), commands: none(), skills: none() };
  for (const file of files) counts[file.kind][file.outcome] += 1;
  return counts;
}
