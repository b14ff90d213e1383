// `roster.lock`: beside the config that declares the sources, JSON with a schemaVersion; per
// source its declaration, the resolved commit and every file written with its tool and
// SHA-256 (README "The lock"). Read through a bound, checked whole: a lock roster cannot
// trust is an error naming the fix, never half-read.
import * as crypto from "node:crypto";
import { BoundedReadError, type FileSystem } from "@roster/core";
import { nodeFileSystem } from "@roster/core/provider-kit";
import { SourceError } from "./errors.js";
import type { AcceptedFinding, DefinitionKind, LockedFile, LockedSource, SourceLock } from "./types.js";

/** The lock's file name, beside `roster.config.json` (or the user's `config.json`). */
export const LOCK_FILE = "roster.lock";
/** The version of the lock's shape this roster writes and reads. */
export const LOCK_SCHEMA_VERSION = 1;
/** The largest lock read (300 files take about 60 KB). */
export const MAX_LOCK_BYTES = 16 * 1024 * 1024;

const COMMIT = /^[0-9a-f]{40}$/;
const SHA256 = /^[0-9a-f]{64}$/;
const KINDS: readonly DefinitionKind[] = ["agent", "skill", "command"];

/** SHA-256 of bytes, in hex. */
export function sha256(bytes: string | Uint8Array): string {
  // One call where Node has it (20.12 and later: a fraction of a hash object's cost); read off
  // the namespace, as an older Node 20 has no such export.
  if (typeof crypto.hash === "function") return crypto.hash("sha256", bytes, "hex");
  return crypto.createHash("sha256").update(bytes).digest("hex");
}

/** A path a lock may name: relative, `/`-separated, no `..`, no empty part. */
export function isSafeLockPath(path: string): boolean {
  if (path === "" || path.startsWith("/") || path.includes("\\") || /[\u0000-\u001f]/.test(path))
    return false;
  return path.split("/").every((part) => part !== "" && part !== "." && part !== "..");
}

const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === "string");

/**
 * Parses a lock's text; throws `source/lock-invalid` (saying to fix or delete it) when it is
 * not JSON or not a lock this roster reads.
 */
