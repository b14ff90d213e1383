import { basename, join } from "node:path";
import {
  type AgentDefinition,
  type AgentDiscovery,
  type DiscoveryContext,
  type FileSystem,
  GENERATED_BY_VALUE,
  hasRosterMarker,
  MAX_SYNC_MANIFEST_BYTES,
  parseSyncManifest,
  SYNC_MANIFEST,
} from "@roster/core";
import { describeFsError, fileSystemOf, MAX_FILE_BYTES, walkFolder } from "@roster/core/provider-kit";
import type { AgentWriter, FieldMapping, ToolTable } from "@roster/family";
import { type ExportCode, exportAgent, writeRootOf } from "./export-agent.js";
import { renameFor } from "./rename-agent.js";
import {
  removeFileInside,
  WriteRefusedError,
  writeFileInside,
  writePathProblem,
} from "./write-file-inside.js";

/** What a sync does with one file. */
export type SyncAction = "create" | "update" | "unchanged" | "remove" | "conflict" | "skip" | "failed";

/** Stable codes of the entries a sync reports. */
export type SyncCode =
  | ExportCode
  | "sync/conflict"
  | "sync/native"
  | "sync/renamed"
  | "sync/duplicate-path"
  | "sync/unwritable";

/** One file of a sync, planned or done. */
export interface SyncEntry {
  tool: string;
  action: SyncAction;
  /** The agent's name in roster (a plugin collision's scoped id `plugin:name`). */
  agent?: string;
  /** The name written, when it differs from the agent's. */
  writtenAs?: string;
  filePath?: string;
  code?: SyncCode;
  /** Why it is skipped, a conflict, or renamed. */
  message?: string;
  /** The translation report (create, update, unchanged). */
  fields?: FieldMapping[];
  /** The text to write (create, update). */
  content?: string;
}

/**
 * A folder's `.roster-sync.json` in a plan: the files it lists before and after, and which of
 * them were written under another name than their agent's (file → the agent's name).
 */
export interface ManifestChange {
  filePath: string;
  before: string[];
  after: string[];
  renamedBefore: Record<string, string>;
  renamedAfter: Record<string, string>;
}

/** One tool's folder in a plan: where it is, the folder writes stay below, its manifest. */
export interface SyncTarget {
  tool: string;
  dir: string;
  /** Nothing below this folder is followed when written ({@link writeRootOf}). */
  root: string;
  /**
   * The `.roster-sync.json`, when it changes: a manifest-marked format lists every file roster
   * wrote there; any format lists the files it wrote under another name (a rename is kept).
   */
  manifest?: ManifestChange;
}

/** A planned sync: entries in order and the folders they go to. */
export interface SyncPlan {
  entries: SyncEntry[];
  /** The tools' folders with a write or a removal planned (nothing for a refused folder). */
  targets: SyncTarget[];
  /**
   * How many agent names only the other scope defines: not written (a project sync writes
   * the project's agents, a user sync the user's; SPEC §16).
   */
  otherScope: number;
}

/** Options of {@link planSync}. */
export interface PlanSyncOptions {
  ctx: DiscoveryContext;
  /** The merged view (winners, what they shadow, and roster's copies). */
  discovery: Pick<AgentDiscovery, "agents" | "shadowed" | "copies">;
  writers: readonly AgentWriter[];
  /** The app's tool table (its family set's `tools`): what the agents' tool names stand for. */
  tools: ToolTable;
  scope: "project" | "user";
  /** The user trusted the project: its agents keep raising settings in the user's scope (see `exportAgent`). */
  trustProject?: boolean;
  /**
   * Files a source wrote (`roster add`, pinned in a `roster.lock`): a sync neither writes over
   * them nor removes them, though they carry roster's mark.
   */
  pinned?: ReadonlySet<string>;
  /**
   * Names to write agents under (`sync --name AGENT=NEW`): agent name (a plugin collision's
   * scoped id `plugin:name`) → the name written. Kept in each folder's manifest, so a later
   * sync without it writes the same file.
   */
  names?: ReadonlyMap<string, string>;
}

