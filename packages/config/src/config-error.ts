/**
 * A config, trust store or provider specifier that cannot be used as written: the message
 * says which file and what to change. The CLI reports it as a usage error (exit 2).
 */
export class ConfigError extends Error {
  override readonly name = "ConfigError";
}
