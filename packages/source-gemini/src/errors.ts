/** Thrown by {@link geminiCommandFormat} at level `fatal` when a file is not valid TOML. */
export class GeminiTomlError extends Error {
  override readonly name = "GeminiTomlError";
  readonly filePath: string;
  /** 1-based line of the syntax error, where known. */
  readonly line: number | undefined;

  constructor(message: string, options: { filePath: string; line?: number; cause?: unknown }) {
    super(`${options.filePath}${options.line ? `:${options.line}` : ""}: ${message}`, {
      cause: options.cause,
    });
    this.filePath = options.filePath;
    this.line = options.line;
  }
}
