import { isUtf8 } from "node:buffer";
import { createHash } from "node:crypto";
import type { Dirent, Stats } from "node:fs";
import { join } from "node:path";
import type { DiscoveryCache } from "./discovery-cache.js";
import { validatorOf } from "./discovery-cache.js";
import { errorCode, fileSystemOf } from "./fs.js";
import { markdownFormat } from "./markdown-format.js";
import { type ParseIndex, parseWithBodyOnDemand, storedParseOf } from "./parsed-record.js";
import type { ProviderRegistry } from "./registry.js";
import type {
  Diagnostic,
  DiscoveryContext,
  DiscoveryKind,
  FileFormat,
  FileSystem,
  FormatParse,
  LoadedItem,
  Location,
  ParsedFrontmatter,
  ParseLevel,
} from "./types.js";

/** Files larger than this are skipped with a diagnostic. */
export const MAX_FILE_BYTES = 1024 * 1024;

/** One file read from a location, parsed by its format. */
export interface LocatedFile {
  provider: string;
  location: Location;
  /** Index of the location in {@link ReadLocationsResult.searched}. */
  locationIndex: number;
  filePath: string;
  /** `/`-separated path relative to the location's folder. */
  relativePath: string;
  format: FileFormat;
  parsed: ParsedFrontmatter;
}

/** What happened at one searched location. */
export type LocationStatus = "read" | "missing" | "unreadable" | "untrusted" | "not-a-directory";

/** A location as searched, in order, for `why` and `doctor`. */
export interface SearchedLocation {
  provider: string;
  location: Location;
  status: LocationStatus;
  /** Files read there, in order. */
  files: string[];
}

/** An item a provider's `load` returned. */
export interface LoadedEntry {
  provider: string;
  item: LoadedItem;
}

/** The result of {@link readLocations}. */
export interface ReadLocationsResult {
  files: LocatedFile[];
  loaded: LoadedEntry[];
  searched: SearchedLocation[];
  diagnostics: Diagnostic[];
  /** Changes whenever what was read would change. */
  fingerprint: string;
  /** The latest modification time among the files stat-ed (0 for none): a caller storing
   * something under `fingerprint` does not when this is too close to now. */
  newestMtimeMs: number;
}

/** Options of {@link readLocations}. */
export interface ReadLocationsOptions {
  cache?: DiscoveryCache;
  /** Parse level for files (default `warn`). */
  level?: ParseLevel;
  /** A persistent index of parses (the CLI's, under `$XDG_CACHE_HOME/roster`): a file whose
   * stat it vouches for is not read. */
  index?: ParseIndex;
  /**
   * Only list and stat the files (for the fingerprint, the searched places and the folder
   * diagnostics): nothing is read or parsed and `files` is empty. A caller holding an output
   * stored for a fingerprint uses it to know whether that output still holds.
   */
  statOnly?: boolean;
  /**
   * `"on-demand"` (default): a body is read from disk again when first asked for, so no file's
   * text is kept. `"kept"`: the bytes stay with the record until its body is read — for a
   * caller that reads every body anyway (workflow commands).
   */
  bodies?: "on-demand" | "kept";
}

const DEFAULT_FORMATS: readonly FileFormat[] = [markdownFormat];

function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function formatFor(formats: readonly FileFormat[], name: string): FileFormat | undefined {
  for (const format of formats) {
    for (const extension of format.extensions) if (name.endsWith(extension)) return format;
  }
  return undefined;
}

interface Reader {
  fs: FileSystem;
  kind: DiscoveryKind;
  cache: DiscoveryCache | undefined;
  generation: number;
  level: ParseLevel;
  index: ParseIndex | undefined;
  statOnly: boolean;
  bodiesKept: boolean;
  newestMtimeMs: number;
  diagnostics: Diagnostic[];
  hash: ReturnType<typeof createHash>;
}

function problem(
  r: Reader,
  severity: Diagnostic["severity"],
  code: string,
  message: string,
  filePath: string,
) {
  r.diagnostics.push({ severity, code, message, filePath });
}

