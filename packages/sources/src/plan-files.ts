// What a source's definitions become on disk for its target tools, and how that meets what is
// there (SPEC §20, §16): agents through each tool's writer (`exportAgent`: the text that tool
// loads, read back through its rules), skill folders as `export --skills` copies them, commands
// byte for byte into the tool's commands folder. Every file is a marked copy (the marker key,
// or the folder's `.roster-sync.json`). A file is replaced only when this source wrote it and
// it is still as written (its SHA-256 in the lock); anything else in the way is left alone and
// reported. Reads only: the changes are carried out by `applyChanges`.
import { lstatSync, mkdtempSync, rmSync, type Stats, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, extname, join, relative } from "node:path";
import type { WorkflowCommand } from "@roster/commands";
import {
  type AgentDefinition,
  type DiscoveryContext,
  type FileSystem,
  type Location,
  MAX_SYNC_MANIFEST_BYTES,
  markdownFormat,
  parseSyncManifest,
  SYNC_MANIFEST,
} from "@roster/core";
import { isInside, nodeFileSystem } from "@roster/core/provider-kit";
import type { AgentWriter, FamilyDefinition, SkillSource, ToolTable } from "@roster/family";
import type { Skill } from "@roster/skills";
import {
  copySkill,
  exportAgent,
  formatSyncManifest,
  type PathLooks,
  writePathProblem,
} from "@roster/writers";
import type { DiskChange } from "./apply-changes.js";
import type { Found } from "./find-definitions.js";
import { posixRelative } from "./find-definitions.js";
import { isSafeLockPath, sha256 } from "./lock.js";
import type { DefinitionKind, FileChange, LockedFile, SourceScope } from "./types.js";

/** The most bytes of one file of a skill or command copied (as `export --skills` copies). */
const MAX_COPY_BYTES = 8 * 1024 * 1024;

/** A tool written for: its family, with a writer. */
export type TargetFamily = FamilyDefinition & { writer: AgentWriter };

/** A file a source wants on disk. */
export interface WantedFile {
  path: string;
  /** The folder the write stays below (the project or the home). */
  root: string;
  tool: string;
  kind: DefinitionKind;
  name: string;
  content: string | Buffer;
  /** The SHA-256 of `content` (taken once: the plan, the lock and the definitions' changes use it). */
  sha256: string;
  /** The `.roster-sync.json` that marks it, and its entry there. */
  manifest?: { dir: string; entry: string };
}

/** What {@link wantedFiles} gives: the files, and what could not be written for a tool, with why. */
export interface Wanted {
  files: WantedFile[];
  skipped: FileChange[];
}

/** Options shared by the planning steps. */
export interface PlanContext {
  /** The context writes are placed by: the project's folder as `cwd` (project scope), the user's home. */
  ctx: DiscoveryContext;
  scope: SourceScope;
  skillSources: readonly SkillSource[];
}

/** The root a skill or command copy is written below. */
function copyRoot(plan: PlanContext): string {
  return plan.scope === "project" ? plan.ctx.cwd : plan.ctx.home;
}

function readBounded(fs: FileSystem, path: string): Buffer | undefined {
  try {
    return fs.readFile(path, MAX_COPY_BYTES);
  } catch {
    return undefined;
  }
}

/**
 * Where a tool reads commands for `scope`, as its own provider names it: the user folder it
 * gives, or the project folder it would read if the project had one (asked with a folder that
 * answers "here" for every place below it), with the formats it reads there.
 */
