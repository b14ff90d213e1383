// doctor's findings for people (repeats grouped) and for CI (SARIF 2.1.0, GitHub Actions
// annotations), and the one place that prints the latter two.
import { isAbsolute, relative, sep } from "node:path";
import { pathToFileURL } from "node:url";
import { type Diagnostic, readFileBounded } from "@roster/core";
import { lineOfKey } from "@roster/frontmatter";
import { escapeTerminal } from "@roster/terminal";
import pkg from "../package.json" with { type: "json" };
import type { App } from "./context.js";
import { UsageError } from "./errors.js";

/** How `doctor` writes its findings: for people, SARIF 2.1.0, or GitHub Actions annotations. */
export type DoctorFormat = "text" | "sarif" | "github";

/** How many files a line of repeated findings names before `… and N more`. */
export const SHOWN_FILES = 3;

/** One line of human output: a finding, or the same finding in several files. */
export interface FindingLine {
  /** The first finding of the group (its message says what every other one says). */
  diagnostic: Diagnostic;
  /** Every file the finding is about, in order; one for a finding that is not repeated. */
  files: string[];
}

/**
 * A finding's message with what differs between files left out: the file itself and each
 * quoted value (`agent name "team/a1"`). Findings of one severity, code and shape are one.
 */
function shapeOf(d: Diagnostic): string {
  const message = d.filePath ? d.message.replaceAll(d.filePath, "\0") : d.message;
  return message.replace(/"[^"\n]*"/g, '"…"');
}

function keyOf(d: Diagnostic): string {
  return `${d.severity}\0${d.code}\0${d.line ?? ""}\0${d.hint ?? ""}\0${shapeOf(d)}`;
}

/**
 * Groups findings that repeat across files (same severity, code and message shape) into one
 * line, at the place of the first, when more than {@link SHOWN_FILES} files have them; every
 * other finding stays a line of its own. A group's message is the shared one, or its shape
 * (quoted values as `"…"`) when the files' messages differ.
 */
export function groupRepeats(diagnostics: readonly Diagnostic[]): FindingLine[] {
  // Per shape: its findings and the files they are in, each file once (a file may have two).
  const byKey = new Map<string, { same: Diagnostic[]; files: Set<string> }>();
  for (const d of diagnostics) {
    if (!d.filePath) continue;
    const key = keyOf(d);
    const group = byKey.get(key);
    if (group) {
      group.same.push(d);
      group.files.add(d.filePath);
    } else byKey.set(key, { same: [d], files: new Set([d.filePath]) });
  }
  const lines: FindingLine[] = [];
  const done = new Set<string>();
  for (const d of diagnostics) {
    const key = keyOf(d);
    const group = d.filePath ? byKey.get(key) : undefined;
    if (!group || group.files.size <= SHOWN_FILES) {
      lines.push({ diagnostic: d, files: d.filePath ? [d.filePath] : [] });
      continue;
    }
    if (done.has(key)) continue;
    done.add(key);
    const alike = group.same.every((x) => x.message === d.message);
    lines.push({
      diagnostic: alike ? d : { ...d, message: shapeOf(d).replaceAll("\0", "…") },
      files: [...group.files],
    });
  }
  return lines;
}

/** `a.md, b.md, c.md … and 33 more`, the files already shown as the reader sees them. */
export function fewFiles(files: readonly string[]): string {
  const shown = files.slice(0, SHOWN_FILES).join(", ");
  return files.length > SHOWN_FILES ? `${shown} … and ${files.length - SHOWN_FILES} more` : shown;
}

/** A file as a SARIF or annotation location: relative to the cwd when inside it, else absolute. */
function relativeInside(cwd: string, filePath: string): string | undefined {
  if (!isAbsolute(filePath)) return filePath;
  const rel = relative(cwd, filePath);
  if (rel === "" || rel.startsWith("..") || isAbsolute(rel)) return undefined;
  return rel;
}

/** A finding's text for CI, hint included, with paths under the cwd relative as its locations are. */
function textOf(d: Diagnostic, cwd: string): string {
  const text = d.hint ? `${d.message} (${d.hint})` : d.message;
  return cwd && cwd !== sep ? text.replaceAll(`${cwd}${sep}`, "") : text;
}

const LEVEL = { error: "error", warning: "warning", info: "note" } as const;

/** The SARIF log's `$schema`: the OASIS SARIF 2.1.0 standard's schema. */
export const SARIF_SCHEMA =
  "https://docs.oasis-open.org/sarif/sarif/v2.1.0/os/schemas/sarif-schema-2.1.0.json";

