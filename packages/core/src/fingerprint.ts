import { createHash } from "node:crypto";
import type { Stats } from "node:fs";
import type { Diagnostic, LoadedItem, Location } from "./types.js";

/**
 * Builds the fingerprint of one discovery: a digest of everything that decides its
 * result, so that it changes whenever the result would (SPEC §5 step 6).
 */
export class Fingerprint {
  private readonly hash = createHash("sha1");
  /** Text not yet hashed: one native call per few kilobytes, not one per file. */
  private pending = "";

  private add(text: string): void {
    this.pending += text;
    if (this.pending.length > 16384) {
      this.hash.update(this.pending);
      this.pending = "";
    }
  }

  /** Trust changes what is read without changing the locations. */
  trust(trusted: boolean): void {
    this.add(`T\0${trusted}\n`);
  }

  location(provider: string, location: Location): void {
    this.add(`L\0${provider}\0${location.scope}\0${location.dir}\n`);
  }

  /** A file read (or served from the cache): its validator stands for its content. */
  file(filePath: string, stats: Stats): void {
    this.add(`F\0${filePath}\0${stats.size}\0${stats.mtimeMs}\0${stats.ctimeMs}\0${stats.ino}\n`);
  }

  /** A diagnostic not tied to a file's content: a skip, a provider's or a folder's problem. */
  problem(diagnostic: Diagnostic): void {
    this.add(`D\0${diagnostic.code}\0${diagnostic.filePath ?? ""}\0${diagnostic.message}\n`);
  }

  item(provider: string, item: LoadedItem): void {
    this.add(
      `I\0${provider}\0${item.source ?? ""}\0${item.filePath}\0${JSON.stringify(item.frontmatter)}\0${item.body}\n`,
    );
  }

  digest(): string {
    this.hash.update(this.pending);
    this.pending = "";
    return this.hash.digest("hex");
  }
}
