// doctor's findings for CI: a SARIF 2.1.0 log and GitHub Actions annotations (exact text, never printed here).
import { isAbsolute, relative, sep } from "node:path";
import { pathToFileURL } from "node:url";
import type { Diagnostic } from "@roster/core";
import { escapeTerminal } from "@roster/terminal";

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
