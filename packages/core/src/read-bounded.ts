import { closeSync, constants, fstatSync, openSync, readSync, type Stats, statSync } from "node:fs";

/** Why {@link readFileBounded} refused a file. */
export type BoundedReadRefusal = "not-regular" | "too-large";

/**
 * Thrown by {@link readFileBounded} for a file it will not read: a FIFO, device, socket or
 * folder (`not-regular`), or a file with more than `maxBytes` bytes (`too-large`).
 * File-system errors (`ENOENT`, `EACCES`, …) pass through untouched. The message does not
 * repeat the path (diagnostics carry it); `path` does.
 */
export class BoundedReadError extends Error {
  readonly code: BoundedReadRefusal;
  readonly path: string;
  /** The size `stat` reported, or the bytes read when the read went past the limit. */
  readonly size?: number;
  /** The `stat` of the file, when it was taken (the open descriptor's, for {@link readListedFile}). */
  readonly stats?: Stats;
  constructor(options: {
    code: BoundedReadRefusal;
    path: string;
    message: string;
    size?: number;
    stats?: Stats;
  }) {
    super(options.message);
    this.name = "BoundedReadError";
    this.code = options.code;
    this.path = options.path;
    if (options.size !== undefined) this.size = options.size;
    if (options.stats !== undefined) this.stats = options.stats;
  }
}

function kindOf(stats: Stats): string {
  if (stats.isDirectory()) return "a folder";
  if (stats.isFIFO()) return "a FIFO";
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return "a device";
  if (stats.isSocket()) return "a socket";
  return "not a regular file";
}

const CHUNK_BYTES = 64 * 1024;
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0);

/**
 * Reads a regular file, stopping one chunk past `maxBytes` whatever `stat` says.
 *
 * 1. `stat` (following links) first: a FIFO, device, socket or folder is refused before it
 *    is opened, so nothing blocks on a pipe or reads a device forever.
 * 2. Opened non-blocking; the open descriptor is `fstat`-ed again (the path may have been
 *    swapped between the two calls) and must still be a regular file.
 * 3. Read in 64 KiB chunks, stopping as soon as more than `maxBytes` arrived: `/proc` files
 *    report size 0 and stream without end, so the limit is enforced on the bytes read.
 *
 * `scratch`, when given and large enough, receives the bytes and the result is a view of it,
 * valid until the caller's next read into the same scratch: a caller that decodes at once and
 * keeps nothing of the bytes saves one allocation per file.
 */
export function readFileBounded(path: string, maxBytes: number, known?: Stats, scratch?: Buffer): Buffer {
  // A caller that has just stat-ed the path may hand that result in: one stat less.
  const before = known ?? statSync(path);
  refuseBoundedRead(path, before, maxBytes);
  return openAndRead(path, maxBytes, scratch).bytes;
}

/**
 * Reads a file that a folder listing (or a `stat` of the link that points to it) already
 * called a regular file: opened at once, non-blocking, and checked on the open descriptor
 * (`fstat`: regular, within `maxBytes`), so one `stat` of the path is saved. Returns the
 * bytes and the descriptor's `stat`; `scratch` as in {@link readFileBounded}.
 */
export function readListedFile(
  path: string,
  maxBytes: number,
  scratch?: Buffer,
): { bytes: Buffer; stats: Stats } {
  return openAndRead(path, maxBytes, scratch);
}

/** Throws the refusal for a file that is not regular or over `maxBytes` (a layer's `readFile` answers alike). */
export function refuseBoundedRead(path: string, stats: Stats, maxBytes: number): void {
  if (!stats.isFile()) {
    throw new BoundedReadError({
      code: "not-regular",
      path,
      message: `it is ${kindOf(stats)}, not a regular file`,
      stats,
    });
  }
  if (stats.size > maxBytes) {
    throw new BoundedReadError({
      code: "too-large",
      path,
      size: stats.size,
      message: `${stats.size} bytes is over the ${maxBytes}-byte limit`,
      stats,
    });
  }
}

function openAndRead(
  path: string,
  maxBytes: number,
  scratch: Buffer | undefined,
): { bytes: Buffer; stats: Stats } {
  const fd = openSync(path, OPEN_FLAGS);
  try {
    // The path may have been swapped since it was looked at: the descriptor decides.
    const stats = fstatSync(fd);
    refuseBoundedRead(path, stats, maxBytes);
    // A regular file of known size is read into one buffer of that size plus one byte (the
    // extra byte shows a file that grew since `stat`): no 64 KiB scratch buffer per file and
    // no copy. A size of 0 (`/proc` files, which stream) is read in whole chunks: some
    // (pagemap) only accept reads in multiples of 8.
    const expected = stats.size;
    if (expected > 0 && expected < maxBytes) {
      const buffer = scratch && scratch.length > expected ? scratch : Buffer.allocUnsafe(expected + 1);
      // A regular file's read comes back short only at its end: one call, not a second one
      // to see 0. All of the size plus one byte filled means it grew since `fstat`: go on in chunks.
      const length = readSync(fd, buffer, 0, expected + 1, null);
      if (length <= expected) return { bytes: buffer.subarray(0, length), stats };
      return { bytes: readChunks(fd, path, maxBytes, [buffer.subarray(0, length)], length), stats };
    }
    return { bytes: readChunks(fd, path, maxBytes, [], 0), stats };
  } finally {
    closeSync(fd);
  }
}

/** Reads on in 64 KiB chunks after `length` bytes already in `chunks`, stopping past `maxBytes`. */
function readChunks(fd: number, path: string, maxBytes: number, chunks: Buffer[], length: number): Buffer {
  for (;;) {
    if (length > maxBytes) {
      throw new BoundedReadError({
        code: "too-large",
        path,
        size: length,
        message: `more than ${maxBytes} bytes: over the limit`,
      });
    }
    const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
    const n = readSync(fd, chunk, 0, CHUNK_BYTES, null);
    if (n === 0) break;
    chunks.push(n === CHUNK_BYTES ? chunk : chunk.subarray(0, n));
    length += n;
  }
  // One copy of the exact length, so no oversized scratch buffer is retained.
  return Buffer.concat(chunks, length);
}
