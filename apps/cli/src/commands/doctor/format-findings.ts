// How `doctor` prints its findings for CI (SARIF 2.1.0, GitHub Actions annotations): the one
// place that prints them. @roster/doctor writes them (`findingsText`).
import type { Diagnostic } from "@roster/core";
import { type DoctorFormat, findingsText } from "@roster/doctor";
import pkg from "../../../package.json" with { type: "json" };
import type { App } from "../../context.js";
import { UsageError } from "../../errors.js";

export type { DoctorFormat } from "@roster/doctor";

/**
 * Writes findings as `--format sarif|github` asks (exact, for machines); false for `text`
 * (the caller prints for people). `texts`: the files already read for these findings.
 */
export function printFindingsAs(
  app: App,
  format: DoctorFormat,
  diagnostics: readonly Diagnostic[],
  texts?: (path: string) => string | undefined,
): boolean {
  if (format === "text") return false;
  // One write for all of them, not one a finding (none at all without annotations).
  const text = findingsText(format, diagnostics, { cwd: app.ctx.cwd, version: pkg.version, texts });
  if (text !== "") app.output.raw(text);
  return true;
}

/** `--json` and `--format sarif|github` each choose the output: one at a time. */
export function checkFormat(app: App, format: DoctorFormat | undefined): DoctorFormat {
  if (format === undefined || format === "text") return "text";
  if (app.output.json) throw new UsageError(`--json and --format ${format} each choose the output; use one`);
  return format;
}
