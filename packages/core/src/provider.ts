import type { SourceProvider } from "./types.js";

/** Identity helper that types a provider object. */
export function defineProvider<P extends SourceProvider>(provider: P): P {
  return provider;
}
