// One commit's files read straight from the cache's repository, never checked out (SPEC §20):
// `git ls-tree` lists every entry with its mode and size, `git cat-file --batch` gives the
// files' bytes, and a file-system layer answers discovery, the audit and the copies from them
// below a folder of its own. Nothing of the source touches the disk, so nothing of it can be
// a link on the disk either: a link in the source is an entry here, resolved inside the tree.
import type { Dirent, Stats } from "node:fs";
import { isAbsolute, join, resolve, sep } from "node:path";
import type { FileSystem } from "@roster/core";
import { nodeFileSystem, refuseBoundedRead, resolvePath } from "@roster/core/provider-kit";
import { SourceError } from "./errors.js";
import { gitReason, readBlobSync, runGit } from "./git.js";
import type { GitOptions } from "./types.js";

/** The most entries of a commit's tree listed (the audit's walk stops at the same bound). */
export const MAX_COMMIT_ENTRIES = 200_000;
/** Files larger than this are never read ahead (no reader of roster takes more than 8 MiB). */
const MAX_READ_AHEAD_FILE = 8 * 1024 * 1024;
/** The most bytes of one commit's files held in memory; the rest are read when asked for. */
const READ_AHEAD_BUDGET = 64 * 1024 * 1024;
/** The most links followed in one path (as Linux's `ELOOP`). */
const MAX_LINKS = 40;

/** One entry of the commit: a file (its mode's executable bit kept), a link, a folder, a submodule. */
interface TreeEntry {
  kind: "file" | "link" | "folder";
  /** The object id (files and links). */
  oid?: string;
  size: number;
  mode: number;
  ino: number;
  /** The bytes, once read (a link's target). */
  bytes?: Buffer;
  /** A folder's entries by name, in git's order. */
  children?: Map<string, TreeEntry>;
  /** Its `Stats`, made once. */
  stats?: Stats;
  /** A folder's entries in code-unit order of name, sorted once. */
  sorted?: Array<[string, TreeEntry]>;
}

/** A commit's tree, listed and (within a budget) read. */
export interface CommitTree {
  commit: string;
  /** The number of entries listed. */
  entries: number;
  /** The layer answering for `root` and below from the tree, and for everything else from `base`. */
  fileSystem(root: string, base?: FileSystem): FileSystem;
}

/** Options of {@link readCommitTree}. */
export interface ReadCommitTreeOptions {
  /** The bare repository holding the commit. */
  repo: string;
  commit: string;
  git?: GitOptions;
}

/** Parses `git ls-tree -r -t -z --long` output into a tree of entries. */
function parseListing(output: Buffer): { root: TreeEntry; count: number } {
  let ino = 1;
  const root: TreeEntry = { kind: "folder", size: 4096, mode: 0o40755, ino: ino++, children: new Map() };
  const folderAt = (path: string): TreeEntry => {
    let at = root;
    if (path === "") return at;
    for (const part of path.split("/")) {
      let next = at.children!.get(part);
      if (!next) {
        next = { kind: "folder", size: 4096, mode: 0o40755, ino: ino++, children: new Map() };
        at.children!.set(part, next);
      }
      at = next;
    }
    return at;
  };
  let count = 0;
  let start = 0;
  // git lists a folder's entries together: its path is looked up once for all of them.
  let lastParentPath: string | undefined;
  let lastParent = root;
  while (start < output.length) {
    const end = output.indexOf(0, start);
    const record = output.subarray(start, end === -1 ? output.length : end).toString("utf8");
    start = end === -1 ? output.length : end + 1;
    // "<mode> <type> <oid> <size>\t<path>"
    const tab = record.indexOf("\t");
    if (tab === -1) continue;
    const [modeText, type, oid, sizeText] = record.slice(0, tab).split(/ +/);
    const path = record.slice(tab + 1);
    const slash = path.lastIndexOf("/");
    const parentPath = slash === -1 ? "" : path.slice(0, slash);
    if (parentPath !== lastParentPath) {
      lastParent = folderAt(parentPath);
      lastParentPath = parentPath;
    }
    const parent = lastParent;
    const name = path.slice(slash + 1);
    count++;
    if (type === "tree") {
      folderAt(path);
      continue;
    }
    if (type === "commit") {
      // A submodule: an empty folder, as a checkout leaves it.
      if (!parent.children!.has(name))
        parent.children!.set(name, {
          kind: "folder",
          size: 4096,
          mode: 0o40755,
          ino: ino++,
          children: new Map(),
        });
      continue;
    }
    const mode = Number.parseInt(modeText ?? "0", 8);
    const link = mode === 0o120000;
    parent.children!.set(name, {
      kind: link ? "link" : "file",
      ...(oid ? { oid } : {}),
      size: Number(sizeText) || 0,
      mode: link ? 0o120777 : mode === 0o100755 ? 0o100755 : 0o100644,
      ino: ino++,
    });
  }
  return { root, count };
}