export async function commandPlace(
  family: FamilyDefinition,
  plan: PlanContext,
): Promise<{ dir: string; extensions: string[] } | undefined> {
  const provider = family.provider;
  if (typeof provider.locate !== "function") return undefined;
  const pick = (locations: readonly Location[], scope: SourceScope) =>
    locations.find((l) => l.scope === scope && !l.plugin && l.only === undefined);
  const extensions = (l: Location) => (l.formats ?? [markdownFormat]).flatMap((f) => [...f.extensions]);
  const listOf = (answer: unknown): Location[] =>
    Array.isArray(answer) ? answer : ((answer as { locations?: Location[] } | undefined)?.locations ?? []);
  if (plan.scope === "user") {
    const found = pick(
      listOf(await provider.locate({ ...plan.ctx, trustProject: false }, "commands")),
      "user",
    );
    return found ? { dir: found.dir, extensions: extensions(found) } : undefined;
  }
  const probe = mkdtempSync(join(tmpdir(), "roster-place-"));
  try {
    const folder = statSync(probe);
    const inProbe = (path: string) => isInside(probe, path);
    const absent = (path: string) => Object.assign(new Error(`ENOENT: ${path}`), { code: "ENOENT" });
    const fs: FileSystem = {
      ...nodeFileSystem,
      stat: (path) => (inProbe(path) ? folder : nodeFileSystem.stat(path)),
      lstat: (path) => (inProbe(path) ? folder : nodeFileSystem.lstat(path)),
      readdir: (path) => (inProbe(path) ? [] : nodeFileSystem.readdir(path)),
      realpath: (path) => (inProbe(path) ? path : nodeFileSystem.realpath(path)),
      readFile: (path, ...rest) => {
        if (inProbe(path)) throw absent(path);
        return nodeFileSystem.readFile(path, ...rest);
      },
    };
    const { readListed: _, ...plain } = fs;
    const ctx: DiscoveryContext = {
      cwd: probe,
      home: join(probe, "home"),
      env: {},
      fs: plain,
      trustProject: true,
    };
    const found = pick(listOf(await provider.locate(ctx, "commands")), "project");
    if (!found || !isInside(probe, found.dir)) return undefined;
    return { dir: join(plan.ctx.cwd, relative(probe, found.dir)), extensions: extensions(found) };
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
}

/** Options of {@link wantedFiles}. */
export interface WantedFilesOptions extends PlanContext {
  /** The app's tool table: what the agents' tool names stand for, for the writers. */
  tools: ToolTable;
  targets: readonly TargetFamily[];
  agents: ReadonlyArray<Found<AgentDefinition>>;
  skills: ReadonlyArray<Found<Skill>>;
  commands: ReadonlyArray<Found<WorkflowCommand>>;
  /** The layer the definitions' own files are read through (a fetched commit's); node:fs by default. */
  sourceFs?: FileSystem;
}

/** Every file the definitions become for every target, and what a target cannot take. */
export async function wantedFiles(options: WantedFilesOptions): Promise<Wanted> {
  const files: WantedFile[] = [];
  const skipped: FileChange[] = [];
  const { ctx, scope } = options;
  const source = options.sourceFs ?? nodeFileSystem;
  for (const target of options.targets) {
    const { writer } = target;
    for (const { value: agent, name } of options.agents) {
      const result = exportAgent(agent, writer, { ctx, scope, tools: options.tools });
      if (!result.ok) {
        skipped.push({
          action: "skip",
          path: join(writer.agentsDir(ctx, scope), `${name}${writer.extension}`),
          tool: writer.tool,
          kind: "agent",
          name,
          code: result.code,
          message: result.message,
        });
        continue;
      }
      files.push({
        path: result.filePath,
        root: result.root,
        tool: writer.tool,
        kind: "agent",
        name,
        content: result.content,
        sha256: sha256(result.content),
        ...(writer.marker === "manifest"
          ? { manifest: { dir: result.dir, entry: result.relativePath } }
          : {}),
      });
    }
    const skills = target.skills;
    for (const { value: skill, name } of options.skills) {
      const copy = skills?.writeDir
        ? copySkill({ ctx, skill, target: skills, scope, sources: options.skillSources, dryRun: true })
        : undefined;
      if (!copy || copy.action === "refused") {
        skipped.push({
          action: "skip",
          path: copy?.dir ?? skill.dir,
          tool: writer.tool,
          kind: "skill",
          name,
          code: copy?.error?.code ?? "export/no-writer",
          message: copy?.error?.message ?? `roster does not write skills for ${target.displayName}`,
        });
        continue;
      }
      // A folder in the way is judged file by file against the lock (planChanges), not here.
      for (const file of copy.files) {
        if (file.action !== "copied") continue;
        const content = readBounded(source, join(skill.dir, ...file.path.split("/")));
        if (content === undefined) {
          skipped.push({
            action: "skip",
            path: join(copy.dir, ...file.path.split("/")),
            tool: writer.tool,
            kind: "skill",
            name,
            code: "source/unreadable",
            message: `${file.path} of the skill cannot be read (over ${MAX_COPY_BYTES / 1024 / 1024} MiB, or not a file): not copied`,
          });
          continue;
        }
        files.push({
          path: join(copy.dir, ...file.path.split("/")),
          root: copyRoot(options),
          tool: writer.tool,
          kind: "skill",
          name,
          content,
          sha256: sha256(content),
          manifest: { dir: dirname(copy.dir), entry: basename(copy.dir) },
        });
      }
    }
    if (options.commands.length === 0) continue;
    const place = await commandPlace(target, options);
    for (const { value: command, name } of options.commands) {
      const extension = extname(command.filePath);
      const why = !place
        ? `roster knows no commands folder of ${target.displayName}`
        : !place.extensions.includes(extension)
          ? `${target.displayName} reads commands as ${place.extensions.join(", ")} files, not ${extension || "files without an ending"}`
          : undefined;
      const content = why ? undefined : readBounded(source, command.filePath);
      if (!place || why || content === undefined) {
        skipped.push({
          action: "skip",
          path: command.filePath,
          tool: writer.tool,
          kind: "command",
          name,
          code: "source/command-format",
          message: why ?? "the command's file cannot be read",
        });
        continue;
      }
      const entry = basename(command.filePath);
      files.push({
        path: join(place.dir, entry),
        root: copyRoot(options),
        tool: writer.tool,
        kind: "command",
        name,
        content,
        sha256: sha256(content),
        manifest: { dir: place.dir, entry },
      });
    }
  }
  return { files, skipped };
}

/** Options of {@link planChanges}. */
export interface PlanChangesOptions {
  wanted: readonly WantedFile[];
  /** This source's files as the lock pinned them (none for a new source). */
  previous: readonly LockedFile[];
  /** Files of a previous definition kept as they are (held back by the audit): not removed. */
  keep?: (file: LockedFile) => boolean;
  /** Paths (relative to `lockRoot`) other sources pinned: never this source's. */
  others: ReadonlySet<string>;
  /** The folder the lock's paths are relative to. */
  lockRoot: string;
  /** Where the `.roster-sync.json` entry of a pinned file is (to forget it on removal). */
  manifestOf: (file: LockedFile) => { dir: string; entry: string } | undefined;
}

/** The changes a source makes: per file what happens, the writes, and the files the lock will pin. */
export interface PlannedChanges {
  changes: FileChange[];
  disk: DiskChange[];
  locked: LockedFile[];
}

/** What is at a path (looked at through `looks`): nothing, a file (its bytes), or something roster never replaces. */
function lookAt(
  path: string,
  looks: Looks,
): { kind: "absent" } | { kind: "file"; bytes: Buffer } | { kind: "other"; why: string } {
  const stats = looks.lstatIfThere(path);
  if (stats === undefined) return { kind: "absent" };
  if (stats.isSymbolicLink())
    return { kind: "other", why: "a symbolic link has this name; roster never writes through one" };
  if (!stats.isFile()) return { kind: "other", why: "something that is not a file has this name" };
  try {
    return { kind: "file", bytes: nodeFileSystem.readFile(path, MAX_COPY_BYTES) };
  } catch {
    return { kind: "other", why: "a file roster cannot read has this name; left untouched" };
  }
}

/** `lstat` that answers `undefined` for a missing path (no error made: most files a source brings are new). */
function lstatOrUndefined(path: string): Stats | undefined {
  try {
    return lstatSync(path, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

/** An `lstat` layer that also answers `undefined` for nothing there. */
type Looks = Required<PathLooks>;

/**
 * An `lstat` layer that looks at each path once: a plan checks the same folders for every
 * file. Nothing is below a folder found missing: its files are not looked at.
 */
function lookingOnce(): Looks {
  const seen = new Map<string, Stats | undefined>();
  const lstatIfThere = (path: string): Stats | undefined => {
    if (seen.has(path)) return seen.get(path);
    const parent = dirname(path);
    const found =
      parent !== path && seen.has(parent) && seen.get(parent) === undefined
        ? undefined
        : lstatOrUndefined(path);
    seen.set(path, found);
    return found;
  };
  return {
    lstatIfThere,
    lstat(path) {
      const found = lstatIfThere(path);
      if (found) return found;
      throw Object.assign(new Error(`ENOENT: no such file or directory, lstat '${path}'`), {
        code: "ENOENT",
      });
    },
  };
}

function same(bytes: Buffer, content: string | Buffer): boolean {
  return bytes.equals(typeof content === "string" ? Buffer.from(content) : content);
}

/** The entries a `.roster-sync.json` lists now, and the renames a sync recorded there (kept as they are). */
function manifestEntries(dir: string): { files: string[]; renamed: Record<string, string> } {
  try {
    const manifest = parseSyncManifest(
      nodeFileSystem.readFile(join(dir, SYNC_MANIFEST), MAX_SYNC_MANIFEST_BYTES).toString("utf8"),
    );
    return { files: manifest?.files ?? [], renamed: { ...(manifest?.renamed ?? {}) } };
  } catch {
    return { files: [], renamed: {} };
  }
}

/**
 * Meets the wanted files with the disk and the lock: created where nothing is; replaced (or
 * left, when identical) where this source's unedited file is; an edited file of this source
 * kept and reported; anything else in the way a conflict, left alone. A pinned file no longer
 * wanted is removed when unedited, kept and reported when edited. The folders' manifests gain
 * and lose this source's entries only.
 */
export function planChanges(options: PlanChangesOptions): PlannedChanges {
  const { lockRoot } = options;
  const looks = lookingOnce();
  const previous = new Map(options.previous.map((f) => [f.path, f]));
  const changes: FileChange[] = [];
  const writes: DiskChange[] = [];
  const removals: DiskChange[] = [];
  const locked: LockedFile[] = [];
  const wantedPaths = new Set<string>();
  const added = new Map<string, Set<string>>();
  const dropped = new Map<string, Set<string>>();
  const touch = (map: Map<string, Set<string>>, m: { dir: string; entry: string }) => {
    const set = map.get(m.dir) ?? new Set<string>();
    set.add(m.entry);
    map.set(m.dir, set);
  };

  for (const file of options.wanted) {
    const base = { path: file.path, tool: file.tool, kind: file.kind, name: file.name };
    const rel = posixRelative(lockRoot, file.path);
    if (!isInside(lockRoot, file.path) || !isSafeLockPath(rel)) {
      changes.push({
        ...base,
        action: "skip",
        code: "source/outside",
        message: `not below ${lockRoot}, where the lock's files are`,
      });
      continue;
    }
    if (wantedPaths.has(rel)) {
      changes.push({
        ...base,
        action: "skip",
        code: "source/duplicate-path",
        message: "another definition is written to the same file",
      });
      continue;
    }
    wantedPaths.add(rel);
    const blocked = writePathProblem(file.root, file.path, looks);
    if (blocked) {
      changes.push({ ...base, action: "conflict", code: "source/conflict", message: blocked.message });
      continue;
    }
    const pinned = previous.get(rel);
    const there = lookAt(file.path, looks);
    const entry: LockedFile = {
      path: rel,
      tool: file.tool,
      kind: file.kind,
      name: file.name,
      sha256: file.sha256,
    };
    if (there.kind === "other") {
      changes.push({ ...base, action: "conflict", code: "source/conflict", message: there.why });
      continue;
    }
    if (there.kind === "absent") {
      changes.push({ ...base, action: "create" });
      writes.push({ op: "write", root: file.root, path: file.path, content: file.content });
    } else if (pinned && sha256(there.bytes) !== pinned.sha256) {
      changes.push({
        ...base,
        action: "kept",
        code: "source/edited",
        message:
          "edited since roster wrote it; left as it is (delete it and run roster install to get the source's)",
      });
      locked.push(pinned);
      if (file.manifest) touch(added, file.manifest);
      continue;
    } else if (same(there.bytes, file.content)) {
      // Pinned and unedited, or the very bytes this source writes (a fresh clone that has them).
      changes.push({ ...base, action: "unchanged" });
    } else if (pinned) {
      changes.push({ ...base, action: "update" });
      writes.push({ op: "write", root: file.root, path: file.path, content: file.content });
    } else {
      changes.push({
        ...base,
        action: "conflict",
        code: "source/conflict",
        message: options.others.has(rel)
          ? "another source wrote a file of this name; left untouched"
          : "a file this source did not write has this name; left untouched",
      });
      continue;
    }
    locked.push(entry);
    if (file.manifest) touch(added, file.manifest);
  }

  // Pinned files no longer wanted: removed when unedited.
  const emptied = new Set<string>();
  for (const file of options.previous) {
    if (wantedPaths.has(file.path)) continue;
    if (options.keep?.(file)) {
      locked.push(file);
      continue;
    }
    const path = join(lockRoot, ...file.path.split("/"));
    const base = { path, tool: file.tool, kind: file.kind, name: file.name };
    const there = lookAt(path, looks);
    if (there.kind === "absent") continue;
    if (there.kind === "other" || sha256(there.bytes) !== file.sha256) {
      changes.push({
        ...base,
        action: "kept",
        code: "source/edited",
        message: "edited since roster wrote it; kept, and no longer the source's",
      });
      continue;
    }
    changes.push({ ...base, action: "remove" });
    removals.push({ op: "remove", root: lockRoot, path });
    const manifest = options.manifestOf(file);
    if (manifest) touch(dropped, manifest);
    // A skill's folders, from the file's up to the skill folder itself.
    if (file.kind === "skill" && manifest)
      for (let dir = dirname(path); isInside(manifest.dir, dir) && dir !== manifest.dir; dir = dirname(dir))
        emptied.add(dir);
  }

  // Skill folders emptied of their files go too (deepest first); a manifest entry stays while
  // a file of it is still wanted.
  const folders = [...emptied].sort((a, b) => b.length - a.length);
  for (const dir of folders) removals.push({ op: "rmdir", root: lockRoot, path: dir });
  const manifests: DiskChange[] = [];
  const ahead: DiskChange[] = [];
  for (const dir of new Set([...added.keys(), ...dropped.keys()])) {
    const { files: now, renamed } = manifestEntries(dir);
    const adds = added.get(dir) ?? new Set<string>();
    const drops = new Set([...(dropped.get(dir) ?? [])].filter((e) => !adds.has(e)));
    const union = [...new Set([...now, ...adds])];
    const after = union.filter((e) => !drops.has(e));
    const filePath = join(dir, SYNC_MANIFEST);
    if (!sameSet(union, now))
      ahead.push({
        op: "write",
        root: lockRoot,
        path: filePath,
        content: formatSyncManifest(union, renamed),
      });
    if (sameSet(after, union)) continue;
    if (after.length === 0) manifests.push({ op: "remove", root: lockRoot, path: filePath });
    else
      manifests.push({
        op: "write",
        root: lockRoot,
        path: filePath,
        content: formatSyncManifest(after, renamed),
      });
  }
  // The manifests list new files before they exist, and lose removed ones after.
  return { changes, disk: [...ahead, ...writes, ...removals, ...manifests], locked };
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x) => b.includes(x));
}

/** The `.roster-sync.json` entry of a pinned file, from its tool's placement (to forget it on removal). */
export function manifestEntryOf(
  file: LockedFile,
  families: readonly FamilyDefinition[],
  plan: PlanContext,
  lockRoot: string,
  commandDirs: ReadonlyMap<string, string>,
): { dir: string; entry: string } | undefined {
  const family = families.find((f) => f.id === file.tool);
  const path = join(lockRoot, ...file.path.split("/"));
  if (file.kind === "agent") {
    const writer = family?.writer;
    // A writer whose files carry the marker key has no manifest entry to forget.
    if (writer?.marker !== "manifest") return undefined;
    const dir = writer.agentsDir(plan.ctx, plan.scope);
    return isInside(dir, path) ? { dir, entry: posixRelative(dir, path) } : undefined;
  }
  if (file.kind === "skill") {
    const skillsDir = family?.skills?.writeDir?.(plan.ctx, plan.scope);
    if (!skillsDir || !isInside(skillsDir, path)) return undefined;
    return { dir: skillsDir, entry: posixRelative(skillsDir, path).split("/")[0]! };
  }
  const dir = commandDirs.get(file.tool);
  return dir && isInside(dir, path) ? { dir, entry: posixRelative(dir, path) } : undefined;
}
