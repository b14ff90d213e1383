import * as nodeFs from "node:fs";
import { basename, dirname, join } from "node:path";
import { type AgentWriter, type FieldMapping, GENERATED_BY_VALUE, isMarkerKey } from "./agent-writer.js";
import type { AgentDiscovery } from "./discover-agents.js";
import { type ExportCode, exportAgent } from "./export-agent.js";
import { fileSystemOf } from "./fs.js";
import { MAX_FILE_BYTES } from "./read-file.js";
import type { AgentDefinition, DiscoveryContext, FileSystem } from "./types.js";

/** The sidecar manifest of formats that cannot carry a marker key (Gemini's strict schema). */
export const SYNC_MANIFEST = ".roster-sync.json";

/** What a sync does with one file. */
export type SyncAction = "create" | "update" | "unchanged" | "remove" | "conflict" | "skip";

/** Stable codes of the entries a sync reports. */
export type SyncCode = ExportCode | "sync/conflict" | "sync/native" | "sync/renamed" | "sync/duplicate-path";

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

/** A planned sync: entries in order and the manifests to write. */
export interface SyncPlan {
  entries: SyncEntry[];
  /** Manifest files and their new text; `null` removes one. */
  manifests: Array<{ filePath: string; content: string | null }>;
}

/** Options of {@link planSync}. */
export interface PlanSyncOptions {
  ctx: DiscoveryContext;
  /** The merged view (winners and what they shadow). */
  discovery: Pick<AgentDiscovery, "agents" | "shadowed">;
  writers: readonly AgentWriter[];
  scope: "project" | "user";
}

interface Manifest {
  generatedBy: string;
  files: string[];
}

const MAX_MANIFEST = 1024 * 1024;
const SAFE_FILE = /^[A-Za-z0-9_][A-Za-z0-9._@+-]*$/;

/**
 * The folder (or its parent, the tool's own folder) when it is a symbolic link: roster never
 * writes through one, since it could point anywhere. `undefined` when neither is.
 */
export function symlinkedFolder(ctx: DiscoveryContext, dir: string): string | undefined {
  const fs = fileSystemOf(ctx);
  for (const path of [dirname(dir), dir]) {
    try {
      if (fs.lstat(path).isSymbolicLink()) return path;
    } catch {
      // Absent: created on write.
    }
  }
  return undefined;
}

function readManifest(fs: FileSystem, dir: string): Manifest | undefined {
  try {
    const data = JSON.parse(fs.readFile(join(dir, SYNC_MANIFEST), MAX_MANIFEST).toString("utf8")) as unknown;
    if (typeof data !== "object" || data === null) return undefined;
    const files = (data as { files?: unknown }).files;
    if (!Array.isArray(files)) return undefined;
    return {
      generatedBy: GENERATED_BY_VALUE,
      // A manifest is project data: only plain file names in this folder count, never a path.
      files: files.filter(
        (f): f is string => typeof f === "string" && SAFE_FILE.test(f) && !f.includes(".."),
      ),
    };
  } catch {
    return undefined;
  }
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
  return Object.entries(parsed.frontmatter).some(
    ([key, value]) => isMarkerKey(key) && value === GENERATED_BY_VALUE,
  );
}

/** Who owns the file an agent would be written to. */
export type FileOwner = "absent" | "roster" | "person" | "symlink";

/**
 * Who owns `<dir>/<relativePath>` for a writer: nobody (absent), roster (its marker key, or
 * its entry in the folder's `.roster-sync.json`), a person, or a symbolic link (never
 * written through).
 */
export function fileOwner(
  ctx: DiscoveryContext,
  writer: AgentWriter,
  dir: string,
  relativePath: string,
): FileOwner {
  const fs = fileSystemOf(ctx);
  const filePath = join(dir, ...relativePath.split("/"));
  try {
    if (fs.lstat(filePath).isSymbolicLink()) return "symlink";
  } catch {
    return "absent";
  }
  const content = readText(fs, filePath);
  if (content === undefined) return "person";
  if (writer.marker === "manifest")
    return readManifest(fs, dir)?.files.includes(relativePath) ? "roster" : "person";
  return hasMarkerKey(writer, filePath, relativePath, content) ? "roster" : "person";
}

/** Adds a file to the `.roster-sync.json` of its folder (exports of manifest-marked formats). */
export function recordInManifest(ctx: DiscoveryContext, dir: string, relativePath: string): void {
  const current = readManifest(fileSystemOf(ctx), dir)?.files ?? [];
  if (current.includes(relativePath)) return;
  const body: Manifest = { generatedBy: GENERATED_BY_VALUE, files: [...current, relativePath].sort() };
  nodeFs.mkdirSync(dir, { recursive: true });
  nodeFs.writeFileSync(join(dir, SYNC_MANIFEST), `${JSON.stringify(body, null, 2)}\n`);
}

/** Files below `dir` ending in `extension`, as `/`-separated relative paths. */
function listFiles(fs: FileSystem, dir: string, extension: string, recursive: boolean, depth = 0): string[] {
  let entries: import("node:fs").Dirent[];
  try {
    entries = fs.readdir(dir);
  } catch {
    return [];
  }
  const out: string[] = [];
  for (const entry of entries) {
    if (entry.name.startsWith(".")) continue;
    if (entry.isDirectory() && recursive && depth < 8) {
      for (const rel of listFiles(fs, join(dir, entry.name), extension, recursive, depth + 1)) {
        out.push(`${entry.name}/${rel}`);
      }
    } else if (entry.isFile() && entry.name.endsWith(extension)) out.push(entry.name);
  }
  return out.sort();
}

