// Findings that repeat across files, as one line for people (`… and 33 more`).
import type { Diagnostic } from "@roster/core";

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

/** The findings at one place of a file: its line (0: none known) and the lines there, in the order found. */
export interface FindingPlace {
  line: number;
  lines: FindingLine[];
}

/**
 * `doctor`'s findings for people, as it prints them: {@link groupRepeats}' lines by file
 * (`""`: a finding about no file), then by line within it (a terminal makes `path:line` a
 * link) — each file and each place once, in the order found.
 */
export function findingsByPlace(
  diagnostics: readonly Diagnostic[],
): Array<{ filePath: string; places: FindingPlace[] }> {
  const files = new Map<string, Map<number, FindingLine[]>>();
  for (const found of groupRepeats(diagnostics)) {
    const d = found.diagnostic;
    const places = files.get(d.filePath ?? "") ?? new Map<number, FindingLine[]>();
    files.set(d.filePath ?? "", places);
    const at = places.get(d.line ?? 0);
    if (at) at.push(found);
    else places.set(d.line ?? 0, [found]);
  }
  return [...files].map(([filePath, places]) => ({
    filePath,
    places: [...places].map(([line, lines]) => ({ line, lines })),
  }));
}
