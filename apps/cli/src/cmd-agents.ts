import { type AgentDiscovery, discoverAgents } from "@roster/core";
import type { ToolProfile } from "@roster/family";
import {
  buildListing,
  copiesOf,
  explainAgent,
  OUTCOME_MEANINGS,
  prepareToolViews,
  reportWhy,
  summarizeAgent,
  type ToolViews,
} from "@roster/profiles";
import type { App } from "./context.js";
import { UsageError } from "./errors.js";
import { type FoundAgent, findShownAgent } from "./find-stored-agent.js";
import {
  cacheWanted,
  recordingContext,
  rememberShortcut,
  type StoredListing,
  storedListing,
  storeListing,
} from "./list-cache.js";
import { filterProblem, type ListFlags, printListing, printStored, printsWhole } from "./list-print.js";
import {
  Block,
  fieldPrinter,
  headedTable,
  line,
  type Output,
  oneLine,
  paint,
  printJson,
  sentenceLines,
  showPath,
} from "./output.js";
import { printPaged } from "./pager.js";
import { checkProvider, pickAgent } from "./pick-agent.js";
import { unknownName, unknownValue } from "./unknown-name.js";

/** The `list --json` view of one agent (SPEC §8). */
export const agentSummary = summarizeAgent;

/** `roster list [WORD] [--files]`. */
export async function listAgents(app: App, flags: ListFlags = {}, word?: string): Promise<number> {
  const o = app.output;
  const problem = filterProblem(app.registry.ids(), flags);
  if (problem) throw unknownValue(problem.kind, problem.flag, problem.wanted, problem.known);
  if (flags.fullText && word === undefined)
    throw new UsageError("--full-text needs a WORD to look for (roster list WORD --full-text)");
  // Every list but --files (which shows each file's record) prints from `list --json`'s
  // output: a stat-only look that finds the same files reuses the stored one. A plain
  // `list --json` reprints its bytes.
  const plain = printsWhole(o, flags, word);
  let stored: StoredListing | undefined;
  // --full-text reads every prompt: never from the stored listing (it holds none).
  if (!flags.files && !flags.fullText && cacheWanted(app)) {
    stored = await storedListing(app);
    const code = stored.bytes && printStored(o, stored.bytes, flags, word, app.loaded.diagnostics.length);
    if (code !== undefined) {
      rememberShortcut(app, stored);
      return code;
    }
  }
  // A one-shot process: no discovery cache is filled, and no system prompt is read (a
  // listing never shows one). A listing to store takes its look from the reads themselves.
  const seenAt = Date.now();
  // A listing was stored before and no longer holds (something changed): this discovery
  // reads through the recorder, so the listing it stores gets its shortcut at once.
  const ctx = stored?.recorded ? recordingContext(app) : app.ctx;
  // Records only for --files, the one form that shows them.
  const d = await discoverAgents(app.registry, ctx, {
    // A prompt is read (once, when asked) only for --full-text, for an agent WORD is not in otherwise.
    bodies: flags.fullText ? "on-demand" : "none",
    look: stored !== undefined,
    records: flags.files === true,
  });
  const listing = buildListing(d, {
    disabled: app.loaded.config.disabledAgents ?? [],
    configDiagnostics: app.loaded.diagnostics,
  });
  // Printed first, so what a person asked for shows before the listing is stored.
  // A plain `list --json` that stores prints while it encodes (below).
  const printsWhileStoring = plain && stored !== undefined;
  const code = printsWhileStoring
    ? 0
    : printListing(
        o,
        listing,
        flags,
        word,
        app.loaded.diagnostics.length,
        flags.files ? d.files : undefined,
        flags.fullText
          ? (i, needle) => d.agents[i]?.systemPrompt.toLowerCase().includes(needle) === true
          : undefined,
      );
  if (stored) {
    // The whole listing is stored, whatever this run printed of it: `list --json` prints the
    // same bytes it stores (encoded once).
    const kept: Uint8Array[] = [];
    printJson(printsWhileStoring ? o : { stream: () => undefined }, listing, kept);
    storeListing(app, stored, { stat: d.look, seenAt }, kept);
    if (stored.recorded) rememberShortcut(app, stored);
  }
  return code;
}

/**
 * What `show` prints, from a whole discovery: with `--provider`, and for a name the lookup
 * of one name cannot settle (unknown: its did-you-mean needs every name).
 */
