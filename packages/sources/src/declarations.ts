// Where a scope's sources are declared and pinned: the project's `roster.config.json` (found
// walking up as every command finds it; created in the project's folder when missing) or the
// user's `config.json`, and the `roster.lock` beside it. The config is read and rewritten as
// JSON with its other keys untouched; its shape is @roster/config's to check.
import { basename, dirname, join } from "node:path";
import {
  ConfigError,
  checkConfig,
  findProjectConfig,
  isCodeFile,
  projectFolder,
  readConfigBytes,
  type SourceEntry,
  userConfigDir,
} from "@roster/config";
import type { DiscoveryContext, FileSystem } from "@roster/core";
import { nodeFileSystem } from "@roster/core/provider-kit";
import { SourceError } from "./errors.js";
import { LOCK_FILE } from "./lock.js";
import type { SourceDeclaration, SourceScope } from "./types.js";

/** The files of a scope, and the folder its lock's paths are relative to. */
export interface SourcePlaces {
  scope: SourceScope;
  /** The config declaring the sources (it may not exist yet). */
  configFile: string;
  lockFile: string;
  /** The project's folder (project scope) or the home (user scope): every path of the lock is below it. */
  root: string;
}

/** The config and lock of `scope` for this context. */
export function placesOf(
  ctx: Pick<DiscoveryContext, "cwd" | "home" | "env">,
  scope: SourceScope,
  fs: FileSystem = nodeFileSystem,
): SourcePlaces {
  if (scope === "user") {
    const dir = userConfigDir({ home: ctx.home, env: ctx.env });
    return { scope, configFile: join(dir, "config.json"), lockFile: join(dir, LOCK_FILE), root: ctx.home };
  }
  const found = findProjectConfig(ctx.cwd, ctx.home, fs);
  const folder = found?.dir ?? projectFolder(ctx.cwd, ctx.home, fs);
  if (found && isCodeFile(found.file))
    throw new SourceError(
      "source/config-is-code",
      `${found.file} is code, which roster does not rewrite: declare sources in a roster.config.json beside it (move its settings there)`,
    );
  return {
    scope,
    configFile: found?.file ?? join(folder, "roster.config.json"),
    lockFile: join(folder, LOCK_FILE),
    root: folder,
  };
}

/** A config file as JSON: its whole object (other keys kept) and its sources. */
export interface DeclaredSources {
  exists: boolean;
  /** Every key of the file, as read. */
  data: Record<string, unknown>;
  sources: SourceDeclaration[];
  /** The file's indentation, kept when it is written again. */
  indent: string | number;
}

/** Reads the sources a config declares (none when the file is absent); a bad config is a {@link ConfigError}. */
export function readDeclarations(configFile: string, fs: FileSystem = nodeFileSystem): DeclaredSources {
  let bytes: Buffer;
  try {
    bytes = readConfigBytes(configFile, fs);
  } catch (error) {
    if (error instanceof ConfigError && /does not exist/.test(error.message))
      return { exists: false, data: {}, sources: [], indent: 2 };
    throw error;
  }
  const text = bytes.toString("utf8").replace(/^\uFEFF/, "");
  let data: unknown;
  try {
    data = text.trim() === "" ? {} : JSON.parse(text);
  } catch (error) {
    throw new ConfigError(
      `cannot read config ${configFile}: not valid JSON (${error instanceof Error ? error.message : String(error)}).`,
      { cause: error },
    );
  }
  const config = checkConfig(data, configFile);
  const indent = /\n(\t|[ ]+)"/.exec(text)?.[1] ?? 2;
  return {
    exists: true,
    data: data as Record<string, unknown>,
    sources: (config.sources ?? []).map(fromEntry),
    indent,
  };
}

function fromEntry(entry: SourceEntry): SourceDeclaration {
  return { ...entry };
}

/** The config's text with `sources` replaced (the key dropped when none is left). */
export function formatDeclarations(declared: DeclaredSources, sources: readonly SourceDeclaration[]): string {
  const data: Record<string, unknown> = { ...declared.data };
  if (sources.length > 0) data.sources = sources.map(entryOf);
  else delete data.sources;
  return `${JSON.stringify(data, null, declared.indent)}\n`;
}

/** A declaration in the order its keys are written. */
export function entryOf(d: SourceDeclaration): SourceDeclaration {
  return {
    url: d.url,
    ...(d.ref !== undefined ? { ref: d.ref } : {}),
    ...(d.path !== undefined ? { path: d.path } : {}),
    ...(d.agents !== undefined ? { agents: d.agents } : {}),
    ...(d.skills !== undefined ? { skills: d.skills } : {}),
    ...(d.commands !== undefined ? { commands: d.commands } : {}),
    to: d.to,
  };
}

/** Whether a lock entry pins exactly this declaration (same ref, path, names and tools). */
export function sameDeclaration(a: SourceDeclaration, b: SourceDeclaration): boolean {
  return JSON.stringify(entryOf(a)) === JSON.stringify(entryOf(b));
}

/** The file name shown for a config (`roster.config.json`). */
export function configName(places: SourcePlaces): string {
  return basename(places.configFile);
}

/** The folder holding the config and the lock. */
export function configFolder(places: SourcePlaces): string {
  return dirname(places.configFile);
}
