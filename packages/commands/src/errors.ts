/** Thrown when the commands API is called with arguments of the wrong kind. */
export class CommandUsageError extends TypeError {
  override name = "CommandUsageError";
}
