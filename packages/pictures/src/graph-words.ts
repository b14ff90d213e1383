import type { GraphNode } from "./types.js";

function ordinal(n: number): string {
  const suffix = n % 100 >= 11 && n % 100 <= 13 ? "th" : (["th", "st", "nd", "rd"][n % 10] ?? "th");
  return `${n}${suffix}`;
}

/** The depth rule in one sentence, as every drawing says it. */
export function depthNote(chainLimit: number, maxRecursionDepth?: number): string {
  const setting = maxRecursionDepth === undefined ? "depth limit" : `maxRecursionDepth ${maxRecursionDepth}`;
  return `${setting}: the ${ordinal(chainLimit)} agent of a chain may spawn nothing`;
}

/** Family and source in two words, or one when they are the same (`bundled`). */
export function originOf(node: Pick<GraphNode, "family" | "source">): string {
  const family = node.family ?? "";
  const source = node.source ?? "";
  return family === source || source === "" ? family : `${family} ${source}`;
}
