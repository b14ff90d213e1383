// Text and paths cut to a number of columns with an ellipsis.
import { displayWidth, graphemesOf, NARROW } from "./display-width.js";

/**
 * Cuts text to at most `width` columns with an ellipsis: at the end (`keep: "start"`) or,
 * for paths whose end says most, at the start (`keep: "end"`).
 */
export function cutToWidth(text: string, width: number, keep: "start" | "end" = "start"): string {
  if (displayWidth(text) <= width) return text;
  if (width <= 0) return "";
  if (width === 1) return "…";
  if (NARROW.test(text))
    return keep === "end" ? `…${text.slice(text.length - width + 1)}` : `${text.slice(0, width - 1)}…`;
  // From the start, graphemes are taken as they come and no further than the width (a long
  // description cut to a narrow column is not segmented whole); from the end, all of them.
  const segments = graphemesOf(text);
  let used = 0;
  const kept: string[] = [];
  for (const part of keep === "end" ? [...segments].reverse() : segments) {
    const w = displayWidth(part);
    if (used + w > width - 1) break;
    kept.push(part);
    used += w;
  }
  if (keep === "end") return `…${kept.reverse().join("")}`;
  return `${kept.join("")}…`;
}

/**
 * A path cut to `width` columns keeping its distinguishing end in whole words: cut at a `/`
 * (`…/opencode/agents`, `…/agents/team-lead.md`) or, where no `/` leaves enough, after a `-`,
 * `_` or space inside a segment (`…compliance/agents` of `…/accessibility-compliance/agents`)
 * — never in the middle of a word (`…config/opencode/agents`), unless its last word alone is
 * wider than `width` (then that keeps its end, as {@link cutToWidth} cuts). The longest end
 * that fits is kept.
 */
export function cutPathToWidth(text: string, width: number): string {
  if (displayWidth(text) <= width) return text;
  for (let i = 1; i < text.length - 1; i++) {
    const c = text[i];
    if (c !== "/" && c !== "-" && c !== "_" && c !== " ") continue;
    // A `/` stays where it fits (it says a folder was left out); a word separator goes. A
    // `/` before a dot folder stays (`….config/…` reads as a typo).
    const cuts =
      c !== "/"
        ? [text.slice(i + 1)]
        : text[i + 1] === "."
          ? [text.slice(i)]
          : [text.slice(i), text.slice(i + 1)];
    for (const rest of cuts) if (rest !== "" && displayWidth(rest) + 1 <= width) return `…${rest}`;
  }
  return cutToWidth(text, width, "end");
}
