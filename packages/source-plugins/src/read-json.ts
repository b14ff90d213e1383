import type { FileSystem } from "@roster/core";
import { errorCode } from "@roster/core/provider-kit";

/** JSON files larger than this are not read (a registry or manifest is a few KiB). */
export const MAX_JSON_BYTES = 4 * 1024 * 1024;

/** The outcome of {@link readJsonFile}. */
export type JsonRead =
  | { status: "missing" }
  | { status: "unreadable"; reason: string }
  | { status: "invalid"; reason: string }
  | { status: "ok"; value: unknown };

/**
 * Reads and parses a JSON file. A missing file (or a missing folder on the way) is
 * `missing`; nothing here throws.
 */
export function readJsonFile(fs: FileSystem, path: string): JsonRead {
  let buffer: Buffer;
  try {
    const stats = fs.stat(path);
    if (stats.isDirectory()) return { status: "unreadable", reason: "it is a folder, not a file" };
    if (stats.size > MAX_JSON_BYTES) {
      return { status: "unreadable", reason: `${stats.size} bytes is over the ${MAX_JSON_BYTES}-byte limit` };
    }
    buffer = fs.readFile(path, MAX_JSON_BYTES);
  } catch (error) {
    const code = errorCode(error);
    if (code === "ENOENT" || code === "ENOTDIR") return { status: "missing" };
    if (code === "EACCES" || code === "EPERM") return { status: "unreadable", reason: "permission denied" };
    return { status: "unreadable", reason: error instanceof Error ? error.message : String(error) };
  }
  const text = buffer.toString("utf8").replace(/^\uFEFF/, "");
  try {
    return { status: "ok", value: JSON.parse(text) as unknown };
  } catch (error) {
    return { status: "invalid", reason: error instanceof Error ? error.message : String(error) };
  }
}