/** Every file and link entry, with its path, in git's order. */
function* entriesOf(folder: TreeEntry): Generator<TreeEntry> {
  for (const entry of folder.children?.values() ?? []) {
    if (entry.kind === "folder") yield* entriesOf(entry);
    else yield entry;
  }
}

/** Splits `git cat-file --batch` output into the objects asked for, in order. */
function splitBatch(output: Buffer, wanted: readonly TreeEntry[]): void {
  let at = 0;
  for (const entry of wanted) {
    const newline = output.indexOf(10, at);
    if (newline === -1) return;
    const header = output.subarray(at, newline).toString("latin1").split(" ");
    if (header[1] === "missing" || header.length < 3) {
      at = newline + 1;
      continue;
    }
    const size = Number(header[2]);
    entry.bytes = output.subarray(newline + 1, newline + 1 + size);
    at = newline + 1 + size + 1;
  }
}

/**
 * Lists the commit's tree and reads its links' targets and its files (each up to 8 MiB, up
 * to 64 MiB in all; a file past that budget is read from the repository when first asked
 * for). Rejects with `source/git-failed` when the repository cannot list it, and
 * `source/tree-too-large` past {@link MAX_COMMIT_ENTRIES} entries.
 */
export async function readCommitTree(options: ReadCommitTreeOptions): Promise<CommitTree> {
  const { repo, commit } = options;
  const git = options.git ?? {};
  const listing = await runGit(["--git-dir", repo, "ls-tree", "-r", "-t", "-z", "--long", commit, "--"], {
    ...git,
  });
  if (listing.code !== 0)
    throw new SourceError(
      "source/git-failed",
      `cannot list commit ${commit.slice(0, 12)}: ${gitReason(listing.stderr)}`,
    );
  const { root, count } = parseListing(listing.output);
  // The tree's root is a repository's root for every walk up (discovery stops there); git
  // never lets a tree hold a `.git` of its own.
  const marker = Buffer.from(`gitdir: ${repo}\n`);
  root.children!.set(".git", { kind: "file", size: marker.length, mode: 0o100644, ino: 0, bytes: marker });
  if (listing.truncated || count > MAX_COMMIT_ENTRIES)
    throw new SourceError(
      "source/tree-too-large",
      `commit ${commit.slice(0, 12)} holds more than ${MAX_COMMIT_ENTRIES} files and folders: give --path to read one folder of it`,
    );
  // Links first (a path may go through any of them), then files while the budget lasts.
  const wanted: TreeEntry[] = [];
  let budget = READ_AHEAD_BUDGET;
  for (const entry of entriesOf(root)) if (entry.kind === "link") wanted.push(entry);
  for (const entry of entriesOf(root))
    if (entry.kind === "file" && entry.size <= MAX_READ_AHEAD_FILE && entry.size <= budget) {
      wanted.push(entry);
      budget -= entry.size;
    }
  if (wanted.length > 0) {
    const batch = await runGit(["--git-dir", repo, "cat-file", "--batch"], {
      ...git,
      input: `${wanted.map((e) => e.oid).join("\n")}\n`,
      // Each object's header (oid, type, size) and a line break around it, besides its bytes.
      maxOutputBytes: wanted.reduce((sum, e) => sum + e.size + 100, 0),
    });
    if (batch.code !== 0)
      throw new SourceError(
        "source/git-failed",
        `cannot read the files of commit ${commit.slice(0, 12)}: ${gitReason(batch.stderr)}`,
      );
    splitBatch(batch.output, wanted);
  }
  /** A file past the read-ahead: asked of the repository once, when a reader wants it. */
  const bytesOf = (entry: TreeEntry): Buffer => {
    if (entry.bytes === undefined) {
      try {
        entry.bytes = readBlobSync(repo, entry.oid!, entry.size + 1, git);
      } catch (error) {
        throw Object.assign(new Error(`EIO: cannot read ${entry.oid} from ${repo}`), {
          code: "EIO",
          cause: error,
        });
      }
    }
    return entry.bytes;
  };
  return {
    commit,
    entries: count,
    fileSystem: (rootDir, base = nodeFileSystem) => treeLayer({ top: root, rootDir, base, bytesOf }),
  };
}

