// Carrying out the writes of an operation on sources all together or not at all (SPEC §20: a
// failed add or update changes nothing). Every file goes through the writers' one safe write
// (a temporary file and a rename, never through a link, never outside its root); before each
// one the file's bytes (or its absence) and the folders about to be made are noted, and the
// first failure puts every file and folder back as it was, newest first.
import * as fs from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { describeFsError } from "@roster/core/provider-kit";
import { removeFileInside, WriteRefusedError, writeFileInside } from "@roster/writers";
import { SourceError } from "./errors.js";

/** One change on disk. */
export type DiskChange =
  | { op: "write"; root: string; path: string; content: string | Uint8Array }
  | { op: "remove"; root: string; path: string }
  /** Removes the folder when it is empty (a skill folder whose files were removed). */
  | { op: "rmdir"; root: string; path: string };

/** The most bytes of a file noted to put it back (a tool's file, a manifest, a config). */
const MAX_KEPT_BYTES = 64 * 1024 * 1024;

interface Noted {
  root: string;
  path: string;
  /** The bytes and mode before, or null when there was no file. */
  before: { bytes: Buffer; mode: number } | null;
}

/** Notes what a change will replace, so that it can be put back. */
class Journal {
  private readonly files: Noted[] = [];
  private readonly seen = new Set<string>();
  private readonly made: string[] = [];
  /** Folders known to be there (a write's folders are looked up once for all its files). */
  private readonly present = new Set<string>();

  /** Notes a change's file; true when it was not noted before. */
  note(change: DiskChange): boolean {
    if (change.op === "rmdir") return false;
    const first = !this.seen.has(change.path);
    if (first) {
      this.seen.add(change.path);
      let before: Noted["before"] = null;
      // Absent (most files a source brings): putting it back removes it. No error is made for it.
      const stats = lstatOrUndefined(change.path);
      if (stats?.isFile() && stats.size <= MAX_KEPT_BYTES)
        before = { bytes: fs.readFileSync(change.path), mode: stats.mode & 0o7777 };
      this.files.push({ root: change.root, path: change.path, before });
    }
    // The folders a write will make, outermost first (removed again, innermost first).
    if (change.op === "write") {
      const missing: string[] = [];
      for (let dir = dirname(change.path); isBelow(change.root, dir); dir = dirname(dir)) {
        if (this.present.has(dir)) break;
        if (lstatOrUndefined(dir)) {
          this.present.add(dir);
          break;
        }
        missing.unshift(dir);
      }
      for (const dir of missing)
        if (!this.present.has(dir)) {
          this.present.add(dir);
          this.made.push(dir);
        }
    }
    return first;
  }

  /** Forgets the last file noted: its change failed, and the safe write leaves a file as it was. */
  forgetLast(): void {
    const last = this.files.pop();
    if (last) this.seen.delete(last.path);
  }

  /** Puts every noted file back, newest first, then removes the folders made (when empty). */
  rollback(): string[] {
    const problems: string[] = [];
    for (const { root, path, before } of [...this.files].reverse()) {
      try {
        if (before === null) removeFileInside({ root, filePath: path });
        else writeFileInside({ root, filePath: path, content: before.bytes, mode: before.mode });
      } catch (error) {
        problems.push(`${path}: ${reason(error)}`);
      }
    }
    for (const dir of [...this.made].reverse()) {
      try {
        fs.rmdirSync(dir);
      } catch {
        // Not empty (a file of someone else's appeared): left.
      }
    }
    return problems;
  }
}

function lstatOrUndefined(path: string): fs.Stats | undefined {
  try {
    return fs.lstatSync(path, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

function isBelow(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel !== "" && !rel.startsWith(`..${sep}`) && rel !== "..";
}

function reason(error: unknown): string {
  return error instanceof WriteRefusedError ? error.message : describeFsError(error);
}

/**
 * Applies `changes` in order. The first that fails undoes every one before it and throws
 * `source/write-failed` naming the file and why (and, if something could not be put back,
 * what).
 */
export function applyChanges(changes: readonly DiskChange[]): void {
  const journal = new Journal();
  for (const change of changes) {
    const first = journal.note(change);
    try {
      if (change.op === "write")
        writeFileInside({ root: change.root, filePath: change.path, content: change.content });
      else if (change.op === "remove") removeFileInside({ root: change.root, filePath: change.path });
      else removeEmptyFolder(change.path);
    } catch (error) {
      if (first) journal.forgetLast();
      const left = journal.rollback();
      throw new SourceError(
        "source/write-failed",
        `cannot write ${change.path}: ${reason(error)}; nothing was changed${left.length > 0 ? ` (but these could not be put back: ${left.join("; ")})` : ""}`,
        { cause: error },
      );
    }
  }
}

function removeEmptyFolder(path: string): void {
  try {
    const stats = fs.lstatSync(path);
    if (!stats.isDirectory()) return;
    if (fs.readdirSync(path).length === 0) fs.rmdirSync(path);
  } catch {
    // Gone already, or not empty.
  }
}

/** `path` joined below `root` from `/`-separated parts. */
export function below(root: string, posixPath: string): string {
  return join(root, ...posixPath.split("/"));
}