function describeFsError(error: unknown): string {
  const code = errorCode(error);
  if (code === "ENOENT") return "it no longer exists";
  if (code === "EACCES" || code === "EPERM") return "permission denied";
  if (code === "ELOOP") return "a symlink loop";
  if (code === "EISDIR") return "it is a directory";
  return error instanceof Error ? error.message : String(error);
}

/** Lists a folder, through the cache when its validator still holds. */
function listDir(r: Reader, dir: string, dirStats: Stats): Dirent[] {
  const cached = r.cache?.listing(r.kind, dir, dirStats, r.generation);
  if (cached) return cached;
  const seenAt = Date.now();
  const entries = r.fs.readdir(dir);
  entries.sort((a, b) => compareCodeUnits(a.name, b.name));
  r.cache?.storeListing(r.kind, dir, validatorOf(dirStats, seenAt), entries, r.generation);
  return entries;
}

interface Candidate {
  filePath: string;
  relativePath: string;
  format: FileFormat;
}

/** Collects candidate files of one folder (recursively when asked), in code-unit order of relative path. */
function collect(
  r: Reader,
  dir: string,
  dirStats: Stats,
  prefix: string,
  location: Location,
  formats: readonly FileFormat[],
  out: Candidate[],
): void {
  let entries: Dirent[];
  try {
    entries = listDir(r, dir, dirStats);
  } catch (error) {
    const code = errorCode(error);
    if (code === "EACCES" || code === "EPERM") {
      problem(r, "info", "load/unreadable-directory", `cannot list folder: ${describeFsError(error)}`, dir);
    } else if (code !== "ENOENT" && code !== "ENOTDIR") {
      problem(
        r,
        "warning",
        "load/unreadable-directory",
        `cannot list folder: ${describeFsError(error)}`,
        dir,
      );
    }
    return;
  }
  const plan = planFor(r, dir, entries, prefix, location, formats);
  const all: Array<Candidate | { path: string; rel: string; stats: Stats }> = [];
  for (const item of plan) {
    if ("relativePath" in item) {
      if (item.symlink) {
        // Symlinks are re-checked every time: their target can change without the folder changing.
        const kept = checkSymlink(r, item);
        if (kept) all.push(item);
      } else all.push(item);
      continue;
    }
    try {
      all.push({ path: item.path, rel: item.rel, stats: r.fs.stat(item.path) });
    } catch {
      // Vanished since the listing: nothing to read.
    }
  }
  for (const item of all) {
    if ("relativePath" in item) out.push(item);
    else collect(r, item.path, item.stats, item.rel, location, formats, out);
  }
}

interface PlannedFile extends Candidate {
  symlink: boolean;
}
type PlanItem = PlannedFile | { path: string; rel: string };

/** A listing turned into what to visit, and the folders named like definition files. */
interface Plan {
  items: PlanItem[];
  folderNotes: Array<{ name: string; path: string }>;
}

/** Per listing, what it means for one location shape: computed once while the listing is cached. */
const plans = new WeakMap<Dirent[], Map<string, Plan>>();

function checkSymlink(r: Reader, item: PlannedFile): boolean {
  let target: Stats;
  try {
    target = r.fs.stat(item.filePath);
  } catch (error) {
    const code = errorCode(error);
    const what =
      code === "ELOOP" ? "a symlink loop" : code === "ENOENT" ? "a dangling symlink" : describeFsError(error);
    problem(r, "warning", "load/broken-symlink", `skipped: ${what}`, item.filePath);
    return false;
  }
  if (!target.isFile()) {
    if (target.isDirectory()) {
      const name = item.relativePath.split("/").pop();
      problem(r, "info", "load/not-a-file", `"${name}" links to a folder: skipped`, item.filePath);
    }
    return false;
  }
  return true;
}

/**
 * Turns a folder listing into the ordered files and sub-folders to visit. Files and
 * folders interleave by relative path: `b.md` < `b/c.md` because "." < "/".
 */
