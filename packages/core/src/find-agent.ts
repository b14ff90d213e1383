import { interpret, isCopy } from "./discover-agents.js";
import { RACY_MS } from "./discovery-cache.js";
import { fileSystemOf } from "./fs.js";
import { scopedId } from "./get-by-name.js";
import type { ReadableSource } from "./merge-sources.js";
import { readSourceFile } from "./read-file.js";
import { readSources, siftFor } from "./read-sources.js";
import { createRegistry, type ProviderRegistry } from "./registry.js";
import { runProviders } from "./run-providers.js";
import { statSources } from "./stat-sources.js";
import type { AgentDefinition, DiscoveryContext } from "./types.js";
import { walkLocation } from "./walk-location.js";

/**
 * Where {@link findAgentAt} found an agent, for finding it again with a stat-only look at
 * the same families ({@link findAgentAgain}). Plain JSON, for storing.
 */
export interface AgentFoundAt {
  /** The name asked for. */
  name: string;
  /** The ids of the providers read, in registry order, the agent's last. */
  providers: string[];
  /** Each one's stat-only look fingerprint (`statSources` of that provider alone), as read. */
  looks: string[];
  /** The agent's file. */
  filePath: string;
  /** The latest mtime or ctime of any file read (ms): a look that recent is not vouched for. */
  newestChangeMs: number;
  /** With `copies`, every family was read: the index in `providers` of the agent's (else the last). */
  owner?: number;
}

/** The options of {@link findAgent}. */
export interface FindAgentOptions {
  /** As `discoverAgents`' option; default `on-demand` (only the agent found is decoded). */
  bodies?: "now" | "on-demand";
  /**
   * Also the files of the copies roster wrote of the agent (`copiesOf` in a whole discovery:
   * `show` lists them), which may sit in any place: every family is read, the ones after the
   * agent's only for copies of its name.
   */
  copies?: boolean;
}

/** Whether a definition answers `name` (getByName's rules; see {@link findAgentAt}). */
function answers(name: string): ((agent: AgentDefinition) => boolean) | undefined {
  const colon = name.indexOf(":");
  if (colon === 0) return undefined;
  // A scoped id is answered by that plugin only (getByName): its bare name elsewhere is no answer.
  return colon > 0 ? (a) => scopedId(a) === name : (a) => a.name === name;
}

/** A source's agent when it answers: never a copy (a copy never outranks). */
function answerOf(
  source: ReadableSource,
  wanted: (agent: AgentDefinition) => boolean,
): AgentDefinition | undefined {
  if (isCopy(source)) return undefined;
  const meaning = interpret(source, undefined);
  return meaning.kind === "definition" && wanted(meaning.value) ? meaning.value : undefined;
}

/**
 * {@link findAgent}, and where the agent was found (for {@link findAgentAgain}; absent for a
 * provider's item, a bundled agent, whose answer needed every family's places).
 */
export async function findAgentAt(
  registry: ProviderRegistry,
  ctx: DiscoveryContext,
  name: string,
  options: FindAgentOptions = {},
): Promise<{ agent: AgentDefinition; at?: AgentFoundAt; copies?: string[] } | undefined> {
  const wanted = answers(name);
  if (!wanted) return undefined;
  const bare = !name.includes(":");
  const sift = siftFor(name);
  const items: ReadableSource[] = [];
  const providers: string[] = [];
  const looks: string[] = [];
  let newestChangeMs = 0;
  let found: { agent: AgentDefinition; filePath: string; owner: number } | undefined;
  // With copies: the first definition of each name so far (the one its copies stand under) and the copies.
  const firsts = new Map<string, AgentDefinition>();
  const copies: Array<{ name: string; filePath: string }> = [];
  // Every file walked, and those walked in two places: a definition's copies are filed under its id (its path).
  const walked = new Set<string>();
  const twice = new Set<string>();
  for (const provider of registry.list()) {
    // One family's places (and items): the same sources, in the same order, as its share of a whole read.
    // After the agent's family only copies are looked for: no body there is ever shown.
    const read = await readSources(createRegistry([provider]), ctx, {
      kind: "agents",
      bodies: found ? "none" : (options.bodies ?? "on-demand"),
      look: true,
      sift,
    });
    providers.push(provider.id);
    looks.push(read.look!.fingerprint);
    newestChangeMs = Math.max(newestChangeMs, read.look!.newestChangeMs);
    if (options.copies)
      for (const place of read.searched)
        for (const path of place.files) (walked.has(path) ? twice : walked).add(path);
    for (const source of read.sources) {
      if (source.kind === "skipped") continue;
      if (source.kind === "item") {
        items.push(source);
        continue;
      }
      // A definition's name is its `name` field as written: a file of another name is passed unbuilt.
      if (bare && source.parsed.frontmatter.name !== name && source.listed !== name) continue;
      const copy = isCopy(source);
      // A copy never answers; after the agent, only copies are looked at.
      if (copy ? !options.copies : found) continue;
      const meaning = interpret(source, undefined);
      if (meaning.kind !== "definition") continue;
      const agent = meaning.value;
      if (copy)
        copies.push({ name: typeof copy === "string" ? copy : agent.name, filePath: source.filePath });
      else if (!wanted(agent)) {
        if (options.copies && !firsts.has(agent.name)) firsts.set(agent.name, agent);
      } else {
        found = { agent, filePath: source.filePath, owner: providers.length - 1 };
        if (!options.copies) break;
      }
    }
    if (found && !options.copies) break;
  }
  let agent = found?.agent;
  // No file defines it: a provider's item (a bundled agent), after every family's places.
  for (const source of agent ? [] : items) {
    const meaning = interpret(source, undefined);
    if (meaning.kind !== "definition") continue;
    if (wanted(meaning.value)) {
      agent = meaning.value;
      break;
    }
    if (!firsts.has(meaning.value.name)) firsts.set(meaning.value.name, meaning.value);
  }
  if (!agent) return undefined;
  const at = found && { name, providers, looks, filePath: found.filePath, newestChangeMs };
  if (!options.copies) return at ? { agent, at } : { agent };
  // Its copies stand under the first definition of its name: this agent, unless it is a
  // plugin's reached by its scoped id after another definition of its bare name. A whole
  // discovery files copies by the id of what they stand under: another definition with the
  // agent's id (its file read in two places, an item naming it) would add the copies of
  // its own name, unread here. The whole discovery decides.
  const idOf = (a: { filePath?: string; provider: string }) => a.filePath ?? a.provider;
  const id = idOf(agent);
  const sharing = items.filter((i) => i.kind === "item" && (i.item.filePath ?? i.provider) === id).length;
  if (twice.has(id) || sharing > (found ? 0 : 1) || (!found && walked.has(id))) return undefined;
  const first = firsts.get(agent.name) ?? agent;
  const mine = idOf(first) === id ? copies.filter((c) => c.name === agent.name) : [];
  const shown = mine.map((c) => c.filePath);
  return found && at ? { agent, at: { ...at, owner: found.owner }, copies: shown } : { agent, copies: shown };
}

