import { basename, dirname, isAbsolute, join, resolve } from "node:path";
import type { Diagnostic, DiscoveryKind, FileSystem, Location } from "@roster/core";
import { isRecord } from "@roster/core/provider-kit";
import { isInside } from "./plugin-paths.js";
import { readJsonFile } from "./read-json.js";
import type { PluginManifest } from "./types.js";

/** Where a plugin keeps its manifest, relative to its root. */
export const MANIFEST_PATH = join(".claude-plugin", "plugin.json");

/**
 * Reads `<root>/.claude-plugin/plugin.json`. A missing manifest is fine; a bad one is a
 * warning and gives `{}`, so the root's default folders are still read.
 */
export function readPluginManifest(
  fs: FileSystem,
  root: string,
  pluginId: string,
): { manifest: PluginManifest; diagnostics: Diagnostic[] } {
  const filePath = join(root, MANIFEST_PATH);
  const diagnostics: Diagnostic[] = [];
  const warn = (code: string, message: string) =>
    diagnostics.push({ severity: "warning", code, message: `plugin "${pluginId}": ${message}`, filePath });
  const read = readJsonFile(fs, filePath);
  if (read.status === "missing") return { manifest: {}, diagnostics };
  if (read.status === "unreadable") {
    warn("plugins/manifest-unreadable", `cannot read the manifest (${read.reason}); default folders only`);
    return { manifest: {}, diagnostics };
  }
  if (read.status === "invalid") {
    warn(
      "plugins/manifest-invalid-json",
      `the manifest is not valid JSON (${read.reason}); default folders only`,
    );
    return { manifest: {}, diagnostics };
  }
  if (!isRecord(read.value)) {
    warn("plugins/manifest-invalid-shape", "the manifest must be a JSON object; default folders only");
    return { manifest: {}, diagnostics };
  }
  const value = read.value;
  const manifest: PluginManifest = {};
  if (typeof value.name === "string") manifest.name = value.name;
  if (typeof value.version === "string") manifest.version = value.version;
  for (const field of ["agents", "commands"] as const) {
    const raw = value[field];
    if (raw === undefined) continue;
    const list = typeof raw === "string" ? [raw] : Array.isArray(raw) ? raw : undefined;
    if (!list) {
      warn("plugins/manifest-invalid-shape", `"${field}" must be a path or an array of paths; ignored`);
      continue;
    }
    const paths: string[] = [];
    for (const item of list) {
      if (typeof item === "string" && item.trim() !== "") paths.push(item);
      else
        warn(
          "plugins/manifest-invalid-shape",
          `"${field}" holds a non-path value ${JSON.stringify(item)}; ignored`,
        );
    }
    manifest[field] = paths;
  }
  return { manifest, diagnostics };
}

/** Options of {@link pluginLocations}. */
export interface PluginLocationsOptions {
  fs: FileSystem;
  root: string;
  kind: DiscoveryKind;
  manifest: PluginManifest;
  /** Copied onto every location. */
  base: Omit<Location, "dir">;
  pluginId: string;
}

function realOr(fs: FileSystem, path: string): string {
  try {
    return fs.realpath(path);
  } catch {
    return path;
  }
}

/** True when `path` exists and its real path is outside `realRoot` (a symlink leading out). */
function leadsOutside(fs: FileSystem, realRoot: string, path: string): boolean {
  let real: string;
  try {
    real = fs.realpath(path);
  } catch {
    return false;
  }
  return !isInside(realRoot, real);
}

/**
 * The locations of one plugin root for `kind`: `<root>/<kind>` (read recursively), then
 * each extra path its manifest declares (a folder is a location; a file is a location of
 * its folder with `only: [file]`). Paths escaping the root, also through symlinks, are
 * refused with a warning — the default folder as well as declared ones; a declared path
 * that does not exist is a warning. Each location's `root` is the plugin root, so that a
 * file in it linking out of the plugin is skipped too (`load/outside-root`, SPEC §17).
 */
export function pluginLocations(options: PluginLocationsOptions): {
  locations: Location[];
  diagnostics: Diagnostic[];
} {
  const { fs, root, kind, manifest, base, pluginId } = options;
  const diagnostics: Diagnostic[] = [];
  const manifestPath = join(root, MANIFEST_PATH);
  const defaultDir = join(root, kind);
  const locations: Location[] = [];
  const folders: string[] = [];
  const files = new Set<string>();
  const realRoot = realOr(fs, root);

  // The default folder gets the same containment check as declared paths: a plugin's
  // `agents -> /` must not make discovery read the file system as that plugin's agents.
  if (leadsOutside(fs, realRoot, defaultDir)) {
    diagnostics.push({
      severity: "warning",
      code: "plugins/folder-escapes",
      message: `plugin "${pluginId}": its ${kind} folder is a link to ${realOr(fs, defaultDir)}, outside the plugin folder: refused`,
      filePath: defaultDir,
    });
  } else {
    locations.push({ ...base, dir: defaultDir, recursive: true, root });
    folders.push(defaultDir);
  }

  for (const declared of manifest[kind] ?? []) {
    const target = isAbsolute(declared) ? resolve(declared) : resolve(root, declared);
    if (!isInside(root, target) || leadsOutside(fs, realRoot, target)) {
      diagnostics.push({
        severity: "warning",
        code: "plugins/manifest-path-escapes",
        message: `plugin "${pluginId}": ${kind} path ${JSON.stringify(declared)} leads outside the plugin folder: refused`,
        filePath: manifestPath,
      });
      continue;
    }
    let isDir: boolean;
    try {
      isDir = fs.stat(target).isDirectory();
    } catch {
      diagnostics.push({
        severity: "warning",
        code: "plugins/manifest-path-not-found",
        message: `plugin "${pluginId}": ${kind} path ${JSON.stringify(declared)} does not exist: skipped`,
        filePath: manifestPath,
      });
      continue;
    }
    // Already read through a folder listed before (real manifests often repeat "./agents").
    if (folders.some((dir) => isInside(dir, target))) continue;
    if (isDir) {
      folders.push(target);
      locations.push({ ...base, dir: target, recursive: true, root });
    } else if (!files.has(target)) {
      files.add(target);
      locations.push({ ...base, dir: dirname(target), only: [basename(target)], root });
    }
  }
  return { locations, diagnostics };
}
