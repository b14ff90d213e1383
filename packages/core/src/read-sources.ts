import type { Stats } from "node:fs";
import { MAX_SYNC_MANIFEST_BYTES, parseSyncManifest, type SyncManifest } from "@roster/frontmatter";
import type { DiscoveryCache } from "./discovery-cache.js";
import { Fingerprint } from "./fingerprint.js";
import { fileSystemOf } from "./fs.js";
import { Look, type SourcesStat } from "./look.js";
import { parseMarkdown } from "./markdown-format.js";
import { type ReadSourceFileOptions, readSourceFile } from "./read-file.js";
import type { ProviderRegistry } from "./registry.js";
import { runProviders } from "./run-providers.js";
import type {
  Diagnostic,
  DiscoveryContext,
  DiscoveryKind,
  FileFormat,
  FileSystem,
  LoadedItem,
  Location,
  ParsedFile,
  ParseLevel,
} from "./types.js";
import { type FileToRead, type LocationStatus, walkLocation } from "./walk-location.js";

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
  /** Listed in its folder's `.roster-sync.json`: a file a sync wrote (a copy, SPEC §16); written under another name, its agent's name. */
  listed?: true | string;
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
  /** With `look: true`: the stat-only look at the files read, as `statSources` gives it. */
  look?: SourcesStat;
}

/** A file read, in the look: the stats it was read with, or (a read that failed) a `stat` of its path. */
function lookAt(look: Look, fs: FileSystem, filePath: string, stats: Stats | undefined): void {
  if (stats) {
    look.file(filePath, stats);
    return;
  }
  try {
    look.file(filePath, fs.stat(filePath));
  } catch (error) {
    look.statError(filePath, error);
  }
}

/**
 * The files a location's `.roster-sync.json` lists (read bounded; an unreadable or malformed
 * one lists nothing), its stats going into the fingerprint and the look like a file's.
 */
function readManifestAt(
  fs: FileSystem,
  filePath: string,
  fingerprint: Fingerprint,
  look: Look | undefined,
): { files: ReadonlySet<string>; renamed: SyncManifest["renamed"] } | undefined {
  try {
    const stats = fs.stat(filePath);
    fingerprint.file(filePath, stats);
    look?.file(filePath, stats);
    const text = fs.readFile(filePath, MAX_SYNC_MANIFEST_BYTES, stats).toString("utf8");
    const manifest = parseSyncManifest(text);
    return manifest?.files.length ? { files: new Set(manifest.files), renamed: manifest.renamed } : undefined;
  } catch {
    return undefined;
  }
}

/** A file that could not be used, as a source (the walk's or the read's reason). */
function skippedSource(
  provider: string,
  location: Location,
  locationIndex: number,
  file: FileToRead,
  reason: Diagnostic,
  name?: string,
): Source {
  const { filePath, relativePath, format } = file;
  const source: Source = {
    kind: "skipped",
    provider,
    location,
    locationIndex,
    filePath,
    relativePath,
    format,
    reason,
  };
  if (name !== undefined) source.name = name;
  return source;
}

/** Options of {@link readSources}. */
export interface ReadSourcesOptions {
  kind: DiscoveryKind;
  cache?: DiscoveryCache;
  /** Parse level for files (default `warn`). */
  level?: ParseLevel;
  /**
   * `on-demand`: bodies are read when first asked for (see `SourceFile.deferBody`); `none`:
   * never read, every body is "".
   */
  bodies?: "now" | "on-demand" | "none";
  /** Also give the stat-only look at what was read (`SourcesRead.look`). */
  look?: boolean;
  /** A file it refuses is read (its stats count) but not parsed, and is no source. */
  sift?: ReadSourceFileOptions["sift"];
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
  const look = options.look ? new Look(run, trusted) : undefined;
  const diagnostics = [...run.diagnostics];
  for (const diagnostic of diagnostics) fingerprint.problem(diagnostic);

  const sources: Source[] = [];
  // One options object for every file read (only `file` and `sift` change).
  const fileOptions: ReadSourceFileOptions = {
    fs,
    file: undefined as unknown as FileToRead,
    kind,
    level,
    cache,
    generation,
    bodies: options.bodies,
    sift: options.sift,
  };
  const diagnosticsAt: number[] = diagnostics.map(() => 0);
  const searched: SearchedLocation[] = [];
  for (const { provider, locations } of run.answers) {
    for (const location of locations) {
      ctx.signal?.throwIfAborted();
      fingerprint.location(provider, location);
      look?.location(provider, location);
      if (!trusted && location.scope === "project") {
        searched.push({ provider, location, status: "untrusted", files: [] });
        continue;
      }
      // One bad file never stops the others.
      const walk = walkLocation({ fs, location, kind, cache, generation });
      look?.walked(walk);
      for (const note of walk.notes) fingerprint.problem(note);
      diagnostics.push(...walk.notes);
      while (diagnosticsAt.length < diagnostics.length) diagnosticsAt.push(sources.length);
      const entry: SearchedLocation = { provider, location, status: walk.status, files: [] };
      const locationIndex = searched.push(entry) - 1;
      const listed = walk.manifest ? readManifestAt(fs, walk.manifest, fingerprint, look) : undefined;
      for (const walked of walk.files) {
        const { filePath, relativePath, format } = walked;
        entry.files.push(filePath);
        if (walked.kind === "skipped") {
          look?.skipped(walked.reason);
          fingerprint.problem(walked.reason);
          sources.push(skippedSource(provider, location, locationIndex, walked, walked.reason));
          continue;
        }
        fileOptions.file = walked;
        // A copy written under another name answers to its source's name: never sifted out.
        fileOptions.sift = listed?.renamed[relativePath] === undefined ? options.sift : undefined;
        const read = readSourceFile(fileOptions);
        if (read.stats) fingerprint.file(filePath, read.stats);
        if (look) lookAt(look, fs, filePath, read.stats);
        if (read.kind === "sifted") continue;
        if (read.kind === "skipped") {
          fingerprint.problem(read.reason);
          sources.push(skippedSource(provider, location, locationIndex, walked, read.reason, read.name));
        } else {
          const source: Source = {
            kind: "file",
            provider,
            location,
            locationIndex,
            filePath,
            relativePath,
            format,
            parsed: read.parsed,
          };
          if (listed?.files.has(relativePath)) source.listed = listed.renamed[relativePath] ?? true;
          sources.push(source);
        }
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
  look?.items(run, trusted);
  if (cache) cache.end(kind, generation);
  const result: SourcesRead = {
    sources,
    searched,
    diagnostics,
    diagnosticsAt,
    fingerprint: fingerprint.digest(),
  };
  if (look) result.look = look.result();
  return result;
}

/**
 * For a bare name: false for bytes that cannot name it. A name is its `name` field, whose
 * text is in the bytes unless an escape (`\`) spells it, or the name has what YAML writes
 * otherwise (a space a folded line gives, a quote doubled inside single quotes): never sifted.
 */
export function mayHoldName(name: string): ((bytes: Buffer) => boolean) | undefined {
  if (name.includes(":") || /[\s'\uFFFD]/.test(name)) return undefined;
  const text = Buffer.from(name);
  return (bytes) => bytes.includes(text) || bytes.includes(0x5c);
}

/** {@link mayHoldName} for the files of core's markdown parser and of `nameInText` formats. */
export function siftFor(name: string): ReadSourcesOptions["sift"] {
  const holds = mayHoldName(name);
  return (
    holds && ((file, read) => (file.format.parse !== parseMarkdown && !file.format.nameInText) || holds(read))
  );
}
