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

/**
 * The files a `.roster-sync.json` lists (`/`-separated paths below its folder; anything
 * else is ignored: a manifest is project data), or `undefined` when the text is not a
 * manifest.
 */
export function parseSyncManifest(text: string): string[] | undefined {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof data !== "object" || data === null) return undefined;
  const files = (data as { files?: unknown }).files;
  if (!Array.isArray(files)) return undefined;
  return files.filter((f): f is string => typeof f === "string" && SAFE_FILE.test(f) && !f.includes(".."));
}
