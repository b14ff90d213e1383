// `doctor --format sarif|github`: the findings as the exact text a machine reads.
import type { Diagnostic } from "@roster/core";
import { toGithubAnnotations, toSarif } from "./findings-for-ci.js";
import { withKeyLines } from "./with-key-lines.js";

/** How `doctor` writes its findings: for people, SARIF 2.1.0, or GitHub Actions annotations. */
export type DoctorFormat = "text" | "sarif" | "github";

/** Options of {@link findingsText}. */
export interface FindingsTextOptions {
  /** Paths in the findings are written relative to it. */
  cwd: string;
  /** roster's version, named in SARIF's `tool.driver`. */
  version: string;
  /** The texts already read for these findings (`fileTexts`): each file read once, for a key's line. */
  texts?: ((path: string) => string | undefined) | undefined;
}

/**
 * The findings as `--format sarif|github` writes them, exact (`github` escapes as GitHub
 * reads annotations): SARIF as indented JSON and a newline; annotations one a line, or `""`
 * when there are none.
 */
export function findingsText(
  format: Exclude<DoctorFormat, "text">,
  diagnostics: readonly Diagnostic[],
  options: FindingsTextOptions,
): string {
  const located = withKeyLines(diagnostics, options.texts);
  if (format === "sarif")
    return `${JSON.stringify(toSarif(located, { cwd: options.cwd, version: options.version }), null, 2)}\n`;
  const annotations = toGithubAnnotations(located, { cwd: options.cwd });
  return annotations.length > 0 ? `${annotations.join("\n")}\n` : "";
}
