/** Default output cap in bytes. */
export const DEFAULT_MAX_OUTPUT_BYTES = 500_000;
/** Default output cap in lines. */
export const DEFAULT_MAX_OUTPUT_LINES = 5_000;

/** Collects a stream's bytes, keeping at most about twice the byte cap in memory and only the tail. */
export class TailBuffer {
  private chunks: Buffer[] = [];
  private size = 0;
  private dropped = false;

  constructor(
    private readonly maxBytes: number,
    private readonly maxLines: number,
  ) {}

  push(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.size += chunk.length;
    if (this.size > this.maxBytes * 2) this.compact();
  }

  private compact(): void {
    const all = Buffer.concat(this.chunks);
    const tail = all.subarray(all.length - this.maxBytes);
    this.chunks = [Buffer.from(tail)];
    this.size = tail.length;
    this.dropped = true;
  }

  /** The kept text and whether anything was cut. */
  finish(): { text: string; truncated: boolean } {
    const capped = capTail(Buffer.concat(this.chunks), this.maxBytes, this.maxLines);
    return { text: capped.text, truncated: capped.truncated || this.dropped };
  }
}

/** Keeps the last `maxBytes` bytes (starting on a UTF-8 character boundary) and then the last `maxLines` lines. */
export function capTail(
  bytes: Buffer,
  maxBytes: number,
  maxLines: number,
): { text: string; truncated: boolean } {
  let truncated = false;
  let start = 0;
  if (bytes.length > maxBytes) {
    truncated = true;
    start = bytes.length - maxBytes;
    // Skip continuation bytes so the kept text does not start mid-character.
    while (start < bytes.length && (bytes[start]! & 0xc0) === 0x80) start++;
  }
  let text = bytes.subarray(start).toString("utf8");
  const lines = text.split("\n");
  const trailing = lines.at(-1) === "" ? 1 : 0;
  if (lines.length - trailing > maxLines) {
    truncated = true;
    text = lines.slice(lines.length - trailing - maxLines).join("\n");
  }
  return { text, truncated };
}

/** Reads a positive integer limit from the environment, or the default. */
export function limitFromEnv(value: string | undefined, fallback: number): number {
  if (value === undefined || !/^\s*\d+\s*$/.test(value)) return fallback;
  const n = Number(value);
  return n > 0 ? n : fallback;
}
