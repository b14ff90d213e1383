// A file system for tests that counts every file read (how many times each path was read).
import type { FileSystem } from "@roster/core";
import { nodeFileSystem } from "@roster/core/provider-kit";

/** node:fs, with each `readFile` counted by path in `reads`. */
export function countingFileSystem(): { fs: FileSystem; reads: Map<string, number> } {
  const reads = new Map<string, number>();
  const fs: FileSystem = {
    ...nodeFileSystem,
    readFile: (path, max) => {
      reads.set(path, (reads.get(path) ?? 0) + 1);
      return nodeFileSystem.readFile(path, max);
    },
  };
  return { fs, reads };
}
