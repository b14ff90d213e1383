import { kebabToCamel } from "@roster/frontmatter";

/** The key (or manifest entry) that marks a file roster wrote. */
export const GENERATED_BY_KEY = "generated-by";
/** Its value. */
export const GENERATED_BY_VALUE = "roster";

/** The sidecar manifest of formats that cannot carry a marker key (Gemini's strict schema). */
export const SYNC_MANIFEST = ".roster-sync.json";

/** The most a `.roster-sync.json` may weigh; a bigger one is not roster's. */
export const MAX_SYNC_MANIFEST_BYTES = 1024 * 1024;

/**
 * A file a manifest may list: a path below its folder of plain names (`team/reviewer.md`
 * for a tool that names agents by path), never `..`, an absolute path or a dot-file.
 */
const SAFE_FILE = /^[A-Za-z0-9_][A-Za-z0-9._@+-]*(\/[A-Za-z0-9_][A-Za-z0-9._@+-]*)*$/;

/** The marker key as the frontmatter reader normalises it (`generatedBy`), made once: every file's keys are asked. */
const MARKER_CAMEL = kebabToCamel(GENERATED_BY_KEY);

/** True for roster's own marker key, as written or as normalised. */
export function isMarkerKey(key: string): boolean {
  return key === GENERATED_BY_KEY || key === MARKER_CAMEL;
}

/** Do these fields (a file's frontmatter, an agent's `extra`) carry `generated-by: roster`? */
export function hasRosterMarker(fields: Readonly<Record<string, unknown>> | undefined): boolean {
  if (!fields) return false;
  for (const key in fields) {
    if (Object.hasOwn(fields, key) && isMarkerKey(key) && fields[key] === GENERATED_BY_VALUE) return true;
  }
  return false;
}

/** What a `.roster-sync.json` holds: the files roster wrote, and those written under another name. */
export interface SyncManifest {
  /** `/`-separated paths below its folder (see {@link parseSyncManifest}). */
  files: string[];
  /**
   * A listed file written under a name that is not its agent's (`sync --name`, a tool's slug
   * rule): file → the agent's own name, so the copy stands under its source and a later sync
   * writes the same file.
   */
  renamed: Record<string, string>;
}

/**
 * A `.roster-sync.json` read as data (anything else in it is ignored: a manifest is project
 * data), or `undefined` when the text is not a manifest. A rename counts only for a file the
 * manifest lists, and names a non-empty string.
 */
export function readSyncManifest(text: string): SyncManifest | undefined {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof data !== "object" || data === null) return undefined;
  const raw = data as { files?: unknown; renamed?: unknown };
  if (!Array.isArray(raw.files)) return undefined;
  const files = raw.files.filter(
    (f): f is string => typeof f === "string" && SAFE_FILE.test(f) && !f.includes(".."),
  );
  // A null-prototype record: a file named `__proto__.md` is only a key.
  const renamed: Record<string, string> = Object.create(null);
  if (typeof raw.renamed === "object" && raw.renamed !== null && !Array.isArray(raw.renamed)) {
    for (const [file, name] of Object.entries(raw.renamed as Record<string, unknown>)) {
      if (typeof name === "string" && name !== "" && files.includes(file)) renamed[file] = name;
    }
  }
  return { files, renamed };
}

/**
 * The files a `.roster-sync.json` lists (`/`-separated paths below its folder; anything
 * else is ignored: a manifest is project data), or `undefined` when the text is not a
 * manifest.
 */
export function parseSyncManifest(text: string): string[] | undefined {
  return readSyncManifest(text)?.files;
}