/**
 * The agent `getAgent(await discoverAgents(registry, ctx), name)` finds, read family by
 * family in precedence order: it stops at the first family whose places define `name`
 * (or, for `<plugin>:<name>`, the first plugin definition of that scoped id), without
 * reading the places after it. A copy roster wrote never answers (it never outranks), and
 * provider items (bundled agents) come after every family's places, as in the merge.
 *
 * Undefined when one family at a time cannot settle it: no definition of the name at all
 * (an unknown name, whose did-you-mean needs every name), only a copy of it, a bare name
 * with a colon (it answers only when no plugin of that name exists anywhere), or a name
 * starting with `:`. The caller then runs the whole discovery, which decides.
 */
export async function findAgent(
  registry: ProviderRegistry,
  ctx: DiscoveryContext,
  name: string,
  options: FindAgentOptions = {},
): Promise<AgentDefinition | undefined> {
  return (await findAgentAt(registry, ctx, name, options))?.agent;
}

/**
 * The agent found `at` before, when a stat-only look at the same families, one by one, finds
 * each exactly as it was read (same places, same files, unchanged, none added or removed)
 * and none changed within the racy window: then the first family defining the name is the
 * same, and so is its file, which alone is read again. Undefined when anything differs (the
 * caller then looks the name up anew): what comes after those families cannot outrank it.
 */
export async function findAgentAgain(
  registry: ProviderRegistry,
  ctx: DiscoveryContext,
  at: AgentFoundAt,
  options: FindAgentOptions = {},
): Promise<AgentDefinition | undefined> {
  const wanted = answers(at.name);
  const all = registry.list();
  const count = at.providers.length;
  if (!wanted || count === 0 || count !== at.looks.length || count > all.length) return undefined;
  const now = Date.now();
  for (let i = 0; i < count; i++) {
    const provider = all[i]!;
    if (provider.id !== at.providers[i]) return undefined;
    const look = await statSources(createRegistry([provider]), ctx, "agents");
    if (look.fingerprint !== at.looks[i] || now - look.newestChangeMs <= RACY_MS) return undefined;
  }
  // The agent's family: its file, found where its walk lists it, read and interpreted alone.
  const ownerAt = at.owner ?? count - 1;
  const owner = ownerAt >= 0 && ownerAt < count ? all[ownerAt] : undefined;
  if (!owner) return undefined;
  const run = await runProviders(createRegistry([owner]), ctx, "agents");
  const fs = fileSystemOf(ctx);
  const trusted = ctx.trustProject !== false;
  for (const location of run.answers[0]?.locations ?? []) {
    if (!trusted && location.scope === "project") continue;
    const walk = walkLocation({ fs, location, kind: "agents", generation: 0 });
    const file = walk.files.find((f) => f.filePath === at.filePath);
    if (!file || file.kind === "skipped") continue;
    const read = readSourceFile({
      fs,
      file,
      kind: "agents",
      level: "warn",
      generation: 0,
      bodies: options.bodies ?? "on-demand",
    });
    if (read.kind !== "parsed") return undefined;
    const source: ReadableSource = {
      kind: "file",
      provider: owner.id,
      location,
      locationIndex: 0,
      filePath: file.filePath,
      relativePath: file.relativePath,
      format: file.format,
      parsed: read.parsed,
    };
    // Its own look saw it unchanged: a file that is no longer its answer would be a bug; never trusted.
    return answerOf(source, wanted);
  }
  return undefined;
}
