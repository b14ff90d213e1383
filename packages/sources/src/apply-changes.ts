// Carrying out the writes of an operation on sources all together or not at all (SPEC §20: a
// failed add or update changes nothing). Every file goes through the writers' safe writes (a
// temporary file and a rename, never through a link, never outside its root): writes that
// follow one another are staged together, so each folder is looked at and made once. Just
// before each rename (or removal) the file's bytes (or its absence) are noted, with the
// folders made, and the first failure puts every file and folder back as it was, newest first.
import * as fs from "node:fs";
import { join } from "node:path";
import { describeFsError } from "@roster/core/provider-kit";
import { removeFileInside, stageWrites, WriteRefusedError, writeFileInside } from "@roster/writers";
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

  /** Notes a file as it is now (`stats`: what is at its place); true when it was not noted before. */
  note(root: string, path: string, stats: fs.Stats | undefined): boolean {
    if (this.seen.has(path)) return false;
    // Absent (most files a source brings): putting it back removes it.
    const before: Noted["before"] =
      stats?.isFile() && stats.size <= MAX_KEPT_BYTES
        ? { bytes: fs.readFileSync(path), mode: stats.mode & 0o7777 }
        : null;
    this.seen.add(path);
    this.files.push({ root, path, before });
    return true;
  }

  /** Notes folders the writes made, outermost first (removed again, innermost first). */
  folders(made: readonly string[]): void {
    this.made.push(...made);
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

/** A change that failed, and why. */
class ChangeFailed extends Error {
  readonly change: DiskChange;
  readonly error: unknown;
  constructor(change: DiskChange, error: unknown) {
    super(change.path);
    this.change = change;
    this.error = error;
  }
}

function lstatOrUndefined(path: string): fs.Stats | undefined {
  try {
    return fs.lstatSync(path, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

function reason(error: unknown): string {
  return error instanceof WriteRefusedError ? error.message : describeFsError(error);
}

type WriteChange = Extract<DiskChange, { op: "write" }>;

/**
 * Lands writes that follow one another: every file first as a temporary (each folder looked at
 * and made once), then each renamed in order, noted just before; the temporaries left are
 * removed whatever happens.
 */
function landWrites(run: readonly WriteChange[], journal: Journal): void {
  const writes = stageWrites();
  try {
    const staged = run.map((change) => {
      try {
        return writes.stage({ root: change.root, filePath: change.path, content: change.content });
      } catch (error) {
        throw new ChangeFailed(change, error);
      }
    });
    run.forEach((change, i) => {
      let first = false;
      try {
        writes.land(staged[i]!, (existing) => {
          first = journal.note(change.root, change.path, existing);
        });
      } catch (error) {
        if (first) journal.forgetLast();
        throw new ChangeFailed(change, error);
      }
    });
  } finally {
    writes.discard();
    journal.folders(writes.made);
  }
}

/** Carries out a removal (noted first). */
function applyRemoval(change: Exclude<DiskChange, WriteChange>, journal: Journal): void {
  if (change.op === "rmdir") {
    removeEmptyFolder(change.path);
    return;
  }
  let first = false;
  try {
    first = journal.note(change.root, change.path, lstatOrUndefined(change.path));
    removeFileInside({ root: change.root, filePath: change.path });
  } catch (error) {
    if (first) journal.forgetLast();
    throw new ChangeFailed(change, error);
  }
}

/**
 * Applies `changes` in order. The first that fails undoes every one before it and throws
 * `source/write-failed` naming the file and why (and, if something could not be put back,
 * what).
 */
export function applyChanges(changes: readonly DiskChange[]): void {
  const journal = new Journal();
  try {
    for (let at = 0; at < changes.length; ) {
      const change = changes[at]!;
      if (change.op !== "write") {
        applyRemoval(change, journal);
        at += 1;
        continue;
      }
      const run: WriteChange[] = [];
      for (let next = changes[at]; next?.op === "write"; next = changes[++at]) run.push(next);
      landWrites(run, journal);
    }
  } catch (failure) {
    if (!(failure instanceof ChangeFailed)) throw failure;
    const left = journal.rollback();
    throw new SourceError(
      "source/write-failed",
      `cannot write ${failure.change.path}: ${reason(failure.error)}; nothing was changed${left.length > 0 ? ` (but these could not be put back: ${left.join("; ")})` : ""}`,
      { cause: failure.error },
    );
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
