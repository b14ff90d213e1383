// What `roster why NAME` says for people: the table of every searched place, its legend, and
// the sentences under it (what NAME resolves to, what it shadows, its copies). Pure: the CLI
// hands in where paths are shown from and the width.
import type { AgentDefinition, AgentDiscovery } from "@roster/core";
import {
  headedTable,
  indentedLines,
  line,
  oneLine,
  type Screen,
  Styled,
  sentenceLines,
  showPath,
  type Text,
} from "@roster/terminal";
import type { AgentExplanation } from "./explain-agent.js";
import { legendLines } from "./legend-lines.js";

/** How each outcome is marked in the table; any other outcome is dimmed. */
const MARKS: Readonly<Record<string, Styled["style"]>> = {
  winner: "green",
  shadowed: "yellow",
  copy: "dim",
  skipped: "red",
};

/** `why NAME`'s table: each candidate (location, outcome, file and why), then the legend of the outcomes shown. */
export function whyTableLines(why: AgentExplanation, screen: Screen): Text[] {
  const o = screen;
  const rows = why.candidates.map((c, i) => [
    String(i + 1),
    c.scope,
    c.provider,
    showPath(o, c.location),
    new Styled(MARKS[c.outcome] ?? "dim", c.outcome),
    c.reason
      ? `${showPath(o, c.filePath)} (${c.reason.code}: ${oneLine(c.reason.message)})`
      : c.copyOf !== undefined
        ? `${showPath(o, c.filePath)} (roster's copy of ${showPath(o, c.copyOf)})`
        : showPath(o, c.filePath),
  ]);
  return [
    headedTable(o, ["#", "SOURCE", "PROVIDER", "LOCATION", "OUTCOME", "FILE"], rows, [3, 5]),
    ...legendLines(why.candidates.map((c) => c.outcome)),
  ];
}

/** Options of {@link whyVerdictLines}. */
export interface WhyVerdictOptions {
  /** The name asked about (a scoped id `<plugin>:<name>` names one plugin's definition). */
  name: string;
  /** `--provider`, and the definition of that provider it picked. */
  provider?: string | undefined;
  picked?: AgentDefinition | undefined;
  /** Where paths are shown from, and the width sentences wrap at. */
  screen: Screen;
}

/**
 * The sentences under `why NAME`'s table when NAME has a winner: what it resolves to and
 * shadows, the order within one folder, the copies roster wrote, and `--provider`'s pick.
 * Sentences with paths wrap at spaces on a terminal, never mid-word.
 */
export function whyVerdictLines(
  why: AgentExplanation & { winner: AgentDefinition },
  discovery: AgentDiscovery,
  options: WhyVerdictOptions,
): Text[] {
  const { name, screen: o } = options;
  const winner = why.winner;
  const lines: Text[] = [""];
  const shadowed = why.shadowed.map((a) => showPath(o, a.filePath)).join(", ");
  const asked = why.asked ?? winner;
  if (asked.name !== name) {
    // A scoped id names one plugin's definition; the table keeps the real order, and this says
    // which definition the bare name resolves to.
    const bare =
      asked === winner
        ? "which also wins"
        : `${showPath(o, winner.filePath)} (${winner.provider}, ${winner.source}) wins`;
    lines.push(
      ...sentenceLines(
        o,
        `${name} names ${showPath(o, asked.filePath)} (${asked.provider}, ${asked.source}); ${bare} the bare name ${asked.name}${shadowed ? `, shadowing ${shadowed}` : ""}`,
      ),
    );
  } else {
    const resolves = `${name} resolves to ${showPath(o, winner.filePath)} (${winner.provider}, ${winner.source})${shadowed ? `; it shadows ${shadowed}` : ""}`;
    sentenceLines(o, resolves).forEach((piece, i) => {
      // The name stands out, as a heading does (the first line starts with it, whole or cut).
      const head = i === 0 && piece.startsWith(name) ? name : "";
      lines.push(line`${new Styled("bold", head)}${piece.slice(head.length)}`);
    });
  }
  // Within one folder, the order of the files decides (code-unit order of the path below it).
  for (const c of why.candidates)
    if (c.sameFolder)
      lines.push(...sentenceLines(o, `In ${showPath(o, c.location)}, ${c.sameFolder.message}.`));
  if (discovery.copies.some((c) => c.agent === winner && c.copyOf === undefined))
    lines.push(
      ...indentedLines(
        o,
        "It is a copy roster wrote (sync, export) whose source is gone; the next roster sync removes it.",
      ),
    );
  if (why.copies.length > 0)
    lines.push(
      ...indentedLines(
        o,
        `roster wrote ${why.copies.length === 1 ? "a copy" : `${why.copies.length} copies`} of it (sync, export); a copy never takes its place: ${why.copies.map((c) => showPath(o, c.filePath)).join(", ")}`,
      ),
    );
  const { picked, provider } = options;
  if (picked && picked !== winner)
    lines.push(
      ...indentedLines(
        o,
        `--provider ${provider}: ${showPath(o, picked.filePath)} (${picked.source}), shadowed here; roster show|run|export ${name} --provider ${provider} reaches it`,
      ),
    );
  return lines;
}
