import { randomBytes } from "node:crypto";
import { lstatSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { UsageError } from "./errors.js";

/**
 * Writes `content` to `path` without following a symlink: a `path` that is a symlink is
 * refused; otherwise the text goes to a new temporary file beside it (created exclusively,
 * so nothing there is followed or overwritten) and is renamed over `path`, so a reader sees
 * the old file or the new one, never half of it.
 */
export function replaceFile(path: string, content: string): number {
  let existing: ReturnType<typeof lstatSync> | undefined;
  try {
    existing = lstatSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  if (existing?.isSymbolicLink())
    throw new UsageError(
      `${path} is a symbolic link; roster never writes through one (remove it or pick another file).`,
    );
  if (existing?.isDirectory()) throw new UsageError(`${path} is a folder; give a file name.`);
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`);
  const bytes = Buffer.from(content, "utf8");
  try {
    writeFileSync(temp, bytes, { flag: "wx", mode: 0o644 });
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT")
      throw new UsageError(`cannot write ${path}: its folder does not exist.`, { cause: error });
    throw new Error(`cannot write ${path}: ${(error as Error).message}`, { cause: error });
  }
  return bytes.length;
}