/** A `Stats` of a tree entry: its kind, mode and size; times at the epoch, owner the user. */
function statsOf(entry: TreeEntry): Stats {
  entry.stats ??= makeStats(entry);
  return entry.stats;
}

function makeStats(entry: TreeEntry): Stats {
  const uid = process.getuid?.() ?? 0;
  const gid = process.getgid?.() ?? 0;
  const type = entry.mode & 0o170000;
  const epoch = new Date(0);
  return {
    dev: 0x7265,
    ino: entry.ino,
    mode: entry.mode,
    nlink: 1,
    uid,
    gid,
    rdev: 0,
    size: entry.kind === "link" ? (entry.bytes?.length ?? entry.size) : entry.size,
    blksize: 4096,
    blocks: Math.ceil(entry.size / 512),
    atimeMs: 0,
    mtimeMs: 0,
    ctimeMs: 0,
    birthtimeMs: 0,
    atime: epoch,
    mtime: epoch,
    ctime: epoch,
    birthtime: epoch,
    isFile: () => type === 0o100000,
    isDirectory: () => type === 0o040000,
    isSymbolicLink: () => type === 0o120000,
    isFIFO: () => false,
    isSocket: () => false,
    isBlockDevice: () => false,
    isCharacterDevice: () => false,
  } as Stats;
}

/** A folder entry as `readdir(…, { withFileTypes: true })` gives it. */
function direntOf(name: string, parentPath: string, entry: TreeEntry): Dirent {
  const stats = statsOf(entry);
  return {
    name,
    parentPath,
    path: parentPath,
    isFile: stats.isFile,
    isDirectory: stats.isDirectory,
    isSymbolicLink: stats.isSymbolicLink,
    isFIFO: () => false,
    isSocket: () => false,
    isBlockDevice: () => false,
    isCharacterDevice: () => false,
  } as Dirent;
}

function fsError(code: "ENOENT" | "ENOTDIR" | "ELOOP", syscall: string, path: string): Error {
  return Object.assign(new Error(`${code}: ${syscall} '${path}'`), { code, syscall, path });
}

interface LayerOptions {
  top: TreeEntry;
  rootDir: string;
  base: FileSystem;
  bytesOf: (entry: TreeEntry) => Buffer;
}

/** Where a path leads: an entry of the tree (and its real path), or a path outside it. */
type Found = { entry: TreeEntry; real: string } | { outside: string };

