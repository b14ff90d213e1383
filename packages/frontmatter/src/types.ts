/** How loudly a frontmatter problem is reported. */
export type ParseLevel = "off" | "warn" | "fatal";

/** How serious a diagnostic is. */
export type DiagnosticSeverity = "error" | "warning" | "info";

/** A problem found in the user's data, returned instead of printed. */
export interface Diagnostic {
  severity: DiagnosticSeverity;
  /** Stable code, e.g. `frontmatter/yaml-error`. */
  code: string;
  message: string;
  filePath?: string;
  /** 1-based line in the file, where known. */
  line?: number;
  /**
   * The frontmatter key the finding is about (`tools`, `name`), where there is one: a
   * reader that needs a line finds it with `lineOfKey` instead of every parse keeping one.
   */
  field?: string;
  /** How to fix it, where there is something to say. */
  hint?: string;
}

/** Options of {@link parseFrontmatter}. */
export interface ParseFrontmatterOptions {
  /** Where the text came from; named in diagnostics and errors. */
  location?: string;
  /** `warn` (default) records a diagnostic, `fatal` throws, `off` is silent. */
  level?: ParseLevel;
}

/** The result of {@link parseFrontmatter}. */
export interface ParsedFrontmatter {
  frontmatter: Record<string, unknown>;
  body: string;
  diagnostics: Diagnostic[];
}