/** Is a discovered agent a file some sync wrote (marker key, or listed in its folder's manifest)? */
function isGenerated(fs: FileSystem, agent: AgentDefinition): boolean {
  if (Object.entries(agent.extra ?? {}).some(([k, v]) => isMarkerKey(k) && v === GENERATED_BY_VALUE))
    return true;
  if (!agent.filePath || agent.filePath.startsWith("embedded:")) return false;
  return readManifest(fs, dirname(agent.filePath))?.files.includes(basename(agent.filePath)) ?? false;
}

/** The agents a sync writes, with the name each is written under. */
function agentsToSync(
  fs: FileSystem,
  discovery: PlanSyncOptions["discovery"],
): Array<{ agent: AgentDefinition; as: string; renamed?: string }> {
  const agents: Array<{ agent: AgentDefinition; as: string; renamed?: string }> = [];
  const usable = (agent: AgentDefinition) => agent.source !== "bundled" && !isGenerated(fs, agent);
  for (const winner of discovery.agents) {
    // A file a sync wrote (xcsh's, which outranks Claude Code's) hides the agent it came from.
    const agent = usable(winner)
      ? winner
      : discovery.shadowed.map((s) => s.agent).find((a) => a.name === winner.name && !a.plugin && usable(a));
    if (agent) agents.push({ agent, as: agent.name });
  }
  // Two plugins with one agent name: the loser is written under its scoped id.
  for (const { agent } of discovery.shadowed) {
    if (!agent.plugin) continue;
    const winner = discovery.agents.find((a) => a.name === agent.name);
    if (!winner?.plugin || winner.plugin.name === agent.plugin.name) continue;
    const as = `${agent.plugin.name}-${agent.name}`;
    agents.push({
      agent,
      as,
      renamed: `${agent.plugin.name}:${agent.name} collides with ${winner.plugin.name}:${agent.name}; written as ${as} (":" is not allowed in file names or by most tools)`,
    });
  }
  return agents;
}

/**
 * Plans a sync (SPEC §13): every merged agent written for each tool, at the place the tool
 * reads for `scope`. A file already there is updated only when roster wrote it (its marker
 * key, or its entry in `.roster-sync.json`); a file a person wrote is a conflict and stays
 * untouched; a file roster wrote whose agent is gone is removed. Agents from the tool's own
 * family, roster's bundled agents and files a sync wrote are not written again. Reads only.
 */
export function planSync(options: PlanSyncOptions): SyncPlan {
  const fs = fileSystemOf(options.ctx);
  const entries: SyncEntry[] = [];
  const manifests: SyncPlan["manifests"] = [];
  const agents = agentsToSync(fs, options.discovery);

  for (const writer of options.writers) {
    const dir = writer.agentsDir(options.ctx, options.scope);
    const linked = symlinkedFolder(options.ctx, dir);
    if (linked) {
      entries.push({
        tool: writer.tool,
        action: "conflict",
        filePath: linked,
        code: "sync/conflict",
        message: "this folder is a symbolic link; roster never writes through one",
      });
      continue;
    }
    const manifest = writer.marker === "manifest" ? readManifest(fs, dir) : undefined;
    const owned = new Set(manifest?.files ?? []);
    const written = new Set<string>();

    for (const { agent, as, renamed } of agents) {
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
      const result = exportAgent(agent, writer, { ctx: options.ctx, scope: options.scope, as });
      if (!result.ok) {
        entries.push({ ...base, action: "skip", code: result.code, message: result.message });
        continue;
      }
      const named = renamed ? { writtenAs: as, code: "sync/renamed" as const, message: renamed } : {};
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
      const owner = fileOwner(options.ctx, writer, dir, result.relativePath);
      const existing = readText(fs, result.filePath);
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
    }

    // Files roster wrote earlier whose agent is gone.
    const candidates =
      writer.marker === "manifest" ? [...owned] : listFiles(fs, dir, writer.extension, writer.folders);
    for (const relativePath of candidates) {
      if (written.has(relativePath)) continue;
      const filePath = join(dir, ...relativePath.split("/"));
      if (fileOwner(options.ctx, writer, dir, relativePath) !== "roster") continue;
      entries.push({
        tool: writer.tool,
        action: "remove",
        filePath,
        message: "roster wrote it and its agent is gone",
      });
    }

    if (writer.marker === "manifest") {
      const files = [...written].sort();
      const before = [...owned].sort();
      const path = join(dir, SYNC_MANIFEST);
      if (files.length === 0 && manifest) manifests.push({ filePath: path, content: null });
      else if (files.length > 0 && JSON.stringify(files) !== JSON.stringify(before)) {
        const body: Manifest = { generatedBy: GENERATED_BY_VALUE, files };
        manifests.push({ filePath: path, content: `${JSON.stringify(body, null, 2)}\n` });
      }
    }
  }
  return { entries, manifests };
}

/** Carries out a plan: writes created and updated files and manifests, removes roster's stale files. */
export function applySync(plan: SyncPlan): void {
  for (const entry of plan.entries) {
    if (!entry.filePath) continue;
    if ((entry.action === "create" || entry.action === "update") && entry.content !== undefined) {
      nodeFs.mkdirSync(dirname(entry.filePath), { recursive: true });
      nodeFs.writeFileSync(entry.filePath, entry.content);
    } else if (entry.action === "remove") nodeFs.rmSync(entry.filePath, { force: true });
  }
  for (const manifest of plan.manifests) {
    if (manifest.content === null) nodeFs.rmSync(manifest.filePath, { force: true });
    else {
      nodeFs.mkdirSync(dirname(manifest.filePath), { recursive: true });
      nodeFs.writeFileSync(manifest.filePath, manifest.content);
    }
  }
}
