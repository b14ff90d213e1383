import { basename, join, resolve } from "node:path";
import {
  type AgentSource,
  BoundedReadError,
  type Diagnostic,
  type DiscoveryContext,
  type FileRecord,
  type FileSystem,
  SYNC_MANIFEST,
  suggestNames,
} from "@roster/core";
import {
  describeFsError,
  errorCode,
  type FolderWalk,
  fileSystemOf,
  outsideRoot,
  type WalkedEntry,
  walkFolder,
} from "@roster/core/provider-kit";
import {
  type SkillPlace,
  type SkillRules,
  type SkillSource,
  skillToolsOf,
  type ToolReason,
} from "@roster/family";
import { kebabToCamel, parseBoolean, parseFrontmatter, writtenKeys } from "@roster/frontmatter";
import { listSkillFiles } from "./list-skill-files.js";
import type { SearchedSkillPlace, Skill, SkillDiscovery } from "./skill-types.js";

/** Options of {@link discoverSkills}. */
export interface DiscoverSkillsOptions {
  /** Every family's skill source, in the app's precedence order. */
  sources: readonly SkillSource[];
  /** Only this tool's places and rules (a source's `tool`). */
  as?: string;
  /** Most entries read in one skills folder (default 4,096). */
  maxEntries?: number;
  /** Most entries listed in one skill folder (default 256). */
  maxFiles?: number;
}

/** Thrown when `as` names no source's tool. */
export class SkillSourceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SkillSourceError";
  }
}

/** The most bytes of a `SKILL.md` read unless a tool says otherwise. */
export const MAX_SKILL_BYTES = 1024 * 1024;
/** The deepest folder a `nested` search enters below a skills folder. */
const MAX_SEARCH_DEPTH = 6;
/** Agent Skills format: lower-case letters, digits and single hyphens, at most 64 characters. */
const SPEC_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A place with the rules it is read under and the family it belongs to. */
interface PlannedPlace {
  place: SkillPlace;
  rules: SkillRules;
  provider: string;
  /** The viewing tool's name, for messages. */
  toolName: string;
  /** Why the viewing tool reads none of its project places here (`--as` only). */
  gate?: ToolReason;
}

/** A folder that may hold a skill, found in a place. */
interface Candidate {
  folder: string;
  /** `/`-separated, relative to the place (for ordering and messages). */
  relativePath: string;
}

/** A skill read from its folder, before the merge. */
type Read =
  | { kind: "skill"; skill: Skill; diagnostics: Diagnostic[]; unknownKeys: string[] }
  | { kind: "skipped"; reason: Diagnostic; diagnostics: Diagnostic[]; name?: string }
  | { kind: "not-a-skill"; diagnostics: Diagnostic[] };

function placesOf(source: SkillSource, ctx: DiscoveryContext, diagnostics: Diagnostic[]): SkillPlace[] {
  const result = source.places(ctx);
  if (Array.isArray(result)) return result;
  diagnostics.push(...result.diagnostics);
  return result.places;
}

/** The places to read, in order, each with its rules: one tool's view, or the merged one. */
function plan(
  ctx: DiscoveryContext,
  options: DiscoverSkillsOptions,
  diagnostics: Diagnostic[],
): PlannedPlace[] {
  const { sources, as } = options;
  const planned: PlannedPlace[] = [];
  if (as !== undefined) {
    const viewer = sources.find((s) => s.tool === as);
    if (!viewer) {
      const tools = skillToolsOf({ skillSources: sources });
      throw new SkillSourceError(`no skill source reads skills as "${as}" (known: ${tools.join(", ")})`);
    }
    const gate = viewer.projectGate?.(ctx);
    for (const place of placesOf(viewer, ctx, diagnostics))
      planned.push({
        place,
        rules: viewer.rules,
        provider: place.owner ?? viewer.id,
        toolName: viewer.displayName,
        ...(gate && place.scope === "project" ? { gate } : {}),
      });
    for (const id of viewer.borrows ?? []) {
      const lent = sources.find((s) => s.id === id);
      if (!lent) continue;
      for (const place of placesOf(lent, ctx, diagnostics))
        planned.push({
          place,
          rules: lent.rules,
          provider: place.owner ?? lent.id,
          toolName: viewer.displayName,
        });
    }
    return planned;
  }
  // The merged view: every source's places in order, each folder read once, under the
  // rules of the first family that names it.
  const seen = new Set<string>();
  for (const source of sources) {
    for (const place of placesOf(source, ctx, diagnostics)) {
      const key = `${resolve(place.dir)}\0${place.plugin?.id ?? ""}`;
      if (seen.has(key)) continue;
      seen.add(key);
      planned.push({
        place,
        rules: source.rules,
        provider: place.owner ?? source.id,
        toolName: source.displayName,
      });
    }
  }
  return planned;
}