function planFor(
  r: Reader,
  dir: string,
  entries: Dirent[],
  prefix: string,
  location: Location,
  formats: readonly FileFormat[],
): PlanItem[] {
  const signature = `${prefix}\0${location.recursive ? 1 : 0}\0${formats.map((f) => f.id).join(",")}`;
  let byShape = plans.get(entries);
  let plan = byShape?.get(signature);
  if (!plan) {
    plan = { items: [], folderNotes: [] };
    for (const entry of entries) {
      const name = entry.name;
      const path = join(dir, name);
      const rel = prefix + name;
      if (entry.isDirectory()) {
        if (formatFor(formats, name)) plan.folderNotes.push({ name, path });
        if (location.recursive && !name.startsWith(".")) plan.items.push({ path, rel: `${rel}/` });
        continue;
      }
      const format = formatFor(formats, name);
      if (!format) continue;
      const symlink = entry.isSymbolicLink();
      if (!symlink && !entry.isFile()) continue;
      plan.items.push({ filePath: path, relativePath: rel, format, symlink });
    }
    plan.items.sort((a, b) =>
      compareCodeUnits(
        "relativePath" in a ? a.relativePath : a.rel,
        "relativePath" in b ? b.relativePath : b.rel,
      ),
    );
    if (!byShape) {
      byShape = new Map();
      plans.set(entries, byShape);
    }
    byShape.set(signature, plan);
  }
  // Diagnostics are reported on every discovery, cached plan or not.
  for (const { name, path } of plan.folderNotes) {
    const what = location.recursive ? "its files are read as a sub-folder" : "skipped";
    problem(r, "info", "load/not-a-file", `"${name}" is a folder, not a file: ${what}`, path);
  }
  return plan.items;
}

