/** Thrown by {@link codexAgentFormat} at level `fatal` when a file is not valid TOML. */
export class CodexTomlError extends Error {
  override readonly name = "CodexTomlError";
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