function note(severity: Diagnostic["severity"], code: string, message: string, filePath: string): Diagnostic {
  return { severity, code, message, filePath };
}

/** The diagnostics of folders a walk could not list (a missing one is no news). */
function unlistedNotes(walk: FolderWalk, diagnostics: Diagnostic[]): void {
  for (const { path, error } of walk.unlisted) {
    const code = errorCode(error);
    if (code !== "ENOENT" && code !== "ENOTDIR")
      diagnostics.push(
        note("info", "load/unreadable-directory", `cannot list folder: ${describeFsError(error)}`, path),
      );
  }
}

/** The warning for entries past a bound, on the skills folder `dir`. */
function tooMany(dir: string, message: string): Diagnostic {
  return {
    ...note("warning", "skill/too-many-entries", message, dir),
    hint: "a skills folder holds one sub-folder per skill: move other files out",
  };
}

/** A skills folder's own entries (core's walker, one level), in name order, at most `max` of them (the rest reported). */
function listPlace(fs: FileSystem, dir: string, max: number, diagnostics: Diagnostic[]): WalkedEntry[] {
  const walk = walkFolder(fs, dir);
  unlistedNotes(walk, diagnostics);
  if (walk.entries.length <= max) return walk.entries;
  diagnostics.push(
    tooMany(
      dir,
      `only the first ${max} of ${walk.entries.length} entries were read (in name order); the rest were skipped`,
    ),
  );
  return walk.entries.slice(0, max);
}

/** A top-level entry of a skills folder as a candidate skill folder, or a skip. */
function entryFolder(
  fs: FileSystem,
  entry: WalkedEntry,
  planned: PlannedPlace & { contain: boolean },
  diagnostics: Diagnostic[],
): string | undefined {
  const { root } = planned.place;
  const { path, target } = entry;
  if (entry.kind === "folder") return path;
  if (entry.kind !== "link") return undefined;
  // Core's rule for where a link leads (the walker's); a folder outside `root` is reported below.
  if (target === "loop" || target === "broken") {
    const what = target === "loop" ? "a symlink loop" : "a dangling symlink";
    diagnostics.push({
      ...note("warning", "load/broken-symlink", `skipped: ${what}`, path),
      hint: "point the link at an existing skill folder, or remove it",
    });
  }
  if (target !== "folder") return undefined;
  const outside = root === undefined ? undefined : outsideRoot(fs, { path, root, item: "skill" });
  if (outside && !planned.contain) diagnostics.push(leavesProject(outside, planned.toolName));
  else if (outside) {
    diagnostics.push(outside);
    return undefined;
  }
  return path;
}

/** A tool's own view of a linked skill folder that leaves the project: the tool loads it (every tool follows the link). */
function leavesProject(outside: Diagnostic, toolName: string): Diagnostic {
  return {
    ...outside,
    code: "skill/leaves-project",
    message: `${toolName} loads this linked skill folder, though ${outside.message.replace(/^skill skipped: /, "")}; roster's own view skips it`,
    hint: "copy the skill into the project, or put it in your user folder",
  };
}

function hasSkillFile(fs: FileSystem, folder: string): boolean {
  try {
    fs.lstat(join(folder, "SKILL.md"));
    return true;
  } catch {
    return false;
  }
}

