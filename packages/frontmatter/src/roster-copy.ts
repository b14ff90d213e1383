import { kebabToCamel } from "./normalize.js";

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
const isSafeFile = (f: string) =>
  /^[A-Za-z0-9_][A-Za-z0-9._@+-]*(\/[A-Za-z0-9_][A-Za-z0-9._@+-]*)*$/.test(f) && !f.includes("..");

/** The marker key as the frontmatter reader normalises it (`generatedBy`), made once: every file's keys are asked. */
const MARKER_CAMEL = kebabToCamel(GENERATED_BY_KEY);

/** True for roster's own marker key, as written or as normalised. */
export function isMarkerKey(key: string): boolean {
  return key === GENERATED_BY_KEY || key === MARKER_CAMEL;
}

/** Do these fields (a file's frontmatter, an agent's `extra`) carry `generated-by: roster`? */
export function hasRosterMarker(fields: Readonly<Record<string, unknown>> | undefined): boolean {
  for (const key in fields)
    if (Object.hasOwn(fields, key) && isMarkerKey(key) && fields[key] === GENERATED_BY_VALUE) return true;
  return false;
}

/** A `.roster-sync.json`: the files roster wrote; `renamed`: those written under another name than their agent's (file → agent). */
export type SyncManifest = { files: string[]; renamed: Record<string, string> };

/**
 * A `.roster-sync.json` read as data (`/`-separated paths below its folder, renames of listed
 * files only; anything else is ignored: a manifest is project data), or `undefined`.
 */
export function parseSyncManifest(text: string): SyncManifest | undefined {
  let data: { files?: unknown; renamed?: unknown } | null;
  try {
    data = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof data !== "object" || data === null || !Array.isArray(data.files)) return undefined;
  const files = data.files.filter((f): f is string => typeof f === "string" && isSafeFile(f));
  const [listed, renamed]: [Set<string>, Record<string, string>] = [new Set(files), Object.create(null)];
  for (const [file, name] of Object.entries(Object(Array.isArray(data.renamed) ? null : data.renamed)))
    if (typeof name === "string" && name !== "" && listed.has(file)) renamed[file] = name;
  return { files, renamed };
}
