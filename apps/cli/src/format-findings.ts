// How `doctor` prints its findings for CI (SARIF 2.1.0, GitHub Actions annotations): the one
// place that prints them. @roster/doctor makes them (`toSarif`, `toGithubAnnotations`).
import type { Diagnostic } from "@roster/core";
import { toGithubAnnotations, toSarif, withKeyLines } from "@roster/doctor";
import pkg from "../package.json" with { type: "json" };
import type { App } from "./context.js";
import { UsageError } from "./errors.js";

// Re-exported for the commands that print findings for people.
export { fewFiles, fileTexts, groupRepeats } from "@roster/doctor";

/** How `doctor` writes its findings: for people, SARIF 2.1.0, or GitHub Actions annotations. */
export type DoctorFormat = "text" | "sarif" | "github";

/**
 * Writes findings as `--format sarif|github` asks (exact, for machines: `github` escapes
 * as GitHub reads annotations). `--json` with either is a usage error.
 */
export function printFindingsAs(
  app: App,
  format: DoctorFormat,
  diagnostics: readonly Diagnostic[],
  /** The texts already read for these findings ({@link fileTexts}): each file read once. */
  texts?: (path: string) => string | undefined,
): boolean {
  if (format === "text") return false;
  const o = app.output;
  const located = withKeyLines(diagnostics, texts);
  if (format === "sarif") {
    o.raw(`${JSON.stringify(toSarif(located, { cwd: app.ctx.cwd, version: pkg.version }), null, 2)}\n`);
  } else {
    // One write for all of them, not one a finding.
    const annotations = toGithubAnnotations(located, { cwd: app.ctx.cwd });
    if (annotations.length > 0) o.raw(`${annotations.join("\n")}\n`);
  }
  return true;
}

/** `--json` and `--format sarif|github` each choose the output: one at a time. */
export function checkFormat(app: App, format: DoctorFormat | undefined): DoctorFormat {
  if (format === undefined || format === "text") return "text";
  if (app.output.json) throw new UsageError(`--json and --format ${format} each choose the output; use one`);
  return format;
}