async function shownByDiscovery(app: App, name: string, provider: string | undefined): Promise<FoundAgent> {
  // One agent is shown: its prompt is read when printed, no other file's is decoded.
  const d = await discoverAgents(app.registry, app.ctx, { bodies: "on-demand", records: false });
  const agent = pickAgent(d, name, provider);
  return { agent, copies: copiesOf(d, agent).map((c) => c.filePath ?? c.provider) };
}

/** `roster show NAME [--provider ID]`. */
export async function showAgent(
  app: App,
  name: string,
  flags: { pager?: boolean; provider?: string } = {},
): Promise<number> {
  checkProvider(app.registry.ids(), flags.provider);
  // Without --provider, the lookup of one name (and its copies), found again on a warm run.
  const { agent, copies } =
    (flags.provider === undefined ? await findShownAgent(app, name) : undefined) ??
    (await shownByDiscovery(app, name, flags.provider));
  if (app.output.json) {
    printJson(app.output, copies.length > 0 ? { ...agent, copies } : agent);
    return 0;
  }
  // A prompt longer than the screen goes through the pager on a terminal.
  await printPaged(
    app.output,
    flags,
    (o) => {
      const field = fieldPrinter(o, 15);
      field("name", agent.name);
      field("description", agent.description);
      field("source", agent.source);
      field("provider", agent.provider);
      field("file", showPath(o, agent.filePath));
      field("plugin", agent.plugin?.id);
      if (copies.length > 0)
        field(
          "copies",
          copies.map((c) => showPath(o, c)),
        );
      field("tools", agent.tools);
      field("spawns", agent.spawns);
      field("model", agent.model);
      field("thinkingLevel", agent.thinkingLevel);
      field("blocking", agent.blocking);
      field("output", agent.output);
      o.out(line`\n${new Block(agent.systemPrompt)}`);
    },
    { env: app.env, rows: process.stdout.rows },
  );
  return 0;
}

/** A sentence as its lines: wrapped at spaces on a terminal (see `sentenceLines`), one line piped. */
export function sayLines(o: Output, text: string, indent = ""): void {
  const width = o.columns === undefined ? undefined : o.columns - indent.length;
  for (const piece of width === undefined ? [text] : sentenceLines({ columns: width }, text))
    o.out(`${indent}${piece}`);
}

/** Under a `why` table: what each outcome it shows means, once each (in core's order: winner first). */
export function printLegend(o: Output, outcomes: readonly string[]): void {
  const present = new Set(outcomes);
  const shown = Object.keys(OUTCOME_MEANINGS).filter((x) => present.has(x)) as Array<
    keyof typeof OUTCOME_MEANINGS
  >;
  if (shown.length === 0) return;
  const width = Math.max(...shown.map((x) => x.length)) + 2;
  o.out("");
  for (const x of shown) o.out(paint(o, "dim", `${x.padEnd(width)}${OUTCOME_MEANINGS[x]}`));
}

