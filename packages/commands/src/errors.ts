/** Thrown when the commands API is called with arguments of the wrong kind. */
export class CommandUsageError extends TypeError {
  override name = "CommandUsageError";
}

/** Thrown when a command's expanded text would pass its size bound (`MAX_EXPANSION_BYTES`). */
export class ExpansionTooLargeError extends RangeError {
  override name = "ExpansionTooLargeError";
}