export function parseLock(text: string, filePath: string): SourceLock {
  const bad = (why: string): never => {
    throw new SourceError(
      "source/lock-invalid",
      `${filePath} ${why}: fix it, or delete it and run roster install to pin the sources again`,
    );
  };
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (error) {
    return bad(`is not JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  if (data === null || typeof data !== "object" || Array.isArray(data)) return bad("is not a JSON object");
  const lock = data as Record<string, unknown>;
  if (typeof lock.schemaVersion === "number" && lock.schemaVersion > LOCK_SCHEMA_VERSION)
    bad(`was written by a newer roster (schemaVersion ${lock.schemaVersion}); update roster to read it`);
  if (lock.schemaVersion !== LOCK_SCHEMA_VERSION) bad(`has no schemaVersion ${LOCK_SCHEMA_VERSION}`);
  if (!Array.isArray(lock.sources)) return bad('has no "sources" list');
  const sources = lock.sources.map((raw, i): LockedSource => {
    const at = `sources[${i}]`;
    if (raw === null || typeof raw !== "object") return bad(`has ${at} that is not an object`);
    const s = raw as Record<string, unknown>;
    if (typeof s.url !== "string" || s.url === "") bad(`has ${at} without a "url"`);
    if (typeof s.commit !== "string" || !COMMIT.test(s.commit)) bad(`has ${at} without a full "commit" id`);
    if (!isStrings(s.to) || s.to.length === 0) bad(`has ${at} without the tools it writes for ("to")`);
    for (const key of ["ref", "path"] as const)
      if (s[key] !== undefined && typeof s[key] !== "string") bad(`has ${at}.${key} that is not a string`);
    for (const key of ["agents", "skills", "commands"] as const)
      if (s[key] !== undefined && !isStrings(s[key])) bad(`has ${at}.${key} that is not a list of names`);
    if (!Array.isArray(s.files)) return bad(`has ${at} without its "files"`);
    const files = s.files.map((f, j): LockedFile => {
      const where = `${at}.files[${j}]`;
      const file = (f ?? {}) as Record<string, unknown>;
      if (typeof file.path !== "string" || !isSafeLockPath(file.path))
        bad(`has ${where} whose path is not a relative path below its folder`);
      if (typeof file.tool !== "string" || typeof file.name !== "string")
        bad(`has ${where} without its tool and name`);
      if (!KINDS.includes(file.kind as DefinitionKind)) bad(`has ${where} of an unknown kind`);
      if (typeof file.sha256 !== "string" || !SHA256.test(file.sha256)) bad(`has ${where} without a SHA-256`);
      return {
        path: file.path as string,
        tool: file.tool as string,
        kind: file.kind as DefinitionKind,
        name: file.name as string,
        sha256: file.sha256 as string,
      };
    });
    // Only well-formed entries: a finding accepted is compared field by field, never trusted whole.
    const accepted = Array.isArray(s.accepted)
      ? s.accepted.filter(
          (a): a is AcceptedFinding =>
            typeof a === "object" &&
            a !== null &&
            ["code", "name", "message"].every((k) => typeof (a as Record<string, unknown>)[k] === "string") &&
            KINDS.includes((a as { kind?: unknown }).kind as DefinitionKind),
        )
      : undefined;
    return {
      url: s.url as string,
      ...(s.ref !== undefined ? { ref: s.ref as string } : {}),
      ...(s.path !== undefined ? { path: s.path as string } : {}),
      ...(s.agents !== undefined ? { agents: s.agents as string[] } : {}),
      ...(s.skills !== undefined ? { skills: s.skills as string[] } : {}),
      ...(s.commands !== undefined ? { commands: s.commands as string[] } : {}),
      to: s.to as string[],
      commit: s.commit as string,
      files,
      ...(accepted && accepted.length > 0 ? { accepted } : {}),
    };
  });
  return { schemaVersion: LOCK_SCHEMA_VERSION, sources };
}

/** The lock at `filePath`, or an empty one when there is none. */
export function readLock(
  filePath: string,
  fs: FileSystem = nodeFileSystem,
): { lock: SourceLock; exists: boolean } {
  let bytes: Buffer;
  try {
    bytes = fs.readFile(filePath, MAX_LOCK_BYTES);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT")
      return { lock: { schemaVersion: LOCK_SCHEMA_VERSION, sources: [] }, exists: false };
    const why =
      error instanceof BoundedReadError
        ? error.message
        : error instanceof Error
          ? error.message
          : String(error);
    throw new SourceError("source/lock-invalid", `cannot read ${filePath}: ${why}`, { cause: error });
  }
  return { lock: parseLock(bytes.toString("utf8"), filePath), exists: true };
}

/** The lock's text: sources in the config's order, files sorted by path, two-space JSON and a newline. */
export function formatLock(lock: SourceLock): string {
  const sources = lock.sources.map((s) => ({
    url: s.url,
    ...(s.ref !== undefined ? { ref: s.ref } : {}),
    ...(s.path !== undefined ? { path: s.path } : {}),
    ...(s.agents !== undefined ? { agents: s.agents } : {}),
    ...(s.skills !== undefined ? { skills: s.skills } : {}),
    ...(s.commands !== undefined ? { commands: s.commands } : {}),
    to: s.to,
    commit: s.commit,
    files: [...s.files]
      .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
      .map((f) => ({ path: f.path, tool: f.tool, kind: f.kind, name: f.name, sha256: f.sha256 })),
    ...(s.accepted && s.accepted.length > 0 ? { accepted: s.accepted } : {}),
  }));
  return `${JSON.stringify({ schemaVersion: LOCK_SCHEMA_VERSION, sources }, null, 2)}\n`;
}