/** The candidate skill folders of a place, in code-unit order of relative path. */
function candidatesOf(
  fs: FileSystem,
  planned: PlannedPlace & { contain: boolean },
  max: number,
  diagnostics: Diagnostic[],
): Candidate[] {
  const { place, rules } = planned;
  if (place.single) return [{ folder: place.dir, relativePath: "." }];
  const root = rules.rootSkill !== undefined && hasSkillFile(fs, place.dir);
  // A SKILL.md at the root: a skill of its own, or (`folder`) the whole folder is that one skill.
  if (root && rules.rootSkill === "folder") return [{ folder: place.dir, relativePath: "." }];
  const found: Candidate[] = root ? [{ folder: place.dir, relativePath: "." }] : [];
  const dots = place.dotFolders ?? rules.dotFolders ?? rules.layout === "one-level";
  let budget = max;
  let bounded = false;
  // Below a top-level folder: core's walker, entering real folders only (a link never leads
  // back up), dot-folders as the rules say, no deeper than the search goes, and never into a
  // folder holding SKILL.md (it is a skill; what is inside is its own).
  const search = (folder: string, rel: string): void => {
    if (hasSkillFile(fs, folder)) {
      found.push({ folder, relativePath: rel });
      return;
    }
    const isSkill = new Map<string, boolean>();
    const skillAt = (path: string): boolean => {
      const known = isSkill.get(path) ?? hasSkillFile(fs, path);
      isSkill.set(path, known);
      return known;
    };
    const walk = walkFolder(fs, folder, {
      depth: MAX_SEARCH_DEPTH - 2,
      hidden: dots,
      max: budget,
      enter: (entry) => !skillAt(entry.path),
    });
    unlistedNotes(walk, diagnostics);
    budget -= walk.entries.length;
    if (walk.status === "truncated" && !bounded) {
      bounded = true;
      diagnostics.push(
        tooMany(
          place.dir,
          `the search below its skill folders read only the first ${max} entries (in name order); the rest were skipped`,
        ),
      );
    }
    for (const entry of walk.entries)
      if (entry.kind === "folder" && (dots || !basename(entry.path).startsWith(".")))
        if (skillAt(entry.path))
          found.push({ folder: entry.path, relativePath: `${rel}/${entry.relativePath}` });
  };
  for (const entry of listPlace(fs, place.dir, max, diagnostics)) {
    const name = entry.relativePath;
    if (!dots && name.startsWith(".")) continue;
    const folder = entryFolder(fs, entry, planned, diagnostics);
    if (folder === undefined) continue;
    if (rules.layout === "one-level") found.push({ folder, relativePath: name });
    else search(folder, name);
  }
  return found;
}

function firstLine(body: string): string {
  for (const line of body.split("\n")) {
    const text = line.replace(/^#+\s*/, "").trim();
    if (text !== "") return text.length > 250 ? `${text.slice(0, 247)}...` : text;
  }
  return "";
}

function toolList(value: unknown): string[] | undefined {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === "string");
  if (typeof value !== "string") return undefined;
  const items = value.split(/[\s,]+/).filter(Boolean);
  return items.length > 0 ? items : undefined;
}

function text(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
}

/** Reads one `SKILL.md` under one tool's rules: a skill, a skip with its one reason, or no skill at all. */
/**
 * `contain`: skip a `SKILL.md` whose real path leaves the place's root (the merged view; a
 * tool's own view keeps what the tool loads, and the tools follow such a link).
 */
