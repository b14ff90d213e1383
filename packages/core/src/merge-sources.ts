import { deferRecordDiagnostics, deferredOf } from "./deferred-body.js";
import { deepFreeze } from "./freeze.js";
import { mergeFirstWins } from "./merge-first-wins.js";
import type { Source, SourcesRead } from "./read-sources.js";
import type {
  Diagnostic,
  DiscoveryKind,
  FileOutcome,
  FileRecord,
  FileRecordBase,
  SkipReason,
} from "./types.js";

/** What a consumer (agents, commands) makes of one readable source. */
export type Interpretation<T> =
  | { kind: "definition"; value: T; diagnostics: readonly Diagnostic[] }
  /** `reason` is one of `diagnostics` (the record keeps it as its {@link SkipReason}). */
  | { kind: "skipped"; name?: string; reason: Diagnostic; diagnostics: readonly Diagnostic[] }
  | { kind: "not-an-agent"; diagnostics: readonly Diagnostic[] };

/** A source that a consumer interprets: a parsed file or a provider's item. */
export type ReadableSource = Extract<Source, { kind: "file" | "item" }>;

/** Options of {@link mergeSources}. */
export interface MergeSourcesOptions<T> {
  read: SourcesRead;
  kind: DiscoveryKind;
  interpret: (source: ReadableSource) => Interpretation<T>;
  /** How a winner is named in `shadowedBy`: its file, or its provider. */
  idOf: (winner: T) => string;
  /**
   * Is this definition a copy roster wrote (SPEC §16)? A copy never outranks or shadows: it
   * is listed under the definition of its name, and loads, last of all, only when nothing
   * else defines the name (a string: the name of its source, when it was written under another). Default: nothing is a copy.
   */
  isCopy?: (source: ReadableSource, value: T) => boolean | string;
  /**
   * `false`: no record per source (`files` is empty); winners, shadowed and diagnostics are
   * the same. For a caller that shows neither records nor outcomes (a listing).
   */
  records?: boolean;
}

/** The result of {@link mergeSources}: the first-wins merge and one record per source. */
export interface MergedSources<T> {
  winners: T[];
  shadowed: Array<{ item: T; shadowedBy: string }>;
  /**
   * Every copy, in search order, with the definition it was written from (`copyOf`, named
   * as `shadowedBy` names a winner); none when nothing else defines its name (it then loads).
   */
  copies: Array<{ item: T; copyOf?: string }>;
  files: FileRecord[];
  /** Problems not about one file, then every record's diagnostics, in search order. */
  diagnostics: Diagnostic[];
}

/** Each format's known keys as a set, made once per list. */
const knownSets = new WeakMap<readonly string[], Set<string>>();

function unknownKeys(source: ReadableSource, kind: DiscoveryKind): string[] | undefined {
  if (source.kind !== "file") return undefined;
  const known = source.format.knownKeys?.[kind];
  if (!known) return undefined;
  let set = knownSets.get(known);
  if (!set) {
    set = new Set(known);
    knownSets.set(known, set);
  }
  let unknown: string[] | undefined;
  for (const key in source.parsed.frontmatter) {
    if (set.has(key) || !Object.hasOwn(source.parsed.frontmatter, key)) continue;
    unknown ??= [];
    unknown.push(key);
  }
  return unknown;
}

/** A record being built: every field but its outcome's, which the merge decides. */
interface Draft extends FileRecordBase {
  outcome?: FileOutcome;
  name?: string;
  shadowedBy?: string;
  copyOf?: string;
  reason?: SkipReason;
}

function draftOf(source: Source, kind: DiscoveryKind, diagnostics: readonly Diagnostic[]): Draft {
  if (source.kind === "item") {
    return {
      path: source.item.filePath,
      provider: source.provider,
      scope: source.item.source ?? "bundled",
      kind,
      diagnostics,
    };
  }
  const draft = {
    path: source.filePath,
    location: source.location,
    provider: source.provider,
    scope: source.location.scope,
    kind,
    format: source.format.id,
  } as Draft;
  // A body read on first access may find its file changed: the record then says so (an
  // accessor added where the list would be: objects keep one fast shape).
  const deferred = source.kind === "file" ? deferredOf(source.parsed) : undefined;
  if (deferred) deferRecordDiagnostics(draft, deferred, diagnostics);
  else draft.diagnostics = diagnostics;
  return draft;
}

/**
 * Freezes a finished record and what it holds, not its location: the location belongs to
 * its provider.
 */
function freezeRecord(draft: Draft, diagnostics: readonly Diagnostic[]): FileRecord {
  deepFreeze(diagnostics);
  if (draft.reason) deepFreeze(draft.reason);
  if (draft.unknownKeys) deepFreeze(draft.unknownKeys);
  return Object.freeze(draft) as unknown as FileRecord;
}

/**
 * The read's own notes (providers', folders'), handed out in search order: `upTo(count)`
 * pushes onto `into` those that came before source `count`.
 */
function readNotes(read: SourcesRead, into: Diagnostic[]): (count: number) => void {
  let note = 0;
  return (count) => {
    while (note < read.diagnostics.length && (read.diagnosticsAt[note] ?? 0) <= count)
      into.push(read.diagnostics[note++]!);
  };
}

/**
 * {@link mergeSources} without records: each source's diagnostics are frozen and placed as
 * the records' would be (between the read's own notes, by how many sources came before).
 */
