import { lookupGraph, refusalAtLevel } from "./graph-lookup.js";
import { depthNote, originOf } from "./graph-words.js";
import type { GraphEdge, GraphNode, GraphRefusal, SpawnGraph } from "./types.js";

/** Options of {@link renderGraphText}. */
export interface RenderGraphTextOptions {
  /** Cut every line to this many columns (a terminal's width); default: nothing is cut. */
  width?: number;
  /** How a path is shown (relative to the cwd, `~/…`); default: as it is. */
  showPath?: (path: string) => string;
  /** Applied to every piece of file data before it is measured (a terminal's escaper). */
  escape?: (text: string) => string;
  /** Display width of a line (default: one column per code point). */
  widthOf?: (text: string) => number;
  /** Cuts a line to a width with an ellipsis (default: by code points). */
  cut?: (text: string, width: number) => string;
}

const plainWidth = (text: string) => [...text].length;
const plainCut = (text: string, width: number) => {
  const chars = [...text];
  return chars.length <= width ? text : `${chars.slice(0, Math.max(0, width - 1)).join("")}…`;
};

/** Lines and a legend under construction. */
interface Draft {
  lines: string[];
  /** Refusal labels drawn, with the executor's text for the legend. */
  refusals: Map<string, GraphRefusal>;
}

/**
 * The spawn graph as a tree for a terminal (fits 80 columns: names and a few words per
 * line, paths only for shadowed definitions). Families in precedence order; under each
 * agent what it may spawn (`→`), followed as far as a chain started by this session goes,
 * `✗` where the executor refuses, and the definitions it hides.
 *
 * @example
 * renderGraphText(graph).join("\n")
 * // claude
 * // └─ lead · project
 * //    ├─→ reviewer
 * //    └─→ lead  ✗ itself
 */
export function renderGraphText(graph: SpawnGraph, options: RenderGraphTextOptions = {}): string[] {
  const esc = options.escape ?? ((t: string) => t);
  const showPath = options.showPath ?? ((p: string) => p);
  const widthOf = options.widthOf ?? plainWidth;
  const cut = options.cut ?? plainCut;
  const lookup = lookupGraph(graph);
  const draft: Draft = { lines: [], refusals: new Map() };
  const emit = (line: string) => {
    draft.lines.push(
      options.width !== undefined && widthOf(line) > options.width ? cut(line, options.width) : line,
    );
  };

  for (const line of summary(graph)) emit(line);
  graph.groups.forEach((group) => {
    emit("");
    emit(esc(group.family));
    const roots = group.nodes.map((id) => lookup.node(id)).filter((n) => n.kind === "agent");
    roots.forEach((node, i) => {
      const last = i === roots.length - 1;
      emit(`${branch(last)}${agentLine(node, esc)}`);
      drawChildren(node, last ? "   " : "│  ", 1, [node.id]);
    });
  });

  function drawChildren(node: GraphNode, prefix: string, level: number, path: string[]): void {
    const edges = lookup.spawnsOf(node.id);
    const shadows = level === 1 ? lookup.shadowsOf(node.id) : [];
    const refused = edges.map((e) => refusalAtLevel(e, level));
    // An agent deep in a chain whose every edge the depth limit refuses: one line, not one per edge.
    const depthOnly =
      level > 1 && edges.length > 1 && refused.every((r) => r?.code === "executor/spawn-not-allowed");
    const items: Array<(last: boolean) => void> = [];
    if (depthOnly) {
      const refusal = refused[0]!;
      items.push((last) => {
        note(refusal);
        emit(`${prefix}${branch(last)}✗ ${refusal.label}: may spawn none of its ${edges.length}`);
      });
    } else
      edges.forEach((edge, i) => {
        items.push((last) => drawEdge(edge, refused[i], prefix, level, path, last));
      });
    for (const shadow of shadows)
      items.push((last) => emit(`${prefix}${branch(last)}hides ${shadowLine(shadow, esc, showPath)}`));
    items.forEach((draw, i) => {
      draw(i === items.length - 1);
    });
  }

  function drawEdge(
    edge: GraphEdge,
    refusal: GraphRefusal | undefined,
    prefix: string,
    level: number,
    path: string[],
    last: boolean,
  ): void {
    const target = lookup.node(edge.to);
    let text = target.kind === "any" ? "* any agent" : esc(target.name);
    if (target.kind === "missing") text += " (no such agent)";
    if (refusal) {
      note(refusal);
      text += `  ✗ ${refusal.label}`;
    } else if (target.kind === "any") text += " but itself";
    emit(`${prefix}${last ? "└─→ " : "├─→ "}${text}`);
    // Followed further while the chain allows it, each agent once on a path (a cycle stops).
    if (refusal || target.kind !== "agent" || path.includes(target.id)) return;
    if (lookup.spawnsOf(target.id).length > 0)
      drawChildren(target, `${prefix}${last ? "    " : "│   "}`, level + 1, [...path, target.id]);
  }

  function note(refusal: GraphRefusal): void {
    if (!draft.refusals.has(refusal.label)) draft.refusals.set(refusal.label, refusal);
  }

  if (draft.refusals.size > 0) {
    emit("");
    emit("✗ the executor refuses:");
    // The executor's sentences are wrapped, never cut: they are what a refused call answers.
    for (const [label, refusal] of draft.refusals)
      for (const line of wrap(`${label}: ${esc(refusal.message)} (${refusal.code})`, options.width, widthOf))
        draft.lines.push(line);
  }
  return draft.lines;
}