function readSkill(
  fs: FileSystem,
  planned: PlannedPlace,
  candidate: Candidate,
  options: { maxFiles: number; contain: boolean },
): Read {
  const { maxFiles } = options;
  const { place, rules, provider, toolName } = planned;
  const filePath = join(candidate.folder, "SKILL.md");
  const skip = (code: string, message: string, diagnostics: Diagnostic[] = [], name?: string): Read => {
    const reason: Diagnostic = { severity: "warning", code, message, filePath };
    const read: Read = { kind: "skipped", reason, diagnostics: [...diagnostics, reason] };
    if (name !== undefined) read.name = name;
    return read;
  };
  const limit = rules.maxBytes ?? MAX_SKILL_BYTES;
  // A SKILL.md that links out of the project (or plugin) is not read: its text would become
  // the skill's description and prompt (SPEC §17).
  const outside =
    place.root === undefined || !options.contain
      ? undefined
      : outsideRoot(fs, { path: filePath, root: place.root, item: "file" });
  if (outside) return { kind: "skipped", reason: outside, diagnostics: [outside] };
  let content: string;
  try {
    const stats = fs.stat(filePath);
    if (!stats.isFile()) return skip("load/not-a-regular-file", "skipped: SKILL.md is not a regular file");
    if (stats.size > limit)
      return skip(
        "load/file-too-large",
        `skipped: ${stats.size} bytes is over ${toolName}'s ${limit}-byte limit`,
      );
    content = fs.readFile(filePath, limit, stats).toString("utf8");
  } catch (error) {
    if (error instanceof BoundedReadError) {
      return error.code === "too-large"
        ? skip("load/file-too-large", `skipped: over ${toolName}'s ${limit}-byte limit`)
        : skip("load/not-a-regular-file", `skipped: ${error.message}`);
    }
    if (errorCode(error) === "ENOENT") {
      return {
        kind: "not-a-skill",
        diagnostics: [
          note("info", "skill/no-skill-md", "a folder without SKILL.md: not a skill", candidate.folder),
        ],
      };
    }
    return skip("load/read-error", `cannot read file: ${describeFsError(error)}`);
  }
  const parsed = parseFrontmatter(content, { location: filePath, level: "warn" });
  const diagnostics: Diagnostic[] = parsed.diagnostics.map((d) => ({ ...d, filePath }));
  const hasFrontmatter = content.replace(/^\uFEFF/, "").startsWith("---");
  const yamlProblem = parsed.diagnostics.find(
    (d) => d.code.startsWith("frontmatter/") && d.severity !== "info",
  );
  // A key written twice is a YAML error; it is listed once.
  const keys = [...new Set(writtenKeys(content))];
  let fields: Record<string, unknown> = {};
  for (const key of keys) {
    const value = parsed.frontmatter[kebabToCamel(key)] ?? parsed.frontmatter[key];
    if (value !== undefined) fields[key] = value;
  }
  const folderName = basename(candidate.folder);
  if (yamlProblem) {
    // The name the tool would have used, so that `why` finds the file it skipped.
    const guess = rules.identity === "folder" ? folderName : (text(fields.name) ?? folderName);
    if (rules.badYaml === "skip")
      return skip(
        "skill/yaml-error",
        `skipped: ${toolName} cannot parse its frontmatter (${yamlProblem.message})`,
        diagnostics,
        guess,
      );
    if (rules.badYaml === "ignore") fields = {};
  }
  if (!hasFrontmatter && rules.requiresFrontmatter)
    return skip(
      "skill/no-frontmatter",
      `skipped: ${toolName} needs YAML frontmatter between --- lines`,
      diagnostics,
    );
  const refused = fields.name === undefined ? undefined : rules.checkName?.(fields.name);
  if (refused !== undefined)
    return skip("skill/bad-name", `skipped: ${toolName} refuses its "name": ${refused}`, diagnostics);
  const written = text(fields.name);
  let name: string | undefined;
  if (place.plugin) name = `${place.plugin.name}:${folderName.replace(/[^a-zA-Z0-9_-]/g, "-")}`;
  else if (rules.identity === "folder") name = folderName;
  else if (rules.identity === "name") name = written;
  else name = written ?? folderName;
  if (name === undefined)
    return skip("skill/missing-name", `skipped: ${toolName} needs a "name"`, diagnostics);
  if (rules.sanitizeName) name = rules.sanitizeName(name);
  const raw = fields.description;
  let description = rules.rawDescription && typeof raw === "string" && raw.trim() !== "" ? raw : text(raw);
  if (description !== undefined && rules.descriptionAsRead)
    description = rules.descriptionAsRead(description, content);
  // A tool that makes a description from the body does so only when the key is missing.
  if (
    description === undefined &&
    typeof rules.descriptionFromBody === "function" &&
    fields.description !== undefined
  )
    description = "";
  if (description === undefined) {
    if (rules.requiresDescription)
      return skip(
        "skill/missing-description",
        `skipped: ${toolName} needs a "description"`,
        diagnostics,
        name,
      );
    diagnostics.push({
      ...note(
        "warning",
        "skill/missing-description",
        rules.descriptionFromBody
          ? `no "description": ${toolName} uses the first line of the instructions, and the model sees only that to decide when to use it`
          : `no "description": the model has nothing to decide when to use it`,
        filePath,
      ),
      hint: "add a description saying what the skill does and when to use it",
    });
    description =
      typeof rules.descriptionFromBody === "function"
        ? rules.descriptionFromBody(parsed.body)
        : rules.descriptionFromBody
          ? firstLine(parsed.body)
          : "";
  }
  checkSpec({
    fields,
    written,
    folderName,
    rules,
    toolName,
    filePath,
    diagnostics,
    plugin: place.plugin !== undefined,
  });
  const known = new Set(rules.knownKeys);
  const unknownKeys = keys.filter((key) => !known.has(key));
  for (const key of unknownKeys) {
    const [suggestion] = suggestNames(key, rules.knownKeys, { limit: 1 });
    diagnostics.push({
      severity: "warning",
      code: "skill/unknown-key",
      message: `${toolName} does not read "${key}" in SKILL.md${suggestion ? `; did you mean "${suggestion}"?` : ""}`,
      filePath,
    });
  }
  const listing = listSkillFiles({ fs, dir: candidate.folder, maxEntries: maxFiles });
  if (listing.truncated)
    diagnostics.push(
      note(
        "info",
        "skill/files-truncated",
        `only the first ${maxFiles} entries of the skill folder are listed`,
        candidate.folder,
      ),
    );
  const userInvocable = rules.invocable && parseBoolean(fields["user-invocable"]) !== false;
  const skill: Skill = {
    name,
    description,
    dir: candidate.folder,
    filePath,
    scope: place.scope,
    provider,
    userInvocable,
    modelInvocable: parseBoolean(fields["disable-model-invocation"]) !== true,
    keys,
    fields: Object.freeze(fields),
    body: parsed.body,
    files: Object.freeze(listing.files),
  };
  if (place.plugin) skill.plugin = { ...place.plugin };
  // Claude Code shows `name:` as the skill's title; the folder stays the command.
  if (rules.identity === "folder" && !place.plugin && written !== undefined && written !== name)
    skill.displayName = written;
  const hint = fields["argument-hint"];
  if (typeof hint === "string" && hint.trim() !== "") skill.argumentHint = hint.trim();
  else if (Array.isArray(hint)) skill.argumentHint = `[${hint.join(", ")}]`;
  const tools = toolList(fields["allowed-tools"]);
  if (tools) skill.allowedTools = tools;
  const license = text(fields.license);
  if (license) skill.license = license;
  const compatibility = text(fields.compatibility);
  if (compatibility) skill.compatibility = compatibility;
  if (fields.metadata !== undefined) skill.metadata = fields.metadata;
  if (listing.truncated) skill.filesTruncated = true;
  return { kind: "skill", skill: Object.freeze(skill), diagnostics, unknownKeys };
}