/** Reads and parses one file, through the cache when its validator still holds. */
function readOne(r: Reader, candidate: Candidate): ParsedFrontmatter | undefined {
  const { filePath } = candidate;
  let stats: Stats;
  try {
    stats = r.fs.stat(filePath);
  } catch (error) {
    problem(r, "warning", "load/read-error", `cannot read file: ${describeFsError(error)}`, filePath);
    return undefined;
  }
  r.hash.update(`${filePath}\0${stats.size}\0${stats.mtimeMs}\0${stats.ctimeMs}\0${stats.ino}\n`);
  if (stats.mtimeMs > r.newestMtimeMs) r.newestMtimeMs = stats.mtimeMs;
  if (r.statOnly) return undefined;
  if (stats.size > MAX_FILE_BYTES) {
    problem(
      r,
      "warning",
      "load/file-too-large",
      `skipped: ${stats.size} bytes is over the ${MAX_FILE_BYTES}-byte limit`,
      filePath,
    );
    return undefined;
  }
  const key = `${candidate.format.id}\0${r.level}\0${filePath}`;
  const cached = r.cache?.parsed(r.kind, key, stats, r.generation);
  if (cached) return cached;

  const seenAt = Date.now();
  // Four numbers, not the Stats object (and its four Dates), stay with the record.
  const identity = { mtimeMs: stats.mtimeMs, ctimeMs: stats.ctimeMs, size: stats.size, ino: stats.ino };
  const stored = r.index?.lookup(filePath, stats);
  if (stored && stored.format === candidate.format.id && stored.level === r.level) {
    const parsed = parseWithBodyOnDemand(stored, {
      fs: r.fs,
      filePath,
      identity,
      bodyStart: stored.bodyStart,
      maxBytes: MAX_FILE_BYTES,
    });
    r.cache?.storeParsed(r.kind, key, validatorOf(stats, seenAt), parsed, r.generation);
    return parsed;
  }
  let buffer: Buffer;
  try {
    buffer = r.fs.readFile(filePath, MAX_FILE_BYTES, stats);
  } catch (error) {
    problem(r, "warning", "load/read-error", `cannot read file: ${describeFsError(error)}`, filePath);
    return undefined;
  }
  if (r.cache) r.cache.stats.reads += 1;
  if (buffer.length > MAX_FILE_BYTES) {
    // It grew between stat and read.
    problem(r, "warning", "load/file-too-large", `skipped: over the ${MAX_FILE_BYTES}-byte limit`, filePath);
    return undefined;
  }
  let parsed: ParsedFrontmatter;
  let validUtf8: boolean;
  let bodyStart: number | undefined;
  try {
    if (r.cache) r.cache.stats.parses += 1;
    const format = candidate.format;
    if (format.parseBytes) {
      // Only the frontmatter is decoded now; the body is read again when asked for.
      const bytes = format.parseBytes({
        filePath,
        relativePath: candidate.relativePath,
        bytes: buffer,
        level: r.level,
      });
      validUtf8 = bytes.validUtf8;
      bodyStart = bytes.bodyStart;
      parsed = bytes;
    } else {
      validUtf8 = isUtf8(buffer);
      parsed = format.parse({
        filePath,
        relativePath: candidate.relativePath,
        content: buffer.toString("utf8"),
        level: r.level,
      });
    }
  } catch (error) {
    if (r.level === "fatal") throw error;
    problem(
      r,
      "warning",
      "load/parse-error",
      `cannot parse file: ${error instanceof Error ? error.message : String(error)}`,
      filePath,
    );
    return undefined;
  }
  const diagnostics = parsed.diagnostics;
  if (!validUtf8) {
    diagnostics.unshift({
      severity: "warning",
      code: "load/invalid-utf8",
      message: "file is not valid UTF-8; invalid bytes were replaced with U+FFFD",
      filePath,
    });
  }
  // Diagnostics always name the file, whatever the format said.
  for (const diagnostic of diagnostics) diagnostic.filePath ??= filePath;
  if (bodyStart !== undefined && !r.bodiesKept && (parsed as FormatParse).skip !== true) {
    // Keep the fields, not the file: the bytes go now, the body is read again on demand.
    const source = { fs: r.fs, filePath, identity, bodyStart, maxBytes: MAX_FILE_BYTES };
    parsed = parseWithBodyOnDemand({ frontmatter: parsed.frontmatter, diagnostics }, source);
    if (r.index) {
      const record = storedParseOf(parsed, { format: candidate.format.id, level: r.level, bodyStart });
      if (record) r.index.store(filePath, stats, seenAt, record);
    }
  }
  r.cache?.storeParsed(r.kind, key, validatorOf(stats, seenAt), parsed, r.generation);
  return parsed;
}

function readLocation(r: Reader, location: Location): { status: LocationStatus; files: Candidate[] } {
  const formats = location.formats ?? DEFAULT_FORMATS;
  let dirStats: Stats;
  try {
    dirStats = r.fs.stat(location.dir);
  } catch (error) {
    const code = errorCode(error);
    if (code === "EACCES" || code === "EPERM") {
      problem(
        r,
        "info",
        "load/unreadable-directory",
        `cannot open folder: ${describeFsError(error)}`,
        location.dir,
      );
      return { status: "unreadable", files: [] };
    }
    return { status: "missing", files: [] };
  }
  if (!dirStats.isDirectory()) return { status: "not-a-directory", files: [] };
  const files: Candidate[] = [];
  if (location.only) {
    for (const rel of location.only) {
      const format = formatFor(formats, rel) ?? formats[0]!;
      files.push({ filePath: join(location.dir, rel), relativePath: rel.split("\\").join("/"), format });
    }
    return { status: "read", files };
  }
  collect(r, location.dir, dirStats, "", location, formats, files);
  return { status: "read", files };
}

async function settle<T>(
  fn: () => Promise<T> | T,
): Promise<{ ok: true; value: T } | { ok: false; error: unknown }> {
  try {
    return { ok: true, value: await fn() };
  } catch (error) {
    return { ok: false, error };
  }
}