/** Words of `text` in lines of at most `width` columns (a word longer than that keeps its line), indented. */
function wrap(text: string, width: number | undefined, widthOf: (t: string) => number): string[] {
  const indent = "  ";
  if (width === undefined || widthOf(indent + text) <= width) return [indent + text];
  const lines: string[] = [];
  let current = indent;
  for (const word of text.split(" ")) {
    const next = current.trim() === "" ? indent + word : `${current} ${word}`;
    if (widthOf(next) > width && current.trim() !== "") {
      lines.push(current);
      current = `${indent}  ${word}`;
    } else current = next;
  }
  lines.push(current);
  return lines;
}

function branch(last: boolean): string {
  return last ? "└─ " : "├─ ";
}

/** `1 agent`, `2 agents`. */
function count(n: number, noun: string, plural = `${noun}s`): string {
  return `${n} ${n === 1 ? noun : plural}`;
}

/** The opening lines: counts and the depth rule. */
function summary(graph: SpawnGraph): string[] {
  const agents = graph.nodes.filter((n) => n.kind === "agent");
  const spawning = agents.filter((n) => n.spawns !== undefined).length;
  const shadowed = graph.nodes.filter((n) => n.kind === "shadowed").length;
  const lines = [
    `${count(agents.length, "agent")} in ${count(graph.groups.length, "family", "families")}; ${spawning} may spawn; ${shadowed} shadowed`,
  ];
  const { chainLimit, maxRecursionDepth, depth } = graph.session;
  if (chainLimit === undefined) lines.push("no depth limit (maxRecursionDepth is negative)");
  else if (chainLimit <= 1)
    lines.push(`depth ${depth} of ${maxRecursionDepth}: an agent started here may spawn nothing`);
  else lines.push(depthNote(chainLimit, maxRecursionDepth));
  return lines;
}

function agentLine(node: GraphNode, esc: (t: string) => string): string {
  let text = `${esc(node.name)} · ${node.source ?? ""}`;
  if (node.spawnsVia === "tools") text += " · via tools";
  if (node.sessionRefusal) text += `  ✗ ${node.sessionRefusal.label} here`;
  return text;
}

function shadowLine(node: GraphNode, esc: (t: string) => string, showPath: (p: string) => string): string {
  const where = node.filePath ? ` · ${esc(showPath(node.filePath))}` : "";
  return `${esc(node.name)} · ${esc(originOf(node))}${where}`;
}