/** The Agent Skills format's own checks (name form, name = folder, lengths), as warnings. */
function checkSpec(options: {
  fields: Record<string, unknown>;
  written: string | undefined;
  folderName: string;
  rules: SkillRules;
  toolName: string;
  filePath: string;
  diagnostics: Diagnostic[];
  plugin: boolean;
}): void {
  const { written, folderName, rules, toolName, filePath, diagnostics } = options;
  if (written === undefined) {
    if (rules.identity !== "name")
      diagnostics.push({
        ...note(
          "warning",
          "skill/missing-name",
          `no "name": ${toolName} names it after its folder, "${folderName}"`,
          filePath,
        ),
        hint: `the Agent Skills format requires "name"; add name: ${folderName}`,
      });
    return;
  }
  if (written !== folderName) {
    const effect =
      rules.identity === "folder" || options.plugin
        ? `${toolName} names it after its folder, "${folderName}", and shows "${written}" only as its title`
        : `${toolName} calls it "${written}"`;
    diagnostics.push({
      ...note(
        "warning",
        "skill/name-not-folder",
        `"name: ${written}" differs from its folder "${folderName}": ${effect}`,
        filePath,
      ),
      hint: "the Agent Skills format wants the folder named like the skill: rename one of them",
    });
  }
  if (written.length > 64 || !SPEC_NAME.test(written))
    diagnostics.push(
      note(
        "info",
        "skill/name-format",
        `"${written}" is not an Agent Skills name (lower-case letters, digits and single hyphens, at most 64 characters)`,
        filePath,
      ),
    );
  const description = options.fields.description;
  if (typeof description === "string" && description.length > 1024)
    diagnostics.push(
      note(
        "info",
        "skill/long-description",
        `the description has ${description.length} characters; the Agent Skills format allows 1024`,
        filePath,
      ),
    );
}

