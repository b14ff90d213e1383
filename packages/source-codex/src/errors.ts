import { TomlFileError } from "@roster/toml";

/** Thrown by {@link codexAgentFormat} at level `fatal` when a file is not valid TOML. */
export class CodexTomlError extends TomlFileError {
  override readonly name = "CodexTomlError";
}
