/** A value that is not one of a known list (`--host codx`): what a caller needs to say it with a did-you-mean. */
export interface UnknownValue {
  kind: string;
  flag: string;
  wanted: string;
  known: readonly string[];
}

/**
 * A run asked for in a way that cannot work (`--runner` with `--host`, an empty `--runner`,
 * an unknown host, a `--schema` that is not JSON, no host for the agent): the caller's usage
 * mistake, with the fix in the message; `unknown` is set when the mistake is a value that is
 * not one of a known list. The queue's usage errors extend it, so a caller maps one class.
 */
export class RunUsageError extends Error {
  override readonly name: string = "RunUsageError";
  /** The value that is not one of a known list, when that is the mistake. */
  readonly unknown: UnknownValue | undefined;
  constructor(message: string, unknown?: UnknownValue) {
    super(message);
    this.unknown = unknown;
  }
}
