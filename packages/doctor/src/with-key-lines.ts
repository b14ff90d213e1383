// The line a finding's key is written on, for CI's file and line: only the few files findings are about are read.
import { type Diagnostic, readFileBounded } from "@roster/core";
import { keyAsWritten, lineOfKey } from "@roster/frontmatter";

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
 * How a file spells a key (`findProblems`' `keyAsWritten`) from the texts read for findings:
 * an unknown key is named as its file writes it; those few files are read again (bounded).
 */
export function keysAsWrittenIn(
  textOf: (path: string) => string | undefined,
): (filePath: string, key: string) => { key: string } | undefined {
  return (filePath, key) => {
    const text = textOf(filePath);
    return text === undefined ? undefined : keyAsWritten(text, key);
  };
}