/** `roster why NAME [--provider ID]`. */
export async function whyAgent(
  app: App,
  name: string,
  /** The tools `--json`'s `otherTools` compares with (the app's profiles). */
  profiles: readonly ToolProfile[],
  /** For human output: the tools that resolve NAME differently, under the table (`views` as discovered). */
  printOtherTools?: (d: AgentDiscovery, views?: ToolViews) => Promise<void>,
  /** `--provider`: also say where that provider's definition of NAME stands. */
  provider?: string,
): Promise<number> {
  checkProvider(app.registry.ids(), provider);
  // One discovery serves the table and the other tools' lines; no prompt is shown, so none
  // is decoded. The tools' views are planned first and take each file it reads: one read.
  // First about NAME alone (a file that cannot hold it is not parsed); a name that finds no
  // definition so is asked again of everything, for its did-you-mean (no tool's view is
  // prepared again: with no winner, none resolves NAME differently).
  const views =
    profiles.length > 0
      ? await prepareToolViews(profiles, app.ctx, { registry: app.registry, about: name })
      : undefined;
  let d = await discoverAgents(app.registry, views?.ctx ?? app.ctx, { bodies: "on-demand", about: name });
  let why = explainAgent(d, name);
  if (!why.winner) {
    d = await discoverAgents(app.registry, app.ctx, { bodies: "on-demand" });
    why = explainAgent(d, name);
  }
  const o = app.output;
  if (o.json) {
    // The same report MCP's why_agent answers with (core's reportWhy).
    const report = await reportWhy(d, name, {
      profiles,
      ctx: app.ctx,
      registry: app.registry,
      ...(views ? { views } : {}),
      ...(provider !== undefined ? { provider } : {}),
    });
    // A provider that does not define NAME is the same finding as in human output.
    if (report.winner && provider !== undefined && !report.picked) pickAgent(d, name, provider);
    if (!report.winner) {
      const unknown = unknownName(
        "agent",
        name,
        d.agents.map((a) => a.name),
      );
      printJson(o, { ...report, error: unknown.message, code: unknown.details.code });
      o.err(`roster: ${unknown.message}`);
      return 1;
    }
    printJson(o, report);
    return 0;
  }
  const unknown = () =>
    unknownName(
      "agent",
      name,
      d.agents.map((a) => a.name),
    );
  // A name no file defines: the suggestion is the answer (a table of places would bury it).
  if (!why.winner && why.candidates.every((c) => c.filePath === undefined)) throw unknown();
  const picked = why.winner && provider !== undefined ? pickAgent(d, name, provider) : undefined;
  const mark: Record<string, ReturnType<typeof paint>> = {
    winner: paint(o, "green", "winner"),
    shadowed: paint(o, "yellow", "shadowed"),
    copy: paint(o, "dim", "copy"),
    skipped: paint(o, "red", "skipped"),
  };
  const rows = why.candidates.map((c, i) => [
    String(i + 1),
    c.scope,
    c.provider,
    showPath(o, c.location),
    mark[c.outcome] ?? paint(o, "dim", c.outcome),
    c.reason
      ? `${showPath(o, c.filePath)} (${c.reason.code}: ${oneLine(c.reason.message)})`
      : c.copyOf !== undefined
        ? `${showPath(o, c.filePath)} (roster's copy of ${showPath(o, c.copyOf)})`
        : showPath(o, c.filePath),
  ]);
  o.out(headedTable(o, ["#", "SOURCE", "PROVIDER", "LOCATION", "OUTCOME", "FILE"], rows, [3, 5]));
  printLegend(
    o,
    why.candidates.map((c) => c.outcome),
  );
  if (!why.winner) {
    o.out("");
    throw unknown();
  }
  const shadowed = why.shadowed.map((a) => showPath(o, a.filePath)).join(", ");
  const asked = why.asked ?? why.winner;
  o.out("");
  if (asked.name !== name) {
    // A scoped id names one plugin's definition; the table keeps the real order, and this says
    // which definition the bare name resolves to.
    const bare =
      asked === why.winner
        ? "which also wins"
        : `${showPath(o, why.winner.filePath)} (${why.winner.provider}, ${why.winner.source}) wins`;
    for (const piece of sentenceLines(
      o,
      `${name} names ${showPath(o, asked.filePath)} (${asked.provider}, ${asked.source}); ${bare} the bare name ${asked.name}${shadowed ? `, shadowing ${shadowed}` : ""}`,
    ))
      o.out(piece);
  } else {
    // Sentences with paths: on a terminal wrapped at spaces (a path too long for a line after a
    // `/`), never broken by the terminal in the middle of a word.
    const resolves = `${name} resolves to ${showPath(o, why.winner.filePath)} (${why.winner.provider}, ${why.winner.source})${shadowed ? `; it shadows ${shadowed}` : ""}`;
    sentenceLines(o, resolves).forEach((piece, i) => {
      // The name stands out, as a heading does (the first line starts with it, whole or cut).
      const head = i === 0 && piece.startsWith(name) ? name : "";
      o.out(line`${paint(o, "bold", head)}${piece.slice(head.length)}`);
    });
  }
  // Within one folder, the order of the files decides (code-unit order of the path below it).
  for (const c of why.candidates)
    if (c.sameFolder)
      for (const piece of sentenceLines(o, `In ${showPath(o, c.location)}, ${c.sameFolder.message}.`))
        o.out(piece);
  const winner = why.winner;
  if (d.copies.some((c) => c.agent === winner && c.copyOf === undefined))
    sayLines(
      o,
      "It is a copy roster wrote (sync, export) whose source is gone; the next roster sync removes it.",
    );
  if (why.copies.length > 0)
    sayLines(
      o,
      `roster wrote ${why.copies.length === 1 ? "a copy" : `${why.copies.length} copies`} of it (sync, export); a copy never takes its place: ${why.copies.map((c) => showPath(o, c.filePath)).join(", ")}`,
    );
  if (picked && picked !== winner)
    sayLines(
      o,
      `--provider ${provider}: ${showPath(o, picked.filePath)} (${picked.source}), shadowed here; roster show|run|export ${name} --provider ${provider} reaches it`,
    );
  await printOtherTools?.(d, views);
  return 0;
}
