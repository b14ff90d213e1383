import { createHash } from "node:crypto";
import type { Stats } from "node:fs";
import type { Diagnostic, LoadedItem, Location } from "./types.js";

const CHUNK_BYTES = 64 * 1024;

/** One double's eight bytes, little-endian (as `writeDoubleLE` writes them). */
const DOUBLE = new Float64Array(1);
const DOUBLE_BYTES = new Uint8Array(DOUBLE.buffer);
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/**
 * Builds the fingerprint of one discovery: a digest of everything that decides its
 * result, so that it changes whenever the result would (SPEC §5 step 6).
 */
export class Fingerprint {
  private readonly hash = createHash("sha1");
  /** Bytes not yet hashed: one native call per chunk, not one per file, and no string per file. */
  private readonly chunk = Buffer.allocUnsafe(CHUNK_BYTES);
  private at = 0;

  private flush(): void {
    if (this.at === 0) return;
    this.hash.update(this.chunk.subarray(0, this.at));
    this.at = 0;
  }

  private add(text: string): void {
    // A UTF-16 unit takes at most 3 bytes of UTF-8.
    if (this.at + text.length * 3 > CHUNK_BYTES) {
      this.flush();
      if (text.length * 3 > CHUNK_BYTES) {
        this.hash.update(text);
        return;
      }
    }
    // ASCII (most paths) copied here, the same bytes as UTF-8, without a native call per
    // string; from the first other character on, the rest is encoded natively.
    const chunk = this.chunk;
    let at = this.at;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c >= 0x80) {
        this.at = at + chunk.write(i === 0 ? text : text.slice(i), at);
        return;
      }
      chunk[at++] = c;
    }
    this.at = at;
  }

  private number(value: number): void {
    if (!LITTLE_ENDIAN) {
      this.at = this.chunk.writeDoubleLE(value, this.at);
      return;
    }
    DOUBLE[0] = value;
    const chunk = this.chunk;
    const at = this.at;
    for (let b = 0; b < 8; b++) chunk[at + b] = DOUBLE_BYTES[b] as number;
    this.at = at + 8;
  }

  /** Trust changes what is read without changing the locations. */
  trust(trusted: boolean): void {
    this.add(`T\0${trusted}\n`);
  }

  location(provider: string, location: Location): void {
    this.add(`L\0${provider}\0${location.scope}\0${location.dir}\n`);
  }

  /**
   * A file read (or served from the cache): its validator stands for its content. The path
   * (no NUL can be in it) ends at a NUL; size, mtime, ctime and inode follow as four doubles.
   */
  file(filePath: string, stats: Stats): void {
    this.add("F\0");
    this.add(filePath);
    if (this.at + 34 > CHUNK_BYTES) this.flush();
    this.chunk[this.at++] = 0;
    this.number(stats.size);
    this.number(stats.mtimeMs);
    this.number(stats.ctimeMs);
    this.number(stats.ino);
    this.chunk[this.at++] = 0x0a;
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
    this.flush();
    return this.hash.digest("hex");
  }
}
