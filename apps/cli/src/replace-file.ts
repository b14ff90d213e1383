import { existsSync } from "node:fs";
import { dirname, isAbsolute, relative, sep } from "node:path";
import { WriteRefusedError, writeFileInside } from "@roster/writers";
import { shellFolder } from "./basics.js";
import { UsageError } from "./errors.js";

/**
 * Writes `content` to a file the user named on the command line (`report --html FILE`)
 * through roster's one safe write (`writeFileInside`, SPEC §17): never through a link — at
 * the file's own name or at any folder it passes or creates below the shell's folder (the
 * folder the user typed the path from) — by a temporary file renamed over it. A path outside
 * the shell's folder is checked from its own folder, which must exist. Returns the bytes written.
 */
export function replaceFile(path: string, content: string): number {
  const here = shellFolder();
  const rel = relative(here, path);
  const inside = rel !== "" && !isAbsolute(rel) && rel !== ".." && !rel.startsWith(`..${sep}`);
  const root = inside ? here : dirname(path);
  if (!inside && !existsSync(root)) throw new UsageError(`cannot write ${path}: its folder does not exist.`);
  const bytes = Buffer.from(content, "utf8");
  try {
    writeFileInside({ root, filePath: path, content: bytes });
  } catch (error) {
    if (!(error instanceof WriteRefusedError)) {
      throw new Error(`cannot write ${path}: ${(error as Error).message}`, { cause: error });
    }
    const at = error.path;
    if (error.code === "write/symlink")
      throw new UsageError(
        `${at} is a symbolic link; roster never writes through one (remove it or pick another file).`,
        { cause: error },
      );
    if (error.code === "write/not-a-file" && at === path)
      throw new UsageError(`${path} is in the way: give the name of a file to write.`, { cause: error });
    throw new UsageError(`cannot write ${path}: ${error.message}.`, { cause: error });
  }
  return bytes.length;
}
