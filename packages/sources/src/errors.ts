// Problems that end an operation on sources. Each message is one sentence that names the
// source and the fix; the CLI prints it (exit 1) or, for a usage error, exits 2.

/** Stable codes of a {@link SourceError} (README "Errors"). */
export type SourceErrorCode =
  | "source/git-missing"
  | "source/git-failed"
  | "source/timeout"
  | "source/unreachable"
  | "source/no-ref"
  | "source/no-commit"
  | "source/empty"
  | "source/unknown-name"
  | "source/bad-path"
  | "source/tree-too-large"
  | "source/lock-invalid"
  | "source/config-invalid"
  | "source/config-is-code"
  | "source/frozen"
  | "source/not-declared"
  | "source/nothing-written"
  | "source/write-failed";

/** An operation on a source that cannot go on: nothing of the project was changed. */
export class SourceError extends Error {
  override readonly name = "SourceError";
  readonly code: SourceErrorCode;
  constructor(code: SourceErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

/** A source, ref, path or flag that is not well formed (the CLI exits 2). */
export class SourceUsageError extends Error {
  override readonly name = "SourceUsageError";
}
