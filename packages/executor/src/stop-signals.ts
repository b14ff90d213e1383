/**
 * The signals that stop `roster run` and `roster mcp` as Ctrl-C does, with their numbers: a
 * command stopped by one exits with 128 + its number.
 */
export const STOP_SIGNALS = { SIGHUP: 1, SIGINT: 2, SIGQUIT: 3, SIGTERM: 15 } as const;

/** One of {@link STOP_SIGNALS}. */
export type StopSignal = keyof typeof STOP_SIGNALS;

/** The exit code of a command stopped by `signal`: 128 + its number. */
export function stopExitCode(signal: StopSignal): number {
  return 128 + STOP_SIGNALS[signal];
}
