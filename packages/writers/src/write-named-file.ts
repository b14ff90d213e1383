import { existsSync } from "node:fs";
import { dirname, isAbsolute, relative, sep } from "node:path";
import { WriteRefusedError, writeFileInside } from "./write-file-inside.js";

/** Options of {@link writeNamedFile}. */
export interface WriteNamedFileOptions {
  /** The folder the user typed the path from (the shell's folder). */
  here: string;
  /** The file the user named on the command line, absolute. */
  path: string;
  content: string;
}

/**
 * Writes a file the user named on the command line (`report --html FILE`) through roster's
 * one safe write ({@link writeFileInside}, SPEC §17): never through a link — at the file's own
 * name or at any folder it passes or creates below `here` (the folder the user typed the path
 * from) — by a temporary file renamed over it. A path outside `here` is checked from its own
 * folder, which must exist. Returns the bytes written. A refusal throws a
 * {@link WriteRefusedError} whose message is the sentence to say; any other failure an error
 * `cannot write PATH: …` with the cause.
 *
 * @example writeNamedFile({ here: process.cwd(), path: "/p/roster-report.html", content: html }); // 48213
 */
export function writeNamedFile(options: WriteNamedFileOptions): number {
  const { here, path } = options;
  const rel = relative(here, path);
  const inside = rel !== "" && !isAbsolute(rel) && rel !== ".." && !rel.startsWith(`..${sep}`);
  const root = inside ? here : dirname(path);
  if (!inside && !existsSync(root))
    throw new WriteRefusedError({
      code: "write/no-folder",
      path: root,
      message: `cannot write ${path}: its folder does not exist.`,
    });
  const bytes = Buffer.from(options.content, "utf8");
  try {
    writeFileInside({ root, filePath: path, content: bytes });
  } catch (error) {
    if (!(error instanceof WriteRefusedError)) {
      throw new Error(`cannot write ${path}: ${(error as Error).message}`, { cause: error });
    }
    const { code, path: at } = error;
    const message =
      code === "write/symlink"
        ? `${at} is a symbolic link; roster never writes through one (remove it or pick another file).`
        : code === "write/not-a-file" && at === path
          ? `${path} is in the way: give the name of a file to write.`
          : `cannot write ${path}: ${error.message}.`;
    throw new WriteRefusedError({ code, path: at, message });
  }
  return bytes.length;
}