/** The layer: paths at or below `rootDir` from the tree, links resolved as the kernel would. */
function treeLayer({ top, rootDir, base, bytesOf }: LayerOptions): FileSystem {
  const below = rootDir.endsWith(sep) ? rootDir : `${rootDir}${sep}`;
  /** True for `rootDir` and the paths below it (`path` resolved: no `.` or `..` left). */
  const within = (path: string) => path === rootDir || path.startsWith(below);
  /**
   * Resolves `at` (`path` resolved) component by component; the last one followed when
   * `follow`. Errors name `path`, as the caller gave it.
   */
  const find = (path: string, at: string, follow: boolean, syscall: string): Found => {
    let hops = 0;
    let pending = at;
    for (;;) {
      if (!within(pending)) return { outside: pending };
      const parts = pending === rootDir ? [] : pending.slice(below.length).split(sep);
      let entry = top;
      let real = rootDir;
      let restart: string | undefined;
      for (let i = 0; i < parts.length; i++) {
        const part = parts[i]!;
        if (entry.kind !== "folder") throw fsError("ENOTDIR", syscall, path);
        const next = entry.children!.get(part);
        if (!next) throw fsError("ENOENT", syscall, path);
        const last = i === parts.length - 1;
        if (next.kind === "link" && (!last || follow)) {
          if (++hops > MAX_LINKS) throw fsError("ELOOP", syscall, path);
          const target = bytesOf(next).toString("utf8");
          const rest = parts.slice(i + 1);
          restart = join(isAbsolute(target) ? target : resolve(real, target), ...rest);
          break;
        }
        entry = next;
        // `join`, without its normalising: `rootDir` and the parts are normal already.
        real = `${real === rootDir ? below : `${real}${sep}`}${part}`;
      }
      if (restart === undefined) return { entry, real };
      pending = restart;
    }
  };
  /** A file's bytes as `stat` then `readFile` answer them, each refusal as the one of those two that gives it. */
  const readAt = (path: string, at: string, maxBytes: number): { bytes: Buffer; stats: Stats } => {
    const found = find(path, at, true, "stat");
    if ("outside" in found) {
      // What `stat` says of a link out of the tree (nothing there: its error), then no read.
      base.stat(found.outside);
      throw fsError("ENOENT", "open", path);
    }
    const stats = statsOf(found.entry);
    refuseBoundedRead(path, stats, maxBytes);
    return { bytes: bytesOf(found.entry), stats };
  };
  return {
    readdir(dir) {
      const at = resolvePath(dir);
      if (!within(at)) return base.readdir(dir);
      const found = find(dir, at, true, "scandir");
      // Nothing outside the tree is ever read for a source, whatever a link says.
      if ("outside" in found) throw fsError("ENOENT", "scandir", dir);
      if (found.entry.kind !== "folder") throw fsError("ENOTDIR", "scandir", dir);
      const folder = found.entry;
      folder.sorted ??= [...folder.children!].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      return folder.sorted.map(([name, entry]) => direntOf(name, dir, entry));
    },
    stat(path) {
      const at = resolvePath(path);
      if (!within(at)) return base.stat(path);
      const found = find(path, at, true, "stat");
      // A link out of the tree: what is there, as a checkout's link would show it (never read).
      if ("outside" in found) return base.stat(found.outside);
      return statsOf(found.entry);
    },
    lstat(path) {
      const at = resolvePath(path);
      if (!within(at)) return base.lstat(path);
      const found = find(path, at, false, "lstat");
      if ("outside" in found) return base.lstat(found.outside);
      return statsOf(found.entry);
    },
    readFile(path, maxBytes = 4 * 1024 * 1024, ...rest) {
      const at = resolvePath(path);
      if (!within(at)) return base.readFile(path, maxBytes, ...rest);
      const found = find(path, at, true, "open");
      if ("outside" in found) throw fsError("ENOENT", "open", path);
      refuseBoundedRead(path, statsOf(found.entry), maxBytes);
      return bytesOf(found.entry);
    },
    // One walk of the path for the stat and the read a reader would make one after the other.
    readListed(path, maxBytes) {
      const at = resolvePath(path);
      if (!within(at)) {
        const stats = base.stat(path);
        return { bytes: base.readFile(path, maxBytes, stats), stats };
      }
      return readAt(path, at, maxBytes);
    },
    realpath(path) {
      const at = resolvePath(path);
      if (!within(at)) return base.realpath(path);
      const found = find(path, at, true, "realpath");
      // Outside: where the link leads; the callers' "inside?" check refuses it.
      return "outside" in found ? base.realpath(found.outside) : found.real;
    },
  };
}