function mergeWithoutRecords<T extends { name: string }>(options: MergeSourcesOptions<T>): MergedSources<T> {
  const { read } = options;
  const definitions: Array<{ value: T; copy: boolean | string }> = [];
  const diagnostics: Diagnostic[] = [];
  const notesUpTo = readNotes(read, diagnostics);
  for (let i = 0; i < read.sources.length; i++) {
    notesUpTo(i);
    const source = read.sources[i]!;
    if (source.kind === "skipped") {
      diagnostics.push(deepFreeze(source.reason));
      continue;
    }
    const meaning = options.interpret(source);
    if (meaning.kind === "definition")
      definitions.push({ value: meaning.value, copy: options.isCopy?.(source, meaning.value) ?? false });
    for (const d of deepFreeze(meaning.diagnostics)) diagnostics.push(d);
  }
  notesUpTo(Number.POSITIVE_INFINITY);
  const { winners, shadowed, copies } = mergeWithCopies(definitions);
  return {
    winners,
    shadowed: shadowed.map(({ item, winner }) => ({ item, shadowedBy: options.idOf(winner) })),
    copies: copies.map(({ item, of }) => (of ? { item, copyOf: options.idOf(of) } : { item })),
    files: [],
    diagnostics,
  };
}

/**
 * First wins by exact name among the definitions that are not copies; then each copy goes
 * under its name's winner. Copies of a name nothing else defines come last of all (after
 * bundled definitions), first wins among them.
 */
function mergeWithCopies<T extends { name: string }>(
  definitions: ReadonlyArray<{ value: T; copy: boolean | string }>,
): {
  winners: T[];
  shadowed: Array<{ item: T; winner: T }>;
  winnerOf: ReadonlyMap<string, T>;
  copies: Array<{ item: T; of?: T }>;
} {
  const originals: T[] = [];
  for (const d of definitions) if (!d.copy) originals.push(d.value);
  const first = mergeFirstWins(originals);
  if (originals.length === definitions.length) return { ...first, copies: [] };
  const copies: Array<{ item: T; of?: T }> = [];
  const orphans: T[] = [];
  for (const d of definitions) {
    if (!d.copy) continue;
    const source = first.winnerOf.get(typeof d.copy === "string" ? d.copy : d.value.name);
    copies.push(source ? { item: d.value, of: source } : { item: d.value });
    if (!source) orphans.push(d.value);
  }
  const last = mergeFirstWins(orphans);
  return {
    winners: [...first.winners, ...last.winners],
    shadowed: [...first.shadowed, ...last.shadowed],
    winnerOf: new Map([...first.winnerOf, ...last.winnerOf]),
    copies,
  };
}

/**
 * Interprets every source, merges the definitions first-wins by exact name (SPEC §5
 * steps 3–4) and gives each source its record: `loaded`, `shadowed` (with the winner),
 * `skipped` (with the one diagnostic that explains it) or `not-an-agent`.
 */
export function mergeSources<T extends { name: string }>(options: MergeSourcesOptions<T>): MergedSources<T> {
  const { read, kind } = options;
  if (options.records === false) return mergeWithoutRecords(options);
  const drafts: Draft[] = [];
  /** Each draft's diagnostics as read (a deferred body's record adds one later, through an accessor). */
  const bases: Array<readonly Diagnostic[]> = [];
  /** The definition each draft holds, by draft index (undefined for drafts that hold none). */
  const held: Array<T | undefined> = [];
  const definitions: Array<{ value: T; copy: boolean | string }> = [];
  for (const source of read.sources) {
    if (source.kind === "skipped") {
      const draft = draftOf(source, kind, [source.reason]);
      draft.outcome = "skipped";
      if (source.name !== undefined) draft.name = source.name;
      draft.reason = source.reason;
      drafts.push(draft);
      bases.push([source.reason]);
      continue;
    }
    const meaning = options.interpret(source);
    const draft = draftOf(source, kind, meaning.diagnostics);
    const keys = unknownKeys(source, kind);
    if (keys) draft.unknownKeys = keys;
    if (meaning.kind === "definition") {
      held[drafts.length] = meaning.value;
      const copy = options.isCopy?.(source, meaning.value) ?? false;
      if (copy) draft.copy = true;
      definitions.push({ value: meaning.value, copy });
    } else if (meaning.kind === "skipped") {
      draft.outcome = "skipped";
      if (meaning.name !== undefined) draft.name = meaning.name;
      draft.reason = meaning.reason;
    } else draft.outcome = "not-an-agent";
    drafts.push(draft);
    bases.push(meaning.diagnostics);
  }

  // Every definition that is not its name's winner lost to it; a copy is under it.
  const { winners, shadowed, winnerOf, copies } = mergeWithCopies(definitions);
  const copyOf = new Map(copies.map(({ item, of }) => [item, of]));
  const files: FileRecord[] = [];
  const diagnostics: Diagnostic[] = [];
  const notesUpTo = readNotes(read, diagnostics);
  for (let i = 0; i < drafts.length; i++) {
    notesUpTo(files.length);
    const draft = drafts[i]!;
    const definition = held[i];
    const source = definition && copyOf.get(definition);
    if (definition && source) {
      draft.outcome = "copy";
      draft.name = definition.name;
      draft.copyOf = options.idOf(source);
    } else if (definition) {
      const winner = winnerOf.get(definition.name)!;
      draft.outcome = winner === definition ? "loaded" : "shadowed";
      draft.name = definition.name;
      if (winner !== definition) draft.shadowedBy = options.idOf(winner);
    }
    const own = bases[i]!;
    for (const d of own) diagnostics.push(d);
    files.push(freezeRecord(draft, own));
  }
  notesUpTo(Number.POSITIVE_INFINITY);
  return {
    winners,
    shadowed: shadowed.map(({ item, winner }) => ({ item, shadowedBy: options.idOf(winner) })),
    copies: copies.map(({ item, of }) => (of ? { item, copyOf: options.idOf(of) } : { item })),
    files,
    diagnostics,
  };
}