/**
 * Asks every provider, in registry order, for its locations of `kind`, reads them all
 * (SPEC §5 steps 1–2) and collects provider `load` items. The merge is the caller's:
 * agents and commands interpret the same files differently.
 */
export async function readLocations(
  registry: ProviderRegistry,
  ctx: DiscoveryContext,
  kind: DiscoveryKind,
  options: ReadLocationsOptions = {},
): Promise<ReadLocationsResult> {
  const providers = registry.list();
  const diagnostics: Diagnostic[] = [];
  const cache = options.cache;
  const reader: Reader = {
    fs: fileSystemOf(ctx),
    kind,
    cache,
    generation: cache ? cache.begin(kind) : 0,
    level: options.level ?? "warn",
    index: options.index,
    statOnly: options.statOnly === true,
    bodiesKept: options.bodies === "kept",
    newestMtimeMs: 0,
    diagnostics,
    hash: createHash("sha1"),
  };

  // 1. Providers locate in parallel; results are used in registry order.
  const located = await Promise.all(providers.map((p) => settle(() => p.locate?.(ctx, kind) ?? [])));
  const loadedRaw = await Promise.all(providers.map((p) => settle(() => p.load?.(ctx, kind) ?? [])));

  const trusted = ctx.trustProject !== false;
  // Trust changes what is read without changing the locations: it is part of the fingerprint.
  reader.hash.update(`T\0${trusted}\n`);
  const searched: SearchedLocation[] = [];
  const files: LocatedFile[] = [];
  providers.forEach((provider, index) => {
    const outcome = located[index]!;
    if (!outcome.ok) {
      diagnostics.push({
        severity: "error",
        code: "provider/locate-failed",
        message: `provider "${provider.id}" failed to locate ${kind}: ${outcome.error instanceof Error ? outcome.error.message : String(outcome.error)}`,
      });
      return;
    }
    const value = outcome.value;
    const locations = Array.isArray(value) ? value : value.locations;
    if (!Array.isArray(value) && value.diagnostics) diagnostics.push(...value.diagnostics);
    for (const location of locations) {
      reader.hash.update(`L\0${provider.id}\0${location.scope}\0${location.dir}\n`);
      if (!trusted && location.scope === "project") {
        searched.push({ provider: provider.id, location, status: "untrusted", files: [] });
        continue;
      }
      // 2. Read the folder; one bad file never stops the others.
      const { status, files: candidates } = readLocation(reader, location);
      const entry: SearchedLocation = { provider: provider.id, location, status, files: [] };
      const locationIndex = searched.push(entry) - 1;
      for (const candidate of candidates) {
        const parsed = readOne(reader, candidate);
        if (!parsed) continue;
        entry.files.push(candidate.filePath);
        files.push({ provider: provider.id, location, locationIndex, ...candidate, parsed });
      }
    }
  });

  const loaded: LoadedEntry[] = [];
  providers.forEach((provider, index) => {
    const outcome = loadedRaw[index]!;
    if (!outcome.ok) {
      diagnostics.push({
        severity: "error",
        code: "provider/load-failed",
        message: `provider "${provider.id}" failed to load ${kind}: ${outcome.error instanceof Error ? outcome.error.message : String(outcome.error)}`,
      });
      return;
    }
    const value = outcome.value;
    const items = Array.isArray(value) ? value : value.items;
    if (!Array.isArray(value) && value.diagnostics) diagnostics.push(...value.diagnostics);
    for (const item of items) {
      if (!trusted && item.source === "project") continue;
      reader.hash.update(
        `I\0${provider.id}\0${item.filePath}\0${JSON.stringify(item.frontmatter)}\0${item.body}\n`,
      );
      loaded.push({ provider: provider.id, item });
    }
  });

  if (cache) cache.end(kind, reader.generation);
  return {
    files,
    loaded,
    searched,
    diagnostics,
    fingerprint: reader.hash.digest("hex"),
    newestMtimeMs: reader.newestMtimeMs,
  };
}
