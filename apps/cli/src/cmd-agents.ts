import {
  type AgentDiscovery,
  type AgentSource,
  discoverAgents,
  explainAgent,
  type FileRecord,
  getAgent,
  summarizeAgent,
} from "@roster/core";
import type { App } from "./context.js";
import { UsageError } from "./errors.js";
import { cacheWanted, type StoredListing, storedListing, storeListing } from "./list-cache.js";
import { Block, fieldPrinter, headedTable, line, oneLine, paint, printJson, showPath } from "./output.js";
import { unknownName } from "./unknown-name.js";

/** The `list --json` view of one agent (SPEC §8). */
export const agentSummary = summarizeAgent;

/** The `--json` view of one file record: the location as its folder, no duplicated diagnostics. */
export function fileView(record: FileRecord) {
  const view: Record<string, unknown> = {
    path: record.path,
    kind: record.kind,
    provider: record.provider,
    scope: record.scope,
    location: record.location?.dir ?? `provider:${record.provider}`,
    outcome: record.outcome,
  };
  if (record.format) view.format = record.format;
  if ("name" in record && record.name !== undefined) view.name = record.name;
  if (record.outcome === "shadowed") view.shadowedBy = record.shadowedBy;
  if (record.outcome === "skipped") view.reason = record.reason;
  if (record.unknownKeys) view.unknownKeys = record.unknownKeys;
  return view;
}

/** Filters of `roster list`. */
export interface ListFlags {
  provider?: string;
  source?: string;
  /** Names only, one per line (what shell completion reads). */
  names?: boolean;
  /** Add one record per file looked at (`files`). */
  files?: boolean;
}

const SOURCES: readonly AgentSource[] = ["project", "user", "bundled"];

/** What `list` prints of one agent, from a discovery or from the stored listing. */
interface AgentRow {
  name: string;
  description: string;
  source: string;
  provider: string;
  filePath?: string;
  disabled?: boolean;
}

/** The flags' filters, checked before anything is read. */
function checkFilters(app: App, flags: ListFlags): void {
  const providers = app.registry.ids();
  if (flags.provider !== undefined && !providers.includes(flags.provider))
    throw new UsageError(`--provider takes one of ${providers.join(", ")}, got "${flags.provider}".`);
  if (flags.source !== undefined && !SOURCES.includes(flags.source as AgentSource))
    throw new UsageError(`--source takes one of ${SOURCES.join(", ")}, got "${flags.source}".`);
}

/** The agents `list` shows: by provider, by source, and a word found in the name or description. */
function filterAgents(agents: readonly AgentRow[], flags: ListFlags, word?: string): AgentRow[] {
  const needle = word?.toLowerCase();
  return agents.filter(
    (a) =>
      (flags.provider === undefined || a.provider === flags.provider) &&
      (flags.source === undefined || a.source === flags.source) &&
      (needle === undefined ||
        a.name.toLowerCase().includes(needle) ||
        a.description.toLowerCase().includes(needle)),
  );
}

/**
 * `list --json`'s whole output, which every `list` but `--files` can be printed from: the
 * agents' summaries (with `disabled`), the shadowed, the diagnostics (the config's first).
 */
interface Listing {
  agents: AgentRow[];
  shadowed: unknown[];
  diagnostics: unknown[];
  projectAgentsDir?: string;
}

/** The stored listing's JSON, when it has the shape `list` prints from (else discovery runs). */
function parseListing(bytes: Buffer): Listing | undefined {
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString("utf8"));
  } catch {
    return undefined;
  }
  const listing = value as Partial<Listing> | null;
  const text = (v: unknown) => typeof v === "string";
  if (
    !listing ||
    !Array.isArray(listing.agents) ||
    !Array.isArray(listing.shadowed) ||
    !Array.isArray(listing.diagnostics) ||
    !listing.agents.every(
      (a) => a && text(a.name) && text(a.description) && text(a.source) && text(a.provider),
    )
  )
    return undefined;
  return listing as Listing;
}

