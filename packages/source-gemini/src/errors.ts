import { TomlFileError } from "@roster/toml";

/** Thrown by {@link geminiCommandFormat} at level `fatal` when a file is not valid TOML. */
export class GeminiTomlError extends TomlFileError {
  override readonly name = "GeminiTomlError";
}