interface Manifest {
  files: string[];
  renamed: Record<string, string>;
}

function readManifest(fs: FileSystem, dir: string): Manifest | undefined {
  let text: string;
  try {
    text = fs.readFile(join(dir, SYNC_MANIFEST), MAX_SYNC_MANIFEST_BYTES).toString("utf8");
  } catch {
    return undefined;
  }
  // A manifest is project data: only plain file names in this folder count, never a path.
  return parseSyncManifest(text);
}

/**
 * A file in the way, read as discovery reads one: bounded at {@link MAX_FILE_BYTES}, regular
 * files only. A FIFO, a device or a file over the limit is unreadable: a person's, never ours.
 */
function readText(fs: FileSystem, path: string): string | undefined {
  try {
    return fs.readFile(path, MAX_FILE_BYTES).toString("utf8");
  } catch {
    return undefined;
  }
}

/** Does this file carry roster's marker key (as the family's reader sees it)? */
function hasMarkerKey(writer: AgentWriter, filePath: string, relativePath: string, content: string): boolean {
  const parsed = writer.format.parse({ filePath, relativePath, content, level: "warn" });
  // An unusable file has no fields to read a marker from: it is a person's.
  if (parsed.kind === "unusable") return false;
  return hasRosterMarker(parsed.frontmatter);
}

/** Who owns the file an agent would be written to. */
export type FileOwner = "absent" | "roster" | "person" | "symlink";

/**
 * Who owns `<dir>/<relativePath>` for a writer: nobody (absent), roster (its entry in the
 * folder's `.roster-sync.json`, or its marker key), a person, or a symbolic link (never
 * written through).
 */
export function fileOwner(
  ctx: DiscoveryContext,
  writer: AgentWriter,
  dir: string,
  relativePath: string,
): FileOwner {
  const fs = fileSystemOf(ctx);
  const listed = (file: string) => readManifest(fs, dir)?.files.includes(file) === true;
  return ownerOf(fs, writer, dir, relativePath, listed).owner;
}

/**
 * {@link fileOwner}, with the text of a file in the way (read to decide; a plan compares
 * roster's own with what it would write). `listed`: the folder's manifest files, asked only
 * for a file that is there (a plan reads the manifest once, not once per file).
 */
function ownerOf(
  fs: FileSystem,
  writer: AgentWriter,
  dir: string,
  relativePath: string,
  listed: (relativePath: string) => boolean,
): { owner: FileOwner; text?: string } {
  const filePath = join(dir, ...relativePath.split("/"));
  try {
    if (fs.lstat(filePath).isSymbolicLink()) return { owner: "symlink" };
  } catch {
    return { owner: "absent" };
  }
  const text = readText(fs, filePath);
  if (text === undefined) return { owner: "person" };
  if (listed(relativePath)) return { owner: "roster", text };
  // Either mark counts, whatever the writer uses now (opencode's copies carried the key before).
  return { owner: hasMarkerKey(writer, filePath, relativePath, text) ? "roster" : "person", text };
}

/**
 * A `.roster-sync.json`'s text listing `files` (sorted), and the renames of those it lists
 * (none: no `renamed` key): what sync, export and `roster add` write.
 */
export function formatSyncManifest(
  files: readonly string[],
  renamed: Readonly<Record<string, string>> = {},
): string {
  const sorted = [...new Set(files)].sort();
  const kept = sorted.filter((f) => Object.hasOwn(renamed, f)).map((f) => [f, renamed[f]!] as const);
  const body = {
    generatedBy: GENERATED_BY_VALUE,
    files: sorted,
    ...(kept.length > 0 ? { renamed: Object.fromEntries(kept) } : {}),
  };
  return `${JSON.stringify(body, null, 2)}\n`;
}

