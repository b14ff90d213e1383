import { showPath, showPaths } from "./show-path.js";
import { type Line, line } from "./styled-text.js";
import type { PathBase } from "./types.js";

/**
 * A diagnostic as one note line for stderr, `roster: warning: <file>: <message>` (an `info` is a
 * `note`), its paths shown from `base`.
 */
export function noteLine(
  base: PathBase,
  d: { severity: string; message: string; filePath?: string | undefined },
): Line {
  const label = d.severity === "info" ? "note" : d.severity;
  return line`roster: ${label}: ${d.filePath ? `${showPath(base, d.filePath)}: ` : ""}${showPaths(base, d.message)}`;
}