/** The skill folders roster copied into a skills folder (its `.roster-sync.json`), or none. */
export function skillCopiesIn(fs: FileSystem, dir: string): Set<string> {
  try {
    const data = JSON.parse(fs.readFile(join(dir, SYNC_MANIFEST), 256 * 1024).toString("utf8")) as {
      files?: unknown;
    };
    const files = Array.isArray(data?.files) ? data.files : [];
    return new Set(files.filter((f): f is string => typeof f === "string" && !f.includes("/") && f !== ".."));
  } catch {
    return new Set();
  }
}

function placeStatus(fs: FileSystem, place: SkillPlace): SearchedSkillPlace["status"] | Diagnostic {
  try {
    if (!fs.stat(place.dir).isDirectory()) return "not-a-directory";
  } catch (error) {
    const code = errorCode(error);
    return code === "EACCES" || code === "EPERM" ? "unreadable" : "missing";
  }
  if (place.root === undefined) return "read";
  return outsideRoot(fs, { path: place.dir, root: place.root, item: "folder" }) ?? "read";
}

/**
 * Finds every Agent Skill the sources know of (SPEC §18): each place's skill folders
 * (`<dir>/<name>/SKILL.md`, searched deeper for tools that do), each `SKILL.md` read
 * boundedly and interpreted under its tool's rules, the files beside it listed, and the
 * first skill of a name kept (a tool that keeps every copy keeps them all). With `as`,
 * only that tool's places and rules. Every `SKILL.md` gets a record; nothing throws on bad
 * files; skills are frozen.
 *
 * @example
 * const { skills } = discoverSkills(ctx, { sources: [claudeSkills, pluginSkills] });
 */
