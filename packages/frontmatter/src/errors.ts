/** Thrown by `parseFrontmatter` at level `fatal` when the frontmatter cannot be read. */
export class FrontmatterError extends Error {
  override readonly name = "FrontmatterError";
  readonly location: string | undefined;
  readonly line: number | undefined;

  constructor(message: string, options: { location?: string; line?: number; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.location = options.location;
    this.line = options.line;
  }
}