/** Options of {@link recordInManifest}. */
export interface RecordInManifestOptions {
  /** The tool's agents folder holding the manifest. */
  dir: string;
  /** The file to list, relative to `dir`. */
  relativePath: string;
  /** The folder writes stay below; default {@link writeRootOf} `dir`. */
  root?: string;
  /** The file holds this agent under another name (`export --name`, a slug): kept for later syncs. */
  renamedFrom?: string;
}

/**
 * Adds a file to the `.roster-sync.json` of its folder (exports of manifest-marked formats),
 * written below `root` without following a link. Throws {@link WriteRefusedError} when a
 * link is on the way.
 */
export function recordInManifest(ctx: DiscoveryContext, options: RecordInManifestOptions): void {
  const { dir, relativePath, renamedFrom } = options;
  const current = readManifest(fileSystemOf(ctx), dir) ?? { files: [], renamed: {} };
  const renamed: Record<string, string> = { ...current.renamed };
  if (renamedFrom !== undefined) renamed[relativePath] = renamedFrom;
  else delete renamed[relativePath];
  if (current.files.includes(relativePath) && current.renamed[relativePath] === renamed[relativePath]) return;
  writeFileInside({
    root: options.root ?? writeRootOf(dir),
    filePath: join(dir, SYNC_MANIFEST),
    content: formatSyncManifest([...current.files, relativePath], renamed),
  });
}

/** Regular files below `dir` ending in `extension` (dot entries aside), as `/`-separated relative paths. */
function listFiles(fs: FileSystem, dir: string, extension: string, recursive: boolean): string[] {
  const walk = walkFolder(fs, dir, { depth: recursive ? 8 : 0 });
  return walk.entries
    .filter((entry) => entry.kind === "file" && entry.relativePath.endsWith(extension))
    .map((entry) => entry.relativePath)
    .filter((path) => !basename(path).startsWith("."))
    .sort();
}

/**
 * The agents a sync writes for `scope` (SPEC §16), with the name each is written under: per
 * name, its first definition of that scope (the winner, else the first it shadows), never a
 * bundled one or a copy roster wrote; and how many names only the other scope defines.
 */
function agentsToSync(
  discovery: PlanSyncOptions["discovery"],
  scope: "project" | "user",
): { agents: Array<{ agent: AgentDefinition; as: string; renamed?: string }>; otherScope: number } {
  const agents: Array<{ agent: AgentDefinition; as: string; renamed?: string }> = [];
  const copies = new Set(discovery.copies.map((c) => c.agent));
  const usable = (agent: AgentDefinition) => agent.source !== "bundled" && !copies.has(agent);
  let otherScope = 0;
  // Each name's shadowed definitions in order, and its winner: looked up, not searched for
  // each agent (9,000 winners and 1,000 shadowed made that 9 million comparisons).
  const shadowedByName = new Map<string, AgentDefinition[]>();
  for (const { agent } of discovery.shadowed) {
    const same = shadowedByName.get(agent.name);
    if (same) same.push(agent);
    else shadowedByName.set(agent.name, [agent]);
  }
  const winnerByName = new Map<string, AgentDefinition>();
  for (const agent of discovery.agents)
    if (!winnerByName.has(agent.name)) winnerByName.set(agent.name, agent);
  for (const winner of discovery.agents) {
    const all = [winner, ...(shadowedByName.get(winner.name) ?? [])];
    const agent = all.find((a) => usable(a) && a.source === scope && (a === winner || !a.plugin));
    if (agent) agents.push({ agent, as: agent.name });
    else if (all.some(usable)) otherScope++;
  }
  // Two plugins with one agent name: the loser is written under its scoped id.
  for (const { agent } of discovery.shadowed) {
    if (!agent.plugin || agent.source !== scope) continue;
    const winner = winnerByName.get(agent.name);
    if (!winner?.plugin || winner.plugin.name === agent.plugin.name) continue;
    const as = `${agent.plugin.name}-${agent.name}`;
    agents.push({
      agent,
      as,
      renamed: `${agent.plugin.name}:${agent.name} collides with ${winner.plugin.name}:${agent.name}; written as ${as} (":" is not allowed in file names or by most tools)`,
    });
  }
  return { agents, otherScope };
}