export function discoverSkills(ctx: DiscoveryContext, options: DiscoverSkillsOptions): SkillDiscovery {
  const fs = fileSystemOf(ctx);
  const maxEntries = options.maxEntries ?? 4096;
  const maxFiles = options.maxFiles ?? 256;
  const diagnostics: Diagnostic[] = [];
  const planned = plan(ctx, options, diagnostics);
  const searched: SearchedSkillPlace[] = [];
  const files: FileRecord[] = [];
  const skills: Skill[] = [];
  const shadowed: SkillDiscovery["shadowed"] = [];
  const winners = new Map<string, Skill>();
  /** Names the tool picks among at random (`duplicates: "ambiguous"`), with every copy's `SKILL.md`. */
  const picks = new Map<string, string[]>();
  for (const entry of planned) {
    const { place, rules, provider } = entry;
    const status =
      ctx.trustProject === false && place.scope === "project" ? "untrusted" : placeStatus(fs, place);
    if (status === "untrusted") continue;
    if (entry.gate) {
      // The tool's own gate (Gemini CLI's folder trust): it reads none of its project places.
      searched.push({ dir: place.dir, scope: place.scope, provider, status: "untrusted" });
      diagnostics.push({
        ...note(
          "info",
          "skill/untrusted",
          entry.gate.message.replace("project agents", "project skills"),
          place.dir,
        ),
      });
      continue;
    }
    if (typeof status !== "string") {
      diagnostics.push(status);
      searched.push({ dir: place.dir, scope: place.scope, provider, status: "outside-root" });
      continue;
    }
    searched.push({ dir: place.dir, scope: place.scope, provider, status });
    if (status !== "read") continue;
    const scope: AgentSource = place.scope === "project" ? "project" : "user";
    // A copy roster wrote (SPEC §16) never outranks its source in the merged view; the tool loads it.
    const copies = options.as === undefined ? skillCopiesIn(fs, place.dir) : new Set<string>();
    const contain = options.as === undefined;
    for (const candidate of candidatesOf(fs, { ...entry, contain }, maxEntries, diagnostics)) {
      if (copies.has(candidate.relativePath.split("/")[0] ?? "")) {
        const reason: Diagnostic = {
          severity: "info",
          code: "skill/roster-copy",
          message: "a copy roster wrote (export/sync --skills): its source is listed instead",
          filePath: join(candidate.folder, "SKILL.md"),
        };
        files.push(
          Object.freeze({
            path: join(candidate.folder, "SKILL.md"),
            provider,
            scope,
            kind: "skills" as const,
            outcome: "skipped" as const,
            reason,
            diagnostics: [reason],
          }),
        );
        continue;
      }
      const read = readSkill(fs, entry, candidate, { maxFiles, contain: options.as === undefined });
      diagnostics.push(...read.diagnostics);
      const base = {
        path: join(candidate.folder, "SKILL.md"),
        provider,
        scope,
        kind: "skills" as const,
        format: "skill-md",
      };
      if (read.kind === "not-a-skill") {
        files.push(
          Object.freeze({
            ...base,
            path: candidate.folder,
            outcome: "not-an-agent",
            diagnostics: read.diagnostics,
          }),
        );
        continue;
      }
      if (read.kind === "skipped") {
        const record: FileRecord = {
          ...base,
          outcome: "skipped",
          ...(read.name !== undefined ? { name: read.name } : {}),
          reason: read.reason,
          diagnostics: read.diagnostics,
        };
        files.push(Object.freeze(record));
        continue;
      }
      const { skill } = read;
      const extra = read.unknownKeys.length > 0 ? { unknownKeys: read.unknownKeys } : {};
      const ambiguous = rules.duplicates === "ambiguous" && options.as !== undefined;
      if (ambiguous && winners.has(skill.name)) {
        // The tool picks one of them at random each run: every copy is loaded, none wins.
        const paths = picks.get(skill.name) ?? [winners.get(skill.name)!.filePath];
        picks.set(skill.name, [...paths, skill.filePath]);
        files.push(
          Object.freeze({
            ...base,
            ...extra,
            outcome: "loaded",
            name: skill.name,
            diagnostics: read.diagnostics,
          }),
        );
        continue;
      }
      const winner = rules.duplicates !== "all" ? winners.get(skill.name) : undefined;
      if (winner) {
        shadowed.push(Object.freeze({ skill, shadowedBy: winner.filePath }));
        files.push(
          Object.freeze({
            ...base,
            ...extra,
            outcome: "shadowed",
            name: skill.name,
            shadowedBy: winner.filePath,
            diagnostics: read.diagnostics,
          }),
        );
        continue;
      }
      if (!winners.has(skill.name)) winners.set(skill.name, skill);
      skills.push(skill);
      files.push(
        Object.freeze({
          ...base,
          ...extra,
          outcome: "loaded",
          name: skill.name,
          diagnostics: read.diagnostics,
        }),
      );
    }
  }
  for (const [name, paths] of picks) {
    const at = skills.findIndex((s) => s.name === name);
    skills[at] = Object.freeze({ ...skills[at]!, ambiguous: Object.freeze(paths) });
    diagnostics.push({
      ...note(
        "warning",
        "skill/ambiguous",
        `${planned.find((p) => p.rules.duplicates === "ambiguous")?.toolName ?? "the tool"} loads one of the ${paths.length} skills named "${name}", a different one from run to run: ${paths.join(", ")}`,
        paths[0]!,
      ),
      hint: "give each skill its own name",
    });
  }
  const result: SkillDiscovery = { skills, shadowed, diagnostics, searched, files };
  if (options.as !== undefined) result.as = options.as;
  return result;
}
