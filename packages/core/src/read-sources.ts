import type { DiscoveryCache } from "./discovery-cache.js";
import { Fingerprint } from "./fingerprint.js";
import { fileSystemOf } from "./fs.js";
import { readSourceFile } from "./read-file.js";
import type { ProviderRegistry } from "./registry.js";
import { runProviders } from "./run-providers.js";
import type {
  Diagnostic,
  DiscoveryContext,
  DiscoveryKind,
  FileFormat,
  LoadedItem,
  Location,
  ParsedFile,
  ParseLevel,
} from "./types.js";
import { type LocationStatus, walkLocation } from "./walk-location.js";

/** A location as searched, in order, for `why` and `doctor`. */
export interface SearchedLocation {
  provider: string;
  location: Location;
  status: LocationStatus;
  /** Every file looked at there, in order (skipped ones included). */
  files: string[];
}

interface FileSourceBase {
  provider: string;
  location: Location;
  /** Index of the location in {@link SourcesRead.searched}. */
  locationIndex: number;
  filePath: string;
  /** `/`-separated path relative to the location's folder. */
  relativePath: string;
  format: FileFormat;
}

/** One source of definitions, in search order: a parsed file, a skipped file, or a provider's item. */
export type Source =
  | ({ kind: "file"; parsed: ParsedFile } & FileSourceBase)
  | ({ kind: "skipped"; reason: Diagnostic; name?: string } & FileSourceBase)
  | { kind: "item"; provider: string; item: LoadedItem };

/** The result of {@link readSources}. */
export interface SourcesRead {
  /** Location files first (in location order), then provider items (in registry order). */
  sources: Source[];
  searched: SearchedLocation[];
  /** Problems not about one file: providers', and folders'. */
  diagnostics: Diagnostic[];
  /** For each of `diagnostics`, how many sources came before it (to keep search order). */
  diagnosticsAt: number[];
  /** Changes whenever what was read would change. */
  fingerprint: string;
}

/** Options of {@link readSources}. */
export interface ReadSourcesOptions {
  kind: DiscoveryKind;
  cache?: DiscoveryCache;
  /** Parse level for files (default `warn`). */
  level?: ParseLevel;
}

/**
 * Asks every provider, in registry order, for its locations of `kind`, walks them and
 * reads their files (SPEC §5 steps 1–2), then adds provider `load` items. What the files
 * mean is the caller's: agents and commands interpret the same sources differently.
 */
export async function readSources(
  registry: ProviderRegistry,
  ctx: DiscoveryContext,
  options: ReadSourcesOptions,
): Promise<SourcesRead> {
  const { kind, cache } = options;
  ctx.signal?.throwIfAborted();
  const run = await runProviders(registry, ctx, kind);
  const fs = fileSystemOf(ctx);
  const level = options.level ?? "warn";
  const generation = cache ? cache.begin(kind) : 0;
  const fingerprint = new Fingerprint();
  const trusted = ctx.trustProject !== false;
  fingerprint.trust(trusted);
  const diagnostics = [...run.diagnostics];
  for (const diagnostic of diagnostics) fingerprint.problem(diagnostic);

  const sources: Source[] = [];
  const diagnosticsAt: number[] = diagnostics.map(() => 0);
  const searched: SearchedLocation[] = [];
  for (const { provider, locations } of run.answers) {
    for (const location of locations) {
      ctx.signal?.throwIfAborted();
      fingerprint.location(provider, location);
      if (!trusted && location.scope === "project") {
        searched.push({ provider, location, status: "untrusted", files: [] });
        continue;
      }
      // One bad file never stops the others.
      const walk = walkLocation({ fs, location, kind, cache, generation });
      for (const note of walk.notes) fingerprint.problem(note);
      diagnostics.push(...walk.notes);
      while (diagnosticsAt.length < diagnostics.length) diagnosticsAt.push(sources.length);
      const entry: SearchedLocation = { provider, location, status: walk.status, files: [] };
      const locationIndex = searched.push(entry) - 1;
      for (const walked of walk.files) {
        const { filePath, relativePath, format } = walked;
        entry.files.push(filePath);
        const base = { provider, location, locationIndex, filePath, relativePath, format };
        if (walked.kind === "skipped") {
          fingerprint.problem(walked.reason);
          sources.push({ kind: "skipped", ...base, reason: walked.reason });
          continue;
        }
        const read = readSourceFile({ fs, file: walked, kind, level, cache, generation });
        if (read.stats) fingerprint.file(filePath, read.stats);
        if (read.kind === "skipped") {
          fingerprint.problem(read.reason);
          sources.push({
            kind: "skipped",
            ...base,
            reason: read.reason,
            ...(read.name !== undefined ? { name: read.name } : {}),
          });
        } else sources.push({ kind: "file", ...base, parsed: read.parsed });
      }
    }
  }
  for (const { provider, items } of run.answers) {
    for (const item of items) {
      if (!trusted && item.source === "project") continue;
      fingerprint.item(provider, item);
      sources.push({ kind: "item", provider, item });
    }
  }
  if (cache) cache.end(kind, generation);
  return { sources, searched, diagnostics, diagnosticsAt, fingerprint: fingerprint.digest() };
}