/** A refused place as a conflict: a link, or something not a file, in the way. */
function refusedEntry(
  tool: string,
  agent: string | undefined,
  problem: { path: string; message: string },
): SyncEntry {
  return {
    tool,
    action: "conflict",
    ...(agent !== undefined ? { agent } : {}),
    filePath: problem.path,
    code: "sync/conflict",
    message: problem.message,
  };
}

/**
 * Plans a sync (SPEC §13): every merged agent written for each tool, at the place the tool
 * reads for `scope`. Only agents of that scope are written (SPEC §16: a project sync never
 * carries a person's own agents into the repository). A file already there is updated only
 * when roster wrote it (its marker key, or its entry in `.roster-sync.json`); a file a person
 * wrote is a conflict and stays untouched; a file roster wrote whose agent is gone is removed.
 * Agents from the tool's own family, roster's bundled agents and copies are not written again. Every target
 * path is checked here (SPEC §17): a link at any component below the project or home, or a
 * name too long for a file system, is reported per file before anything is written. Reads only.
 */
export function planSync(options: PlanSyncOptions): SyncPlan {
  const fs = lookingOnce(fileSystemOf(options.ctx));
  const entries: SyncEntry[] = [];
  const targets: SyncTarget[] = [];
  const { agents, otherScope } = agentsToSync(options.discovery, options.scope);

  for (const writer of options.writers) {
    const dir = writer.agentsDir(options.ctx, options.scope);
    const root = writeRootOf(dir);
    // The folder itself (and a manifest-marked format's manifest): a link there refuses the tool.
    const folderProblem = writePathProblem(root, join(dir, SYNC_MANIFEST), fs);
    const linked =
      folderProblem && (folderProblem.path !== join(dir, SYNC_MANIFEST) || writer.marker === "manifest");
    if (folderProblem && linked) {
      entries.push(
        refusedEntry(writer.tool, undefined, {
          path: folderProblem.path,
          message:
            folderProblem.code === "write/symlink"
              ? folderProblem.path === join(dir, SYNC_MANIFEST)
                ? "roster's manifest here is a symbolic link; roster never writes through one"
                : "this folder is a symbolic link; roster never writes through one"
              : folderProblem.message,
        }),
      );
      continue;
    }
    // The folder's manifest, read once: it marks roster's files whatever the writer's own mark.
    const onDisk = readManifest(fs, dir);
    const listed = new Set(onDisk?.files ?? []);
    const inManifest = (relativePath: string) => listed.has(relativePath);
    const owned = new Set(onDisk?.files ?? []);
    const written = new Set<string>();
    // The names a sync before wrote agents under (agent → name), and those this one writes under.
    const recorded = recordedNames(onDisk, writer.extension);
    const renamedAfter: Record<string, string> = {};

    for (const { agent, as, renamed } of ordered(agents, writer, options.names, recorded)) {
      const base = { tool: writer.tool, agent: renamed ? `${agent.plugin?.name}:${agent.name}` : agent.name };
      if (agent.provider === writer.tool) {
        entries.push({
          ...base,
          action: "skip",
          code: "sync/native",
          // "an opencode agent", "a Codex agent"; the file is the agent's (`roster why NAME`).
          message: `already ${/^[aeioux]/i.test(writer.displayName) ? "an" : "a"} ${writer.displayName} agent`,
        });
        continue;
      }
      // The name it is written under: asked for (--name), kept from a sync before, a plugin
      // collision's, or the tool's slug of a name it refuses; else its own.
      const chosen = nameToWrite({
        agent,
        as,
        renamed,
        id: base.agent,
        writer,
        names: options.names,
        recorded,
      });
      const result = exportAgent(agent, writer, {
        ctx: options.ctx,
        tools: options.tools,
        scope: options.scope,
        as: chosen.name,
        ...(options.trustProject !== undefined ? { trustProject: options.trustProject } : {}),
      });
      if (!result.ok) {
        entries.push({ ...base, action: "skip", code: result.code, message: result.message });
        continue;
      }
      const named = chosen.why
        ? { writtenAs: chosen.name, code: "sync/renamed" as const, message: chosen.why }
        : {};
      if (written.has(result.relativePath)) {
        entries.push({
          ...base,
          action: "skip",
          filePath: result.filePath,
          code: "sync/duplicate-path",
          message: "another agent is written to the same file",
        });
        continue;
      }
      // Every component below the project or home: a linked sub-folder (`x/` of `x/NAME`) too.
      const problem = writePathProblem(root, result.filePath, fs);
      if (problem?.code === "write/name-too-long") {
        entries.push({
          ...base,
          action: "skip",
          filePath: result.filePath,
          code: "sync/unwritable",
          message: problem.message,
        });
        continue;
      }
      if (problem) {
        entries.push(
          refusedEntry(writer.tool, base.agent, { path: result.filePath, message: problem.message }),
        );
        continue;
      }
      if (options.pinned?.has(result.filePath)) {
        entries.push({
          ...base,
          action: "conflict",
          filePath: result.filePath,
          code: "sync/conflict",
          message: "a source wrote this file (roster.lock); left to it (roster remove SOURCE frees the name)",
        });
        continue;
      }
      const { owner, text: existing } = ownerOf(fs, writer, dir, result.relativePath, inManifest);
      const report = { fields: result.fields, filePath: result.filePath };
      if (owner === "absent") {
        entries.push({ ...base, ...named, ...report, action: "create", content: result.content });
      } else if (owner !== "roster") {
        entries.push({
          ...base,
          action: "conflict",
          filePath: result.filePath,
          code: "sync/conflict",
          message:
            owner === "symlink"
              ? "a symbolic link has this name; roster never writes through one"
              : "a file roster did not write has this name; left untouched",
        });
        continue;
      } else if (existing === result.content) {
        entries.push({ ...base, ...named, ...report, action: "unchanged" });
      } else entries.push({ ...base, ...named, ...report, action: "update", content: result.content });
      written.add(result.relativePath);
      // A rename of the agent's own name is kept (not a collision's: its source is another's name).
      if (chosen.keep) renamedAfter[result.relativePath] = agent.name;
    }

    // Files roster wrote earlier whose agent is gone.
    const candidates = [...new Set([...owned, ...listFiles(fs, dir, writer.extension, writer.folders)])];
    for (const relativePath of candidates) {
      if (written.has(relativePath)) continue;
      const filePath = join(dir, ...relativePath.split("/"));
      if (options.pinned?.has(filePath) || writePathProblem(root, filePath, fs)) continue;
      if (ownerOf(fs, writer, dir, relativePath, inManifest).owner !== "roster") continue;
      entries.push({
        tool: writer.tool,
        action: "remove",
        filePath,
        message: "roster wrote it and its agent is gone",
      });
    }

    const target: SyncTarget = { tool: writer.tool, dir, root };
    // A manifest-marked format lists every file roster wrote; a key-marked one only those
    // written under another name (each has its key too), so that the rename is kept.
    const after = (
      writer.marker === "manifest" ? [...written] : [...written].filter((f) => Object.hasOwn(renamedAfter, f))
    ).sort();
    const before = [...owned].sort();
    const renamedBefore = { ...onDisk?.renamed };
    const same =
      JSON.stringify(after) === JSON.stringify(before) &&
      JSON.stringify(sortedEntries(renamedAfter)) === JSON.stringify(sortedEntries(renamedBefore));
    if (!same || (after.length === 0 && onDisk)) {
      target.manifest = { filePath: join(dir, SYNC_MANIFEST), before, after, renamedBefore, renamedAfter };
    }
    targets.push(target);
  }
  return { entries, targets, otherScope };
}