/** `roster list [WORD] [--files]`. */
export async function listAgents(app: App, flags: ListFlags = {}, word?: string): Promise<number> {
  const o = app.output;
  checkFilters(app, flags);
  // Every list but --files (which shows each file's record) prints from `list --json`'s
  // output: a stat-only look that finds the same files reuses the stored one. A plain
  // `list --json` reprints its bytes.
  const plain =
    o.json && word === undefined && !flags.names && !flags.files && !flags.provider && !flags.source;
  let stored: StoredListing | undefined;
  if (!flags.files && cacheWanted(app)) {
    stored = await storedListing(app);
    if (stored.bytes) {
      if (plain) {
        o.stream(stored.bytes);
        return 0;
      }
      const listing = parseListing(stored.bytes);
      if (listing) return printListing(app, listing, flags, word);
    }
  }
  // A one-shot process: no discovery cache is filled, and no system prompt is decoded (a
  // listing never shows one). A listing to store takes its look from the reads themselves.
  const seenAt = Date.now();
  const d = await discoverAgents(app.registry, app.ctx, { bodies: "on-demand", look: stored !== undefined });
  const disabled = new Set(app.loaded.config.disabledAgents ?? []);
  const listing: Listing = {
    agents: d.agents.map((a) => {
      const summary = agentSummary(a) as unknown as AgentRow;
      if (disabled.has(a.name)) summary.disabled = true;
      return summary;
    }),
    shadowed: d.shadowed.map((s) => ({
      name: s.agent.name,
      source: s.agent.source,
      provider: s.agent.provider,
      filePath: s.agent.filePath,
      shadowedBy: s.shadowedBy,
    })),
    diagnostics: [...app.loaded.diagnostics, ...d.diagnostics],
    ...(d.projectAgentsDir ? { projectAgentsDir: d.projectAgentsDir } : {}),
  };
  // Printed first, so what a person asked for shows before the listing is stored.
  // A plain `list --json` that stores prints while it encodes (below).
  const printsWhileStoring = plain && stored !== undefined;
  const code = printsWhileStoring
    ? 0
    : printListing(app, listing, flags, word, flags.files ? d.files : undefined);
  if (stored) {
    // The whole listing is stored, whatever this run printed of it: `list --json` prints the
    // same bytes it stores (encoded once).
    const kept: Uint8Array[] = [];
    printJson(printsWhileStoring ? o : { stream: () => undefined }, listing, kept);
    storeListing(app, stored, { stat: d.look, seenAt }, kept);
  }
  return code;
}

/** What `list` prints of a listing: JSON, names or the table, filtered by the flags. */
function printListing(
  app: App,
  listing: Listing,
  flags: ListFlags,
  word: string | undefined,
  files?: readonly FileRecord[],
): number {
  const o = app.output;
  const agents = filterAgents(listing.agents, flags, word);
  if (flags.names) {
    for (const a of agents) o.out(a.name);
    return 0;
  }
  if (o.json) {
    printJson(o, {
      agents,
      shadowed: listing.shadowed,
      diagnostics: listing.diagnostics,
      ...(listing.projectAgentsDir ? { projectAgentsDir: listing.projectAgentsDir } : {}),
      ...(files ? { files: files.map(fileView) } : {}),
    });
    return 0;
  }
  const rows = agents.map((a) => [
    a.disabled ? paint(o, "dim", `${a.name} (disabled)`) : paint(o, "bold", a.name),
    a.source,
    a.provider,
    showPath(o, a.filePath),
    oneLine(a.description),
  ]);
  if (rows.length > 0) {
    o.out(
      headedTable(o, ["NAME", "SOURCE", "PROVIDER", "FILE", "DESCRIPTION"], rows, {
        keepEnd: [3],
        drop: [3, 2, 1],
      }),
    );
    o.out("");
  }
  if (files) {
    const fileRows = files.map((f) => [
      f.outcome,
      f.provider,
      showPath(o, f.path),
      f.outcome === "shadowed"
        ? `by ${showPath(o, f.shadowedBy)}`
        : f.outcome === "skipped"
          ? `${f.reason.code}: ${oneLine(f.reason.message)}`
          : "",
    ]);
    o.out(headedTable(o, ["OUTCOME", "PROVIDER", "FILE", "WHY"], fileRows, { keepEnd: [2] }));
    o.out("");
  }
  // The discovery's own diagnostics: the listing's, less the config's (listed first).
  const found = listing.diagnostics.length - app.loaded.diagnostics.length;
  const notes: string[] = [];
  if (listing.shadowed.length > 0) notes.push(`${listing.shadowed.length} shadowed (roster why NAME)`);
  if (found > 0) notes.push(`${found} diagnostic(s) (roster doctor)`);
  const count =
    agents.length === listing.agents.length
      ? `${agents.length}`
      : `${agents.length} of ${listing.agents.length}`;
  o.out(paint(o, "dim", `${count} agent(s)${notes.length ? `; ${notes.join("; ")}` : ""}`));
  return 0;
}

