// The files an operation has just written, read back from memory: the views that follow a
// write (what each tool loads of it) would otherwise open and read every one of them again.
import type { Stats } from "node:fs";
import { type FileSystem, readListedFile } from "@roster/core";
import { nodeFileSystem, refuseBoundedRead } from "@roster/core/provider-kit";

/**
 * A layer over `base` whose `readListed` answers a path of `written` with the bytes written
 * there, when the disk still holds a regular file of that many bytes (its `stat` is the
 * answer's, one call instead of open, `fstat`, read and close); every other read, and every
 * refusal but the size bound's (the same), is `base`'s.
 *
 * @example readingWritten(nodeFileSystem, new Map([["/p/.claude/agents/a.md", text]]))
 */
export function readingWritten(
  base: FileSystem,
  written: ReadonlyMap<string, string | Uint8Array>,
): FileSystem {
  const readListed = base === nodeFileSystem ? readListedFile : base.readListed;
  const fromDisk = (path: string, maxBytes: number, scratch?: Buffer): { bytes: Buffer; stats: Stats } => {
    if (readListed) return readListed(path, maxBytes, scratch);
    const stats = base.stat(path);
    return { bytes: base.readFile(path, maxBytes, stats, scratch), stats };
  };
  return {
    ...base,
    readListed(path, maxBytes, scratch) {
      const content = written.get(path);
      if (content === undefined) return fromDisk(path, maxBytes, scratch);
      const bytes =
        typeof content === "string"
          ? Buffer.from(content)
          : Buffer.from(content.buffer, content.byteOffset, content.byteLength);
      let stats: Stats;
      try {
        stats = base.stat(path);
      } catch {
        // Gone since: the disk's own read says how.
        return fromDisk(path, maxBytes, scratch);
      }
      if (!stats.isFile() || stats.size !== bytes.length) return fromDisk(path, maxBytes, scratch);
      refuseBoundedRead(path, stats, maxBytes);
      return { bytes, stats };
    },
  };
}