/** A record's entries by key: two records compared whatever their order. */
function sortedEntries(record: Readonly<Record<string, string>>): Array<[string, string]> {
  return Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The names a sync before wrote agents under: agent → name (the manifest's renames, file → agent). */
function recordedNames(manifest: Manifest | undefined, extension: string): Map<string, string> {
  const names = new Map<string, string>();
  for (const [file, agent] of Object.entries(manifest?.renamed ?? {})) {
    if (file.endsWith(extension) && !names.has(agent)) names.set(agent, file.slice(0, -extension.length));
  }
  return names;
}

/** One agent to write, as {@link agentsToSync} gives it. */
type ToSync = { agent: AgentDefinition; as: string; renamed?: string };

/** The name an agent is written under, why it is not its own, and whether the rename is kept in the manifest. */
interface ChosenName {
  name: string;
  why?: string;
  keep?: true;
}

/**
 * The name one agent is written under for one tool, in order: the one asked for (`names`,
 * by its id), the one a sync before wrote it under (`recorded`), a plugin collision's scoped
 * name, the tool's slug of a name it refuses ({@link renameFor}); else its own.
 */
function nameToWrite(options: {
  agent: AgentDefinition;
  as: string;
  renamed?: string | undefined;
  id: string;
  writer: AgentWriter;
  names: ReadonlyMap<string, string> | undefined;
  recorded: ReadonlyMap<string, string>;
}): ChosenName {
  const { agent, as, renamed, id, writer } = options;
  const asked = options.names?.get(id);
  // A collision's file is named for its plugin, not its agent: no rename of it is kept.
  const keep = renamed ? {} : { keep: true as const };
  if (asked !== undefined && asked !== agent.name)
    return { name: asked, why: `written as ${asked} (--name)`, ...keep };
  if (asked !== undefined) return { name: asked };
  const before = renamed ? undefined : options.recorded.get(agent.name);
  const slug = renameFor(writer, as);
  if (before !== undefined && before !== agent.name && before !== slug?.name)
    return { name: before, why: `written as ${before}, as named before (${SYNC_MANIFEST})`, ...keep };
  if (slug) return { name: slug.name, why: renamed ? `${renamed}; ${slug.reason}` : slug.reason, ...keep };
  return renamed ? { name: as, why: renamed } : { name: as };
}

/**
 * The agents in the order a tool's files are decided: those written under their own name
 * first, then the renamed (a slug, a name asked for), so a renamed agent never takes the
 * file of an agent of that very name (`csharp-expert` beside `CSharpExpert`).
 */
function ordered(
  agents: readonly ToSync[],
  writer: AgentWriter,
  names: ReadonlyMap<string, string> | undefined,
  recorded: ReadonlyMap<string, string>,
): ToSync[] {
  const own: ToSync[] = [];
  const others: ToSync[] = [];
  for (const item of agents) {
    const id = item.renamed ? `${item.agent.plugin?.name}:${item.agent.name}` : item.agent.name;
    const chosen = nameToWrite({ ...item, id, writer, names, recorded });
    (chosen.why === undefined ? own : others).push(item);
  }
  return [...own, ...others];
}

/**
 * `fs` with each path's `lstat` taken once: a plan is one look at the disk, and checks each
 * folder on the way to every file below it (a second look at a path gives the first answer,
 * its error included). The writes look again (`writeFileInside`).
 */
function lookingOnce(fs: FileSystem): FileSystem {
  const seen = new Map<string, { stats: ReturnType<FileSystem["lstat"]> } | { error: unknown }>();
  return {
    ...fs,
    lstat(path) {
      let look = seen.get(path);
      if (look === undefined) {
        try {
          look = { stats: fs.lstat(path) };
        } catch (error) {
          look = { error };
        }
        seen.set(path, look);
      }
      if ("error" in look) throw look.error;
      return look.stats;
    },
  };
}

/** Why a write failed, in words: a refusal's own message, else the file-system error. */
function failure(error: unknown): string {
  if (error instanceof WriteRefusedError) return error.message;
  return `cannot write it: ${describeFsError(error)}`;
}

/**
 * Carries out a plan (SPEC §13, §17): writes created and updated files, removes roster's stale
 * files, and keeps each `.roster-sync.json` true. Every write goes through
 * {@link writeFileInside}: below the project or home, never through a link, via a temporary
 * file and a rename. One entry that cannot be written is reported as `failed` and the others
 * go on. A manifest first lists every file about to be written (so a sync stopped half-way
 * still knows its files), and afterwards exactly the files roster wrote and keeps.
 *
 * @returns the plan's entries as done: an entry that failed is `failed` with `sync/unwritable`.
 */
export function applySync(plan: SyncPlan): SyncEntry[] {
  const done = plan.entries.map((entry) => ({ ...entry }));
  for (const target of plan.targets) {
    const mine = done.filter((e) => e.tool === target.tool && e.filePath);
    const fail = (entry: SyncEntry, error: unknown) => {
      entry.action = "failed";
      entry.code = "sync/unwritable";
      entry.message = failure(error);
      delete entry.content;
    };
    const manifest = target.manifest;
    if (manifest) {
      // 1. Ownership first: the files about to be written are listed before they exist.
      const ahead = [...new Set([...manifest.before, ...manifest.after])];
      const renamedAhead = { ...manifest.renamedBefore, ...manifest.renamedAfter };
      const renamesAhead = Object.keys(manifest.renamedAfter).some(
        (f) => manifest.renamedBefore[f] !== manifest.renamedAfter[f],
      );
      if (ahead.length > manifest.before.length || renamesAhead) {
        try {
          writeFileInside({
            root: target.root,
            filePath: manifest.filePath,
            content: formatSyncManifest(ahead, renamedAhead),
          });
        } catch (error) {
          for (const entry of mine)
            if (entry.action === "create" || entry.action === "update") fail(entry, error);
          continue;
        }
      }
    }
    // 2. Each file on its own: one failure never stops the others.
    const kept = new Set(manifest?.after ?? []);
    for (const entry of mine) {
      const filePath = entry.filePath!;
      const relativePath = filePath
        .slice(target.dir.length + 1)
        .split(/[\\/]/)
        .join("/");
      try {
        if ((entry.action === "create" || entry.action === "update") && entry.content !== undefined) {
          writeFileInside({ root: target.root, filePath, content: entry.content });
        } else if (entry.action === "remove") removeFileInside({ root: target.root, filePath });
      } catch (error) {
        const action = entry.action;
        fail(entry, error);
        // A file not created is not roster's; one that could not be removed still is.
        if (action === "create") kept.delete(relativePath);
        if (action === "remove") kept.add(relativePath);
      }
    }
    // 3. The manifest lists what roster wrote and keeps, with their renames; none left, no manifest.
    if (manifest) {
      const renamed = { ...manifest.renamedBefore, ...manifest.renamedAfter };
      for (const file of Object.keys(renamed))
        if (!kept.has(file) || (manifest.after.includes(file) && !Object.hasOwn(manifest.renamedAfter, file)))
          delete renamed[file];
      try {
        if (kept.size === 0) removeFileInside({ root: target.root, filePath: manifest.filePath });
        else
          writeFileInside({
            root: target.root,
            filePath: manifest.filePath,
            content: formatSyncManifest([...kept], renamed),
          });
      } catch (error) {
        done.push({
          tool: target.tool,
          action: "failed",
          filePath: manifest.filePath,
          code: "sync/unwritable",
          message: failure(error),
        });
      }
    }
  }
  return done;
}