/** `roster show NAME`. */
export async function showAgent(app: App, name: string): Promise<number> {
  // One agent is shown: its prompt is read when printed, no other file's is decoded.
  const d = await discoverAgents(app.registry, app.ctx, { bodies: "on-demand" });
  const agent = getAgent(d, name);
  if (!agent)
    throw unknownName(
      "agent",
      name,
      d.agents.map((a) => a.name),
    );
  const o = app.output;
  if (o.json) {
    printJson(o, agent);
    return 0;
  }
  const field = fieldPrinter(o, 15);
  field("name", agent.name);
  field("description", agent.description);
  field("source", agent.source);
  field("provider", agent.provider);
  field("file", showPath(o, agent.filePath));
  field("plugin", agent.plugin?.id);
  field("tools", agent.tools);
  field("spawns", agent.spawns);
  field("model", agent.model);
  field("thinkingLevel", agent.thinkingLevel);
  field("blocking", agent.blocking);
  field("output", agent.output);
  o.out(line`\n${new Block(agent.systemPrompt)}`);
  return 0;
}

/** `roster why NAME`. */
export async function whyAgent(
  app: App,
  name: string,
  /** For `--json`: the tools that would resolve NAME differently, from this discovery. */
  otherTools?: (d: AgentDiscovery) => Promise<unknown[]>,
  /** For human output: prints the same, under the table. */
  printOtherTools?: (d: AgentDiscovery) => Promise<void>,
): Promise<number> {
  // One discovery serves the table and the other tools' lines; no prompt is shown, so none
  // is decoded.
  const d = await discoverAgents(app.registry, app.ctx, { bodies: "on-demand" });
  const why = explainAgent(d, name);
  const o = app.output;
  if (o.json) {
    if (!why.winner) {
      const unknown = unknownName(
        "agent",
        name,
        d.agents.map((a) => a.name),
      );
      printJson(o, {
        name,
        candidates: why.candidates,
        files: why.files.map(fileView),
        error: unknown.message,
        code: unknown.details.code,
        suggestions: unknown.details.suggestions,
      });
      o.err(`roster: ${unknown.message}`);
      return 1;
    }
    const { name: winnerName, source, provider, filePath } = why.winner;
    printJson(o, {
      name,
      winner: { name: winnerName, source, provider, filePath },
      candidates: why.candidates,
      files: why.files.map(fileView),
      otherTools: otherTools ? await otherTools(d) : [],
    });
    return 0;
  }
  const mark: Record<string, ReturnType<typeof paint>> = {
    winner: paint(o, "green", "winner"),
    shadowed: paint(o, "yellow", "shadowed"),
    skipped: paint(o, "red", "skipped"),
  };
  const rows = why.candidates.map((c, i) => [
    String(i + 1),
    c.provider,
    c.scope,
    showPath(o, c.location),
    mark[c.outcome] ?? paint(o, "dim", c.outcome),
    c.reason
      ? `${showPath(o, c.filePath)} (${c.reason.code}: ${oneLine(c.reason.message)})`
      : showPath(o, c.filePath),
  ]);
  o.out(headedTable(o, ["#", "PROVIDER", "SCOPE", "LOCATION", "OUTCOME", "FILE"], rows, [3, 5]));
  if (!why.winner) {
    o.out("");
    throw unknownName(
      "agent",
      name,
      d.agents.map((a) => a.name),
    );
  }
  const shadowed = why.shadowed.map((a) => showPath(o, a.filePath)).join(", ");
  o.out(
    line`\n${paint(o, "bold", name)} resolves to ${showPath(o, why.winner.filePath)} (${why.winner.provider}, ${why.winner.source})${shadowed ? `; it shadows ${shadowed}` : ""}`,
  );
  await printOtherTools?.(d);
  return 0;
}
