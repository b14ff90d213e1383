import { distance } from "fastest-levenshtein";

/** Options of {@link suggestNames}. */
export interface SuggestNamesOptions {
  /** How many names to return at most (default 3). */
  limit?: number;
}

/** Characters that start a new word inside a name: `cloud-infrastructure-kubernetes-architect`. */
const WORD_BREAK = /[-_:/. ]/;

/** Where `part` starts a word of `whole` (index 0 or just after a word break), or -1. */
function wordStart(whole: string, part: string): number {
  for (let at = whole.indexOf(part); at !== -1; at = whole.indexOf(part, at + 1)) {
    if (at === 0 || WORD_BREAK.test(whole[at - 1]!)) return at;
  }
  return -1;
}

/** The tails of `name` that start a word: `a-b-c` gives `a-b-c`, `b-c`, `c`. */
function wordTails(name: string): string[] {
  const tails = [name];
  for (let i = 0; i < name.length; i++) if (WORD_BREAK.test(name[i]!)) tails.push(name.slice(i + 1));
  return tails;
}

/**
 * True when `a` is `b` with two neighbouring characters swapped (`lsit`, `list`): one slip of
 * the fingers, which Levenshtein counts as two edits.
 */
function swapsNeighbours(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return i + 1 < a.length && a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
}

/** Edits between two names, a swap of neighbours counted as one (as Damerau counts it). */
function edits(a: string, b: string): number {
  const d = distance(a, b);
  return d === 2 && swapsNeighbours(a, b) ? 1 : d;
}

/**
 * Ranks one candidate: a lower score is closer; undefined when it is not close at all.
 * 1. the same name in another case; 2. the wanted text starts the candidate;
 * 3. it starts a word of the candidate; 4. the candidate starts a word of it;
 * 5. a few edits away from the candidate or from one of its word tails (a swap of
 *    neighbouring characters is one edit).
 */
function score(wanted: string, candidate: string): number | undefined {
  if (candidate === wanted) return 0;
  const gap = Math.abs(candidate.length - wanted.length) / 1000;
  if (wanted.length >= 2 && candidate.startsWith(wanted)) return 1 + gap;
  if (wanted.length >= 3 && wordStart(candidate, wanted) > 0) return 2 + gap;
  if (candidate.length >= 3 && wordStart(wanted, candidate) > 0) return 3 + gap;
  const allowed = Math.max(1, Math.floor(wanted.length / 3));
  let best = Number.POSITIVE_INFINITY;
  for (const tail of wordTails(candidate)) {
    if (Math.abs(tail.length - wanted.length) > allowed) continue;
    best = Math.min(best, edits(wanted, tail) + (tail === candidate ? 0 : 0.5));
  }
  return best <= allowed ? 4 + best / 100 + gap : undefined;
}

/**
 * The names closest to `wanted`, best first: case-insensitive, prefixes and word starts
 * before edit distance, ties kept in the order given. The one name suggester of roster
 * (the executor's refusals, the CLI's unknown names and doctor's did-you-mean use it).
 *
 * @example suggestNames("kubernetes-architect", ["cloud-infrastructure-kubernetes-architect", "explore"])
 * // ["cloud-infrastructure-kubernetes-architect"]
 */
export function suggestNames(
  wanted: string,
  names: readonly string[],
  options: SuggestNamesOptions = {},
): string[] {
  const limit = options.limit ?? 3;
  const target = wanted.toLowerCase();
  if (target.length === 0 || limit <= 0) return [];
  const ranked: Array<{ name: string; score: number; index: number }> = [];
  const seen = new Set<string>();
  names.forEach((name, index) => {
    if (seen.has(name)) return;
    seen.add(name);
    const s = score(target, name.toLowerCase());
    if (s !== undefined) ranked.push({ name, score: s, index });
  });
  ranked.sort((a, b) => a.score - b.score || a.index - b.index);
  return ranked.slice(0, limit).map((r) => r.name);
}
