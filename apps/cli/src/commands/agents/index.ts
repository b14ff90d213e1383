import { type AgentDiscovery, discoverAgents } from "@roster/core";
import type { ToolProfile } from "@roster/family";
import {
  agentLines,
  buildListing,
  copiesOf,
  explainAbout,
  reportWhy,
  type ToolViews,
  whyJson,
  whyTableLines,
  whyVerdictLines,
} from "@roster/profiles";
import type { App } from "../../context.js";
import { UsageError } from "../../errors.js";
import { printJson } from "../../output.js";
import { printPaged } from "../../pager.js";
import { unknownName, unknownValue } from "../../unknown-name.js";
import { type FoundAgent, findShownAgent } from "../run/find-stored-agent.js";
import { checkProvider, pickAgent } from "../run/pick-agent.js";
import {
  cacheWanted,
  recordingContext,
  rememberShortcut,
  type StoredListing,
  storedListing,
  storeListing,
} from "./list-cache.js";
import { filterProblem, type ListFlags, printListing, printStored, printsWhole } from "./list-print.js";

/** A `list`'s filters (@roster/profiles' filterProblem, over `providers`) and `--full-text`'s WORD, checked: a usage error for a wrong one. */
export function checkListFlags(
  providers: readonly string[],
  flags: ListFlags,
  word: string | undefined,
): void {
  const problem = filterProblem(providers, flags);
  if (problem) throw unknownValue(problem.kind, problem.flag, problem.wanted, problem.known);
  if (flags.fullText && word === undefined)
    throw new UsageError("--full-text needs a WORD to look for (roster list WORD --full-text)");
}

/** `roster list [WORD] [--files]`. */
export async function listAgents(app: App, flags: ListFlags = {}, word?: string): Promise<number> {
  const o = app.output;
  checkListFlags(app.registry.ids(), flags, word);
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
      for (const text of agentLines(agent, copies, o)) o.out(text);
    },
    { env: app.env, rows: process.stdout.rows },
  );
  return 0;
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
  // One discovery serves the table and the other tools' lines (each file read once).
  const {
    discovery: d,
    why,
    views,
  } = await explainAbout(app.ctx, { registry: app.registry, name, profiles });
  const o = app.output;
  const unknown = () =>
    unknownName(
      "agent",
      name,
      d.agents.map((a) => a.name),
    );
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
    // A name nothing defines: the unknown-agent finding, in the JSON and on stderr (@roster/profiles).
    const names = d.agents.map((a) => a.name);
    const { value, error } = whyJson(report, names);
    printJson(o, value);
    if (error === undefined) return 0;
    o.err(`roster: ${error}`);
    return 1;
  }
  // A name no file defines: the suggestion is the answer (a table of places would bury it).
  if (!why.winner && why.candidates.every((c) => c.filePath === undefined)) throw unknown();
  const picked = why.winner && provider !== undefined ? pickAgent(d, name, provider) : undefined;
  for (const text of whyTableLines(why, o)) o.out(text);
  if (!why.winner) {
    o.out("");
    throw unknown();
  }
  const verdict = whyVerdictLines({ ...why, winner: why.winner }, d, { name, provider, picked, screen: o });
  for (const text of verdict) o.out(text);
  await printOtherTools?.(d, views);
  return 0;
}