/**
 * A SARIF 2.1.0 log of the findings: one run, `tool.driver` roster with a rule for each code
 * used, a result per finding (`error`, `warning`, `note`). A file inside `cwd` is a URI
 * relative to `%SRCROOT%` (the cwd), any other an absolute `file:` URI.
 */
export function toSarif(diagnostics: readonly Diagnostic[], options: { cwd: string; version: string }) {
  const codes = [...new Set(diagnostics.map((d) => d.code))];
  const results = diagnostics.map((d) => {
    const result: Record<string, unknown> = {
      ruleId: d.code,
      ruleIndex: codes.indexOf(d.code),
      level: LEVEL[d.severity],
      message: { text: textOf(d, options.cwd) },
    };
    if (d.filePath) {
      const rel = relativeInside(options.cwd, d.filePath);
      const artifactLocation = rel
        ? { uri: rel.split(sep).map(encodeURIComponent).join("/"), uriBaseId: "%SRCROOT%" }
        : { uri: pathToFileURL(d.filePath).href };
      result.locations = [
        {
          physicalLocation: {
            artifactLocation,
            ...(d.line !== undefined && d.line > 0 ? { region: { startLine: d.line } } : {}),
          },
        },
      ];
    }
    return result;
  });
  return {
    $schema: SARIF_SCHEMA,
    version: "2.1.0",
    runs: [
      {
        tool: {
          driver: {
            name: "roster",
            version: options.version,
            rules: codes.map((id) => ({ id, shortDescription: { text: id } })),
          },
        },
        originalUriBaseIds: { "%SRCROOT%": { uri: `${pathToFileURL(options.cwd).href}/` } },
        results,
      },
    ],
  };
}

/** GitHub's escaping of a workflow command's message: `%`, CR and LF. */
function escapeData(text: string): string {
  return text.replaceAll("%", "%25").replaceAll("\r", "%0D").replaceAll("\n", "%0A");
}

/** GitHub's escaping of a workflow command's property: the message's, and `:` and `,`. */
function escapeProperty(text: string): string {
  return escapeData(text).replaceAll(":", "%3A").replaceAll(",", "%2C");
}

const COMMAND = { error: "error", warning: "warning", info: "notice" } as const;

/**
 * One GitHub Actions annotation per finding: `::error file=…,line=…,title=CODE::message`,
 * escaped as GitHub reads them; what other control characters remain (a file's escape
 * sequences) are shown as escapes, since the log is a terminal too.
 */
export function toGithubAnnotations(diagnostics: readonly Diagnostic[], options: { cwd: string }): string[] {
  return diagnostics.map((d) => {
    const properties: string[] = [];
    if (d.filePath)
      properties.push(`file=${escapeProperty(relativeInside(options.cwd, d.filePath) ?? d.filePath)}`);
    if (d.line !== undefined && d.line > 0) properties.push(`line=${d.line}`);
    properties.push(`title=${escapeProperty(d.code)}`);
    const message = textOf(d, options.cwd);
    return escapeTerminal(`::${COMMAND[d.severity]} ${properties.join(",")}::${escapeData(message)}`);
  });
}

/** The most of a file read to find a key's line: discovery's own limit of a definition file. */
const LOCATE_BYTES = 1024 * 1024;

/**
 * A reader of definition files' texts, each read once and bounded (undefined for one that
 * cannot be read), to find where a key is written: only the few files a finding is about.
 */
export function fileTexts(): (path: string) => string | undefined {
  const texts = new Map<string, string | undefined>();
  return (path) => {
    if (!texts.has(path)) {
      let text: string | undefined;
      try {
        text = readFileBounded(path, LOCATE_BYTES).toString("utf8");
      } catch {
        text = undefined;
      }
      texts.set(path, text);
    }
    return texts.get(path);
  };
}

/**
 * Findings about a frontmatter key (`field`) with the line that key is on, for CI's file and
 * line: each file is read once, bounded, only for these formats (a discovery keeps no line of
 * every key). A file that cannot be read keeps its finding without a line.
 */
export function withKeyLines(
  diagnostics: readonly Diagnostic[],
  textOfFile: (path: string) => string | undefined = fileTexts(),
): Diagnostic[] {
  return diagnostics.map((d) => {
    if (d.line !== undefined || d.field === undefined || !d.filePath) return d;
    const text = textOfFile(d.filePath);
    return text === undefined ? d : { ...d, line: lineOfKey(text, d.field) };
  });
}

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
