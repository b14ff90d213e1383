import { join } from "node:path";
import { errorCode, nodeFileSystem } from "@roster/core/provider-kit";
import { WriteRefusedError, writeFileInside } from "@roster/writers";
import { ConfigError } from "./config-error.js";
import { type ConfigWhere, userConfigDir } from "./config-places.js";

/** One folder the user trusted with `roster trust`. */
export interface TrustRecord {
  /** The folder's real path. */
  folder: string;
  /** The config file's name inside it (`roster.config.mjs` or `roster.config.json`), or null: a folder trusted without a config. */
  configFile: string | null;
  /** SHA-256 (hex) of the config file's bytes when it was trusted, or null without a config. */
  sha256: string | null;
  /** SHA-256 of every other code file the config makes roster run, keyed by its path relative to `folder`. */
  files?: Record<string, string>;
  /** When, as an ISO 8601 time. */
  trustedAt: string;
}

const STORE_LIMIT = 4 * 1024 * 1024;

/** Where the trusted folders are kept: `<user config folder>/trusted.json`. */
export function trustStorePath(where: ConfigWhere): string {
  return join(userConfigDir(where), "trusted.json");
}

function isRecord(value: unknown): value is TrustRecord {
  if (value === null || typeof value !== "object") return false;
  const r = value as Record<string, unknown>;
  const stringOrNull = (v: unknown) => typeof v === "string" || v === null;
  const files =
    r.files === undefined ||
    (r.files !== null &&
      typeof r.files === "object" &&
      Object.values(r.files).every((h) => typeof h === "string"));
  return (
    typeof r.folder === "string" &&
    stringOrNull(r.configFile) &&
    stringOrNull(r.sha256) &&
    files &&
    typeof r.trustedAt === "string"
  );
}

/**
 * The trusted folders. No store is an empty one; a store roster cannot read or understand is
 * a usage error (nothing is trusted by accident, and the user is told which file to fix).
 */
export function readTrustStore(where: ConfigWhere): TrustRecord[] {
  const path = trustStorePath(where);
  let text: string;
  try {
    text = (where.fs ?? nodeFileSystem).readFile(path, STORE_LIMIT).toString("utf8");
  } catch (error) {
    if (errorCode(error) === "ENOENT" || errorCode(error) === "ENOTDIR") return [];
    throw new ConfigError(
      `cannot read the trust store ${path}: ${error instanceof Error ? error.message : String(error)}.`,
      { cause: error },
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`the trust store ${path} is not valid JSON; fix or delete it.`, { cause: error });
  }
  const list = (value as { trusted?: unknown } | null)?.trusted;
  if (!Array.isArray(list) || !list.every(isRecord)) {
    throw new ConfigError(
      `the trust store ${path} is not of the form { "trusted": [{ folder, configFile, sha256, files?, trustedAt }] }; fix or delete it.`,
    );
  }
  return list;
}

/**
 * Replaces the store's content through roster's one write (SPEC §17): a temporary file beside
 * it, then a rename; never half-written, never through a link. A store that is a link is a
 * usage error that names it.
 */
export function writeTrustStore(where: ConfigWhere, records: readonly TrustRecord[]): void {
  const path = trustStorePath(where);
  try {
    writeFileInside({
      root: userConfigDir(where),
      filePath: path,
      content: `${JSON.stringify({ version: 1, trusted: records }, null, 2)}\n`,
      mode: 0o600,
      dirMode: 0o700,
    });
  } catch (error) {
    if (!(error instanceof WriteRefusedError)) throw error;
    throw new ConfigError(`cannot write the trust store ${path}: ${error.message}.`, { cause: error });
  }
}
