import { deepFreeze } from "./freeze.js";
import { mergeFirstWins } from "./merge-first-wins.js";
import type { Source, SourcesRead } from "./read-sources.js";
import type { Diagnostic, DiscoveryKind, FileRecord, Location } from "./types.js";

/** What a consumer (agents, commands) makes of one readable source. */
export type Interpretation<T> =
  | { kind: "definition"; value: T; diagnostics: readonly Diagnostic[] }
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
}

/** The result of {@link mergeSources}: the first-wins merge and one record per source. */
export interface MergedSources<T> {
  winners: T[];
  shadowed: Array<{ item: T; shadowedBy: string }>;
  files: FileRecord[];
  /** Problems not about one file, then every record's diagnostics, in search order. */
  diagnostics: Diagnostic[];
}

function unknownKeys(source: ReadableSource, kind: DiscoveryKind): string[] | undefined {
  if (source.kind !== "file") return undefined;
  const known = source.format.knownKeys?.[kind];
  if (!known) return undefined;
  const unknown = Object.keys(source.parsed.frontmatter).filter((key) => !known.includes(key));
  return unknown.length > 0 ? unknown : undefined;
}

type Base = Omit<FileRecord, "outcome" | "name" | "shadowedBy" | "reason">;

function baseOf(source: Source, kind: DiscoveryKind, diagnostics: readonly Diagnostic[]): Base {
  if (source.kind === "item") {
    return {
      path: source.item.filePath,
      provider: source.provider,
      scope: source.item.source ?? "bundled",
      kind,
      diagnostics,
    };
  }
  const location: Location = source.location;
  return {
    path: source.filePath,
    location,
    provider: source.provider,
    scope: location.scope,
    kind,
    format: source.format.id,
    diagnostics,
  };
}

function reasonOf(diagnostic: Diagnostic) {
  return { code: diagnostic.code, message: diagnostic.message };
}

/**
 * Interprets every source, merges the definitions first-wins by exact name (SPEC §5
 * steps 3–4) and gives each source its record: `loaded`, `shadowed` (with the winner),
 * `skipped` (with the one diagnostic that explains it) or `not-an-agent`.
 */
export function mergeSources<T extends { name: string }>(options: MergeSourcesOptions<T>): MergedSources<T> {
  const { read, kind } = options;
  const pending: Array<{ base: Base; definition?: T; record?: FileRecord }> = [];
  const definitions: T[] = [];
  const recordOf = new Map<T, number>();
  for (const source of read.sources) {
    if (source.kind === "skipped") {
      const record: FileRecord = {
        ...baseOf(source, kind, [source.reason]),
        outcome: "skipped",
        reason: reasonOf(source.reason),
      };
      if (source.name !== undefined) record.name = source.name;
      pending.push({ base: record, record });
      continue;
    }
    const meaning = options.interpret(source);
    const base = baseOf(source, kind, meaning.diagnostics);
    const keys = unknownKeys(source, kind);
    if (keys) base.unknownKeys = keys;
    if (meaning.kind === "definition") {
      recordOf.set(meaning.value, pending.length);
      pending.push({ base, definition: meaning.value });
      definitions.push(meaning.value);
    } else if (meaning.kind === "skipped") {
      const record: FileRecord = { ...base, outcome: "skipped", reason: reasonOf(meaning.reason) };
      if (meaning.name !== undefined) record.name = meaning.name;
      pending.push({ base, record });
    } else pending.push({ base, record: { ...base, outcome: "not-an-agent" } });
  }

  const { winners, shadowed } = mergeFirstWins(definitions);
  const lost = new Map<T, string>();
  for (const { item, winner } of shadowed) lost.set(item, options.idOf(winner));
  const files: FileRecord[] = [];
  const diagnostics: Diagnostic[] = [];
  let note = 0;
  const notesUpTo = (count: number) => {
    while (note < read.diagnostics.length && (read.diagnosticsAt[note] ?? 0) <= count) {
      diagnostics.push(read.diagnostics[note++]!);
    }
  };
  for (const entry of pending) {
    notesUpTo(files.length);
    let record = entry.record;
    if (!record) {
      const definition = entry.definition!;
      const by = lost.get(definition);
      record =
        by === undefined
          ? { ...entry.base, outcome: "loaded", name: definition.name }
          : { ...entry.base, outcome: "shadowed", name: definition.name, shadowedBy: by };
    }
    diagnostics.push(...record.diagnostics);
    // The location belongs to its provider: the record is frozen, not what it points at.
    const { location, ...rest } = record;
    deepFreeze(rest);
    files.push(Object.freeze(location ? { ...rest, location } : rest) as FileRecord);
  }
  notesUpTo(Number.POSITIVE_INFINITY);
  return {
    winners,
    shadowed: shadowed.map(({ item, winner }) => ({ item, shadowedBy: options.idOf(winner) })),
    files,
    diagnostics,
  };
}
