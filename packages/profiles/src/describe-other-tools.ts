// The lines `roster why NAME` ends with: each tool that resolves NAME differently.
import { indentedLines, type Screen, Styled, type Text } from "@roster/terminal";
import type { OtherTool } from "./report-why.js";

/** One line per tool that resolves NAME differently: its name, and what it does instead (paths under the cwd relative). */
export function otherToolLines(others: readonly OtherTool[], cwd: string): string[] {
  return others.map((other) => `${other.displayName}: ${other.message.replaceAll(`${cwd}/`, "")}`);
}

/**
 * Under `why NAME`: a blank line, a dimmed heading, and {@link otherToolLines} (paths under
 * `cwd` relative) indented and wrapped to the screen; nothing when every tool agrees.
 */
export function otherToolsLines(
  others: readonly OtherTool[],
  options: { name: string; cwd: string; screen: Screen },
): Text[] {
  const { name, screen } = options;
  const lines = otherToolLines(others, options.cwd);
  if (lines.length === 0) return [];
  return [
    "",
    new Styled("dim", `Other tools see "${name}" differently (roster why ${name} --as <tool>):`),
    ...lines.flatMap((text) => indentedLines(screen, text, "  ")),
  ];
}
