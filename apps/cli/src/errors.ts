/** A mistake in how roster was called: exit code 2. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}

/** A finding (unknown agent, refused spawn, doctor errors): exit code 1, message already chosen. */
export class FindingError extends Error {
  override readonly name = "FindingError";
}
