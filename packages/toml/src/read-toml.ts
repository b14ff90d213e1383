import type { Diagnostic, SourceFile } from "@roster/core";
import { loadLazily, MAX_DATA_DEPTH, nestedDeeperThan } from "@roster/core/provider-kit";

/** smol-toml, loaded on the first TOML file: a start-up with no TOML file never pays for it. */
const smolToml = loadLazily<typeof import("smol-toml")>({
  url: import.meta.url,
  id: "smol-toml",
  bundled: () => require("smol-toml"),
});

/** Thrown at level `fatal` when a file is not valid TOML; names the file and line. */
export class TomlFileError extends Error {
  override readonly name: string = "TomlFileError";
  readonly filePath: string;
  /** 1-based line of the syntax error, where known. */
  readonly line: number | undefined;

  constructor(message: string, options: { filePath: string; line?: number; cause?: unknown }) {
    super(`${options.filePath}${options.line ? `:${options.line}` : ""}: ${message}`, {
      cause: options.cause,
    });
    this.filePath = options.filePath;
    this.line = options.line;
  }
}

/** Options of {@link readTomlFile}. */
export interface ReadTomlOptions {
  /** Diagnostic code of a syntax error, e.g. `codex/toml-error`. */
  code: string;
  /** What the file should have been, for the message: `"Codex agent"`. */
  what: string;
  /** The error thrown at level `fatal`; default {@link TomlFileError}. */
  createError?: (message: string, options: { filePath: string; line?: number; cause?: unknown }) => Error;
}

/** The outcome of {@link readTomlFile}: the table, or the diagnostics of a syntax error. */
export type ReadTomlResult = { ok: true; data: Record<string, unknown> } | { ok: false; reason: Diagnostic };

/** The deepest nesting a TOML file may have: tables, dotted keys, arrays and inline tables alike. */
export const MAX_TOML_DEPTH = MAX_DATA_DEPTH;

/**
 * Parses a TOML source file with nesting capped and prototype-polluting keys dropped.
 * A syntax error, or nesting past {@link MAX_TOML_DEPTH} (smol-toml's own cap misses dotted
 * keys and `[a.a.a…]` headers: the parsed table is measured too), is a warning with its line
 * (none at level `off`); at level `fatal` it throws.
 */
export function readTomlFile(file: SourceFile, options: ReadTomlOptions): ReadTomlResult {
  const text = file.content.replace(/^\uFEFF/, "").replace(/\r\n/g, "\n");
  const { parse, TomlError } = smolToml();
  try {
    const data = parse(text, { maxDepth: MAX_TOML_DEPTH, unsafeKeyBehaviour: "drop" }) as Record<
      string,
      unknown
    >;
    if (nestedDeeperThan(data, MAX_TOML_DEPTH + 1)) {
      throw new Error(`nested deeper than ${MAX_TOML_DEPTH} levels (dotted keys or tables)`);
    }
    return { ok: true, data };
  } catch (error) {
    const line = error instanceof TomlError ? error.line : undefined;
    const reason = error instanceof Error ? error.message.split("\n", 1)[0]!.trim() : String(error);
    if (file.level === "fatal") {
      const create = options.createError ?? ((m, o) => new TomlFileError(m, o));
      throw create(reason, { filePath: file.filePath, line, cause: error });
    }
    // Even at level "off" the file is skipped, and a skip always says why.
    const diagnostic: Diagnostic = {
      severity: "warning",
      code: options.code,
      message: `skipped: not a valid ${options.what}: ${reason}`,
      filePath: file.filePath,
    };
    if (line !== undefined) diagnostic.line = line;
    return { ok: false, reason: diagnostic };
  }
}
