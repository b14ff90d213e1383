import { basename, join } from "node:path";
import {
  BoundedReadError,
  type DiscoveryContext,
  type FileSystem,
  type Location,
  type ProviderRegistry,
  readListedFile,
} from "@roster/core";
import {
  compareCodeUnits,
  errorCode,
  fileSystemOf,
  nodeFileSystem,
  walkFolder,
} from "@roster/core/provider-kit";
import type {
  ProfileParse,
  ProfilePlace,
  ProjectGate,
  ToolProfile,
  ToolReason,
  ToolViewCode,
} from "@roster/family";
import { kebabToCamel, parseFrontmatter, writtenKeys } from "@roster/frontmatter";
import type { ToolView, ToolViewAgent, ToolViewFile, ToolViewPlace } from "./tool-view.js";

/** Files larger than this are not read by a tool view either (`tool/unreadable`). */
export const MAX_VIEW_BYTES = 1024 * 1024;
/** Sub-folders deeper than this are not walked (a guard against hostile trees). */
const MAX_DEPTH = 8;

/** Options of {@link viewAsTool}. */
export interface ViewAsToolOptions {
  /** Resolves the profile's borrowed places through other providers. */
  registry?: ProviderRegistry;
  /**
   * Keep only what is about these ids or files (`why NAME`): every file is still read and
   * takes its part in the tool's order, but `files` and `agents` hold only the files whose id
   * or path is named here (and the built-ins of these ids), so a view of 10,000 files keeps a
   * handful.
   */
  focus?: { ids: ReadonlySet<string>; files?: ReadonlySet<string> };
  /** `false`: loaded files and agents carry no `prompt` (doctor's views never print one). */
  prompts?: boolean;
}

/**
 * The text after the frontmatter's closing fence, byte for byte (HTML comments kept); the
 * whole text when it has no frontmatter.
 *
 * @example bodyAfterFence("---\nname: a\n---\nHi <!-- note -->\n") // "Hi <!-- note -->\n"
 */
export function bodyAfterFence(content: string): string {
  const open = /^\uFEFF?---[ \t]*\r?\n/.exec(content);
  if (!open) return content;
  const rest = content.slice(open[0].length);
  const close = /(?:^|\n)---[ \t]*(?:\r?\n|$)/.exec(rest);
  return close ? rest.slice(close.index + close[0].length) : "";
}

/**
 * While {@link withSharedParses} runs: the last text {@link parseMarkdownForTool} parsed and its
 * answer, so several tools' parsers that read the same text the same way parse it once.
 */
let sharedParse: { content: string; filePath: string; parsed: ProfileParse } | undefined;
let sharing = false;

/**
 * Runs `check` with {@link parseMarkdownForTool} answering a text it has just parsed (same
 * text, same path) with the same answer, unparsed: the views sharing one read check one text
 * for several tools whose parsers call it (Claude Code's, Gemini CLI's, opencode's and the
 * default all do). The answer is one object for all of them: a check never changes it.
 */
export function withSharedParses<T>(check: () => T): T {
  sharing = true;
  try {
    return check();
  } finally {
    sharing = false;
    sharedParse = undefined;
  }
}

/** The default parser: markdown with YAML frontmatter, refusing what a strict YAML reader refuses. */
export function parseMarkdownForTool(content: string, filePath: string): ProfileParse {
  if (sharing && sharedParse?.content === content && sharedParse.filePath === filePath)
    return sharedParse.parsed;
  const answer = parseMarkdownFresh(content, filePath);
  if (sharing) sharedParse = { content, filePath, parsed: answer };
  return answer;
}

function parseMarkdownFresh(content: string, filePath: string): ProfileParse {
  const parsed = parseFrontmatter(content, { location: filePath, level: "warn" });
  const broken = parsed.diagnostics.find((d) => d.code.startsWith("frontmatter/"));
  if (broken) {
    const line = broken.line ? ` (line ${broken.line})` : "";
    return { ok: false, code: "tool/yaml-error", message: `its frontmatter is not valid YAML${line}` };
  }
  const keys = writtenKeys(content);
  if (keys.length === 0 && Object.keys(parsed.frontmatter).length === 0) {
    return { ok: false, code: "tool/no-frontmatter", message: "it has no frontmatter" };
  }
  return { ok: true, keys, fields: { ...parsed.frontmatter, body: bodyAfterFence(content) } };
}

/** A plain mapping: what a YAML merge key (`<<`) can merge. */
function isMapping(value: unknown): value is Record<string, unknown> {
  return (
    value !== null && typeof value === "object" && !Array.isArray(value) && !(value instanceof Uint8Array)
  );
}

/**
 * A parse with YAML's merge key applied at the top, as the YAML readers of Claude Code and
 * Gemini CLI apply it (seen in both real tools: integration/test/hosts): `<<` with a mapping,
 * or a list of mappings (the first first), adds the keys not written beside it, after them. A
 * `<<` with anything else stays a key of its own.
 *
 * @example withMergeKeys(parse("<<: {name: a}\ndescription: d")).fields.name // "a"
 */
export function withMergeKeys(parsed: ProfileParse): ProfileParse {
  if (!parsed.ok || !Object.hasOwn(parsed.fields, "<<")) return parsed;
  const merge = parsed.fields["<<"];
  const sources = isMapping(merge)
    ? [merge]
    : Array.isArray(merge) && merge.length > 0 && merge.every(isMapping)
      ? merge
      : undefined;
  if (sources === undefined) return parsed;
  const { "<<": _, ...fields } = parsed.fields;
  const keys = parsed.keys.filter((key) => key !== "<<");
  for (const source of sources) {
    for (const [key, value] of Object.entries(source)) {
      if (Object.hasOwn(fields, key)) continue;
      fields[key] = value;
      keys.push(key);
    }
  }
  return { ok: true, keys, fields };
}

function field(fields: Record<string, unknown>, key: string): unknown {
  return fields[key] ?? fields[kebabToCamel(key)];
}

/** The longest of `endings` that `name` ends with (the first of equal length). */
function endingOf(name: string, endings: readonly string[]): string | undefined {
  let longest: string | undefined;
  for (const ending of endings)
    if (name.endsWith(ending) && (longest === undefined || ending.length > longest.length)) longest = ending;
  return longest;
}

/** The result of {@link checkFileAs}. */
export type FileCheck =
  | {
      ok: true;
      id: string;
      /** The written name, where the tool reads `name` as one (Copilot's is a display name). */
      name?: string;
      description: string;
      /** Whether the file sets a description (a deep merge takes a missing one from the next file). */
      hasDescription: boolean;
      prompt: string;
      ignoredKeys: string[];
      /** The other agents of a file that declares several ({@link ProfileParse} `list`), in order. */
      more?: FileCheck[];
      /** What the tool does with its values that roster's own view does otherwise ({@link ToolProfile.notesOf}). */
      notes?: ToolReason[];
    }
  | {
      ok: false;
      reason: ToolReason;
      /** The identity it would have had, when known. */
      id?: string;
      /** The tool refuses its whole configuration because of this file. */
      refusesAll?: boolean;
    };

/**
 * Checks one file's text against a tool's rules for content (parse, required keys,
 * strictness, name rules, field checks) — not its place. `relativePath` gives the
 * identity of path- and stem-named tools. `content` may be already parsed (a config file's
 * entry, {@link ProfilePlace.entries}).
 *
 * @example checkFileAs(geminiProfile, text, "/p/.gemini/agents/a.md", "a.md")
 */
export function checkFileAs(
  profile: ToolProfile,
  content: string | ProfileParse,
  filePath: string,
  relativePath: string,
  plugin?: { name: string },
): FileCheck {
  const parsed =
    typeof content === "string" ? (profile.parse ?? parseMarkdownForTool)(content, filePath) : content;
  return checkParsed(profile, parsed, content, relativePath, plugin);
}

/**
 * {@link checkFileAs} of one text for each of `profiles`, in their order: a parser several of
 * them share reads the text once ({@link withSharedParses}).
 *
 * @example checkFileAsEach([claudeProfile, geminiProfile], text, path, "a.md").map((c) => c.ok)
 */
export function checkFileAsEach(
  profiles: readonly ToolProfile[],
  content: string,
  filePath: string,
  relativePath: string,
): FileCheck[] {
  return withSharedParses(() =>
    profiles.map((profile) => checkFileAs(profile, content, filePath, relativePath)),
  );
}

/** A file's path without the tool's ending, and its stem as the tool names it (sub-folders joined by `folderSeparator`). */
function pathNames(profile: ToolProfile, relativePath: string): { withoutEnding: string; stemId: string } {
  const ending = endingOf(basename(relativePath), profile.extensions) ?? "";
  const withoutEnding = relativePath.slice(0, relativePath.length - ending.length);
  const stemId =
    profile.folderSeparator === undefined
      ? basename(withoutEnding)
      : withoutEnding.split("/").join(profile.folderSeparator);
  return { withoutEnding, stemId };
}

/** A plugin agent's id: namespaced by plugin and sub-folders, `plugin:sub:name`. */
function namespaced(plugin: { name: string }, relativePath: string, id: string): string {
  return [plugin.name, ...relativePath.split("/").slice(0, -1), id].join(":");
}

/**
 * The ids a tool that names agents by their path (`stem`, `path` identity) can give the file
 * at `relativePath`, without reading it: its path id, and in a plugin its namespaced id (a
 * file it rejects keeps the first). Undefined for a tool that names agents by what they say.
 */
export function idsByPath(
  profile: ToolProfile,
  relativePath: string,
  plugin?: { name: string },
): string[] | undefined {
  if (profile.identity !== "stem" && profile.identity !== "path") return undefined;
  const { withoutEnding, stemId } = pathNames(profile, relativePath);
  const id = profile.identity === "stem" ? stemId : withoutEnding;
  return plugin ? [id, namespaced(plugin, relativePath, id)] : [id];
}

/**
 * {@link checkFileAs} of a text already parsed with the profile's parser (`content` gives the
 * body a parser left out). `prompt: false`: the answer's `prompt` is "" (a view that keeps
 * none does not shape it).
 */
export function checkParsed(
  profile: ToolProfile,
  parsed: ProfileParse,
  content: string | ProfileParse,
  relativePath: string,
  plugin?: { name: string },
  options: { prompt?: boolean } = {},
): FileCheck {
  const tool = profile.displayName;
  const { withoutEnding, stemId } = pathNames(profile, relativePath);
  const pathId =
    profile.identity === "stem" ? stemId : profile.identity === "name" ? undefined : withoutEnding;
  let candidate = pathId;
  const reject = (code: ToolViewCode, message: string, field?: string): FileCheck => {
    const reason: ToolReason = { code, message: `${tool} ${message}` };
    if (field !== undefined) reason.field = field;
    const result: FileCheck = { ok: false, reason };
    if (candidate !== undefined) result.id = candidate;
    return result;
  };
  if (!parsed.ok) return reject(parsed.code, `skips it: ${parsed.message}`);
  if (parsed.list) return checkList(profile, parsed.list, relativePath, plugin, options);
  const { fields, keys } = parsed;
  const written = field(fields, "name");
  if (
    typeof written === "string" &&
    written.trim() !== "" &&
    profile.identity !== "path" &&
    profile.identity !== "stem"
  ) {
    candidate = written;
  }
  if (profile.unknownKeys === "reject") {
    const knownKeys = profile.knownKeysFor?.(fields) ?? profile.knownKeys;
    const unknown = keys.filter((key) => !knownKeys.includes(key));
    if (unknown.length > 0) {
      const list = unknown.map((k) => `\`${k}\``).join(", ");
      // A long list (Codex's config keys) would bury the reason: its count stands in for it.
      const known =
        knownKeys.length > 16
          ? `not one of the ${knownKeys.length} keys it knows`
          : `it accepts only ${knownKeys.join(", ")}`;
      return reject(
        "tool/unknown-key",
        `rejects it because of key${unknown.length > 1 ? "s" : ""} ${list} (${known})`,
        unknown[0],
      );
    }
  }
  const required = plugin ? (profile.pluginRequiredKeys ?? profile.requiredKeys) : profile.requiredKeys;
  for (const key of required) {
    const value = field(fields, key);
    if (typeof value !== "string" || (profile.requiredMayBeSpaces ? value : value.trim()) === "") {
      return reject(
        "tool/missing-key",
        `skips it: \`${key}\` is ${value === undefined ? "missing" : "empty or not text"}`,
        key,
      );
    }
  }
  let id: string;
  if (profile.identity === "name") {
    const name = field(fields, "name");
    id = typeof name === "string" && name !== "" ? name : basename(withoutEnding);
  } else if (profile.identity === "path") id = withoutEnding;
  else if (profile.identity === "name-or-path") {
    const name = field(fields, "name");
    // opencode keys its agents by the written name, a number or boolean included (`name: 5`
    // is "5", `name: true` is "true").
    id =
      typeof name === "string" && name.trim() !== ""
        ? name
        : typeof name === "number" || typeof name === "boolean"
          ? String(name)
          : withoutEnding;
  } else id = stemId;
  const odd = profile.nameProblem?.(id);
  if (odd) return reject("tool/bad-name", `skips it: name ${JSON.stringify(id)} ${odd}`, "name");
  const problem = profile.checkFields?.(fields);
  if (problem) {
    const result = reject(
      problem.code,
      problem.message.startsWith(tool) ? problem.message.slice(tool.length + 1) : problem.message,
      problem.field,
    );
    if (problem.refusesAll && profile.mayRefuseAll && !result.ok) result.refusesAll = true;
    return result;
  }
  if (plugin) id = namespaced(plugin, relativePath, id);
  const ignoredKeys = plugin ? keys.filter((k) => profile.pluginIgnoredKeys?.includes(k)) : [];
  const description = field(fields, "description");
  const body =
    options.prompt === false
      ? ""
      : typeof fields.body === "string"
        ? fields.body
        : typeof content === "string"
          ? bodyAfterFence(content)
          : "";
  const hasDescription = typeof description === "string";
  const text = hasDescription ? description : "";
  const prompt = options.prompt === false ? "" : profile.promptOf ? profile.promptOf(body) : body.trim();
  // The written name, where the tool reads `name` as one (Copilot's is a display name).
  // Written out, not spread: one shape per kind for thousands of checks.
  const checked: FileCheck & { ok: true } =
    typeof written === "string" &&
    written.trim() !== "" &&
    profile.identity !== "stem" &&
    profile.identity !== "path"
      ? { ok: true, id, name: written, description: text, hasDescription, prompt, ignoredKeys }
      : { ok: true, id, description: text, hasDescription, prompt, ignoredKeys };
  const notes = profile.notesOf?.(fields);
  if (notes !== undefined && notes.length > 0) checked.notes = notes;
  return checked;
}

/**
 * The agents of a file that declares several, each checked as a file of its own: all of them
 * (the first with the others as `more`), or the first refusal, which refuses the whole file
 * (Gemini CLI's list frontmatter: one entry its schema refuses and the file loads nothing).
 */
function checkList(
  profile: ToolProfile,
  list: readonly { keys: string[]; fields: Record<string, unknown> }[],
  relativePath: string,
  plugin: { name: string } | undefined,
  options: { prompt?: boolean },
): FileCheck {
  const tool = profile.displayName;
  const checks = list.map(({ keys, fields }) =>
    checkParsed(profile, { ok: true, keys, fields }, "", relativePath, plugin, options),
  );
  const [first, ...more] = checks;
  if (first === undefined)
    return {
      ok: false,
      reason: {
        code: "tool/missing-key",
        message: `${tool} loads nothing from it: its frontmatter is an empty list`,
      },
    };
  const refused = checks.findIndex((check) => !check.ok);
  const bad = checks[refused];
  if (bad !== undefined && !bad.ok) {
    const why = bad.reason.message.startsWith(tool)
      ? bad.reason.message.slice(tool.length + 1)
      : bad.reason.message;
    const reason: ToolReason = {
      code: bad.reason.code,
      message: `${tool} loads none of the ${checks.length} agents its frontmatter lists: entry ${refused + 1}${bad.id !== undefined ? ` (${JSON.stringify(bad.id)})` : ""}: ${tool} ${why}`,
    };
    if (bad.reason.field !== undefined) reason.field = bad.reason.field;
    return bad.id === undefined ? { ok: false, reason } : { ok: false, reason, id: bad.id };
  }
  return more.length > 0 && first.ok ? { ...first, more } : first;
}

/** A file a view found in a place, before it is read. */
export interface FoundFile {
  filePath: string;
  relativePath: string;
  symlink: boolean;
  depth: number;
  /** A config file's entry: already parsed, nothing to read. */
  fields?: Record<string, unknown>;
  /** Set by {@link planView}: why the tool passes it over unread ({@link passedOver}). */
  passed?: ToolReason | null;
}

function isFolder(fs: FileSystem, path: string): boolean {
  try {
    return fs.stat(path).isDirectory();
  } catch {
    return false;
  }
}

function placeStatus(fs: FileSystem, dir: string, isFile: boolean): ToolViewPlace["status"] {
  try {
    if (isFile) return fs.stat(dir).isFile() ? "read" : "missing";
    return fs.stat(dir).isDirectory() ? "read" : "not-a-directory";
  } catch (error) {
    const code = errorCode(error);
    return code === "EACCES" || code === "EPERM" ? "unreadable" : "missing";
  }
}

async function borrowedPlaces(
  profile: ToolProfile,
  ctx: DiscoveryContext,
  registry: ProviderRegistry | undefined,
): Promise<ProfilePlace[]> {
  const places: ProfilePlace[] = [];
  for (const borrow of profile.borrows ?? []) {
    const provider = registry?.get(borrow.provider);
    if (!provider?.locate) continue;
    let located: Location[];
    try {
      const result = await provider.locate(ctx, "agents");
      located = Array.isArray(result) ? result : result.locations;
    } catch {
      continue;
    }
    for (const location of located) {
      if (borrow.only && location.scope !== borrow.only) continue;
      const place: ProfilePlace = { dir: location.dir, scope: borrow.scope ?? location.scope };
      if (location.plugin) place.plugin = location.plugin;
      if (location.recursive !== undefined) place.recursive = location.recursive;
      if (location.only) place.only = location.only;
      places.push(place);
    }
  }
  return places;
}

/** A place a view lists, with its files in the order the tool reads them. */
export interface WalkedPlace {
  place: ProfilePlace;
  /** A project place the tool (or roster) does not trust here. */
  untrusted: boolean;
  files: FoundFile[];
}

/** A view before any file is read: its places as searched and the files it found (see {@link planView}). */
export interface ViewPlan {
  profile: ToolProfile;
  ctx: DiscoveryContext;
  places: ToolViewPlace[];
  walked: WalkedPlace[];
  gate: ProjectGate | undefined;
}

/**
 * Step 1 of a view: the profile's places (borrowed ones through the registry), each one's
 * status, and the files of those it lists, in the tool's order. Nothing is read yet.
 */
export async function planView(
  profile: ToolProfile,
  ctx: DiscoveryContext,
  registry?: ProviderRegistry,
): Promise<ViewPlan> {
  const fs = fileSystemOf(ctx);
  const all = [...profile.places(ctx), ...(await borrowedPlaces(profile, ctx, registry))];
  const places: ToolViewPlace[] = [];
  const walked: WalkedPlace[] = [];
  const gate = profile.projectGate?.(ctx);
  for (const place of all) {
    let status = placeStatus(fs, place.dir, place.entries !== undefined);
    const untrusted = place.scope === "project" && (ctx.trustProject === false || gate?.folder !== undefined);
    // roster's own trust reads nothing of the project; the tool's own gate is shown file by file.
    const listed = status === "read" && !(untrusted && ctx.trustProject === false);
    if (untrusted && status === "read") status = "untrusted";
    places.push({ ...place, status });
    if (!listed) continue;
    const found: FoundFile[] = [];
    if (place.entries) {
      for (const entry of place.entries) found.push({ ...entry, symlink: false, depth: 0 });
    } else if (place.only) {
      for (const rel of place.only) {
        let symlink = false;
        try {
          symlink = fs.lstat(join(place.dir, rel)).isSymbolicLink();
        } catch {
          continue;
        }
        found.push({ filePath: join(place.dir, rel), relativePath: rel, symlink, depth: 0 });
      }
    } else {
      // Folders starting with "." and symlinked folders are entered only by tools that do.
      const hidden = profile.entersHiddenFolders === true;
      const walk = walkFolder(fs, place.dir, { depth: MAX_DEPTH, hidden, links: hidden ? "follow" : "list" });
      for (const { kind, target, path, relativePath, depth } of walk.entries) {
        if (kind !== "file" && kind !== "link") continue;
        // A linked folder it enters (or one leading back up) is no file of its own.
        if (hidden && (target === "folder" || (target === "loop" && isFolder(fs, path)))) continue;
        found.push({ filePath: path, relativePath, symlink: kind === "link", depth });
      }
    }
    // Files are read in code-unit order of their relative path (`b.md` < `b/c.md`); a
    // config file's entries keep its order.
    if (!place.entries) found.sort((a, b) => compareCodeUnits(a.relativePath, b.relativePath));
    const here: WalkedPlace = { place, untrusted, files: found };
    for (const file of found) {
      const passed = passedOver(profile, here, file);
      if (passed !== undefined) file.passed = passed;
    }
    walked.push(here);
  }
  return { profile, ctx, places, walked, gate };
}

/**
 * Step 2, before reading: why the tool passes a file over unread (a reason, or `null` when it
 * says nothing about it: a file of an ending it ignores), or `undefined`: the tool reads it.
 */
export function passedOver(
  profile: ToolProfile,
  walked: WalkedPlace,
  file: FoundFile,
): ToolReason | null | undefined {
  const tool = profile.displayName;
  const name = basename(file.relativePath);
  const recursive = walked.place.recursive ?? profile.recursive;
  const ignored = (code: ToolViewCode, message: string): ToolReason => ({
    code,
    message: `${tool} ${message}`,
  });
  const ending = file.fields ? "" : endingOf(name, profile.extensions);
  if (ending === undefined) {
    const misplaced = endingOf(name, profile.misplacedExtensions ?? []);
    if (misplaced && (recursive || file.depth === 0)) {
      return ignored(
        "tool/wrong-extension",
        `reads only ${profile.extensions.map((e) => `*${e}`).join(", ")} files here, not *${misplaced}`,
      );
    }
    return null;
  }
  if (!recursive && file.depth > 0)
    return ignored("tool/not-recursive", `does not read sub-folders of ${walked.place.dir}`);
  const prefix = profile.skipPrefixes?.find((p) => name.startsWith(p));
  if (prefix !== undefined)
    return ignored("tool/skipped-prefix", `skips files whose name starts with "${prefix}"`);
  if (file.symlink && !profile.followsSymlinks)
    return ignored("tool/symlink", "reads only regular files, not symlinks");
  return undefined;
}

/** What reading and checking one file gave: the tool's check and its gate's answer, or why it could not read it. */
export type CheckedFile =
  | {
      check: FileCheck;
      refused?: ToolReason | undefined;
      /** The other agents of a file that declares several (`check.more`), each with its gate's answer. */
      more?: { check: FileCheck; refused?: ToolReason | undefined }[];
    }
  | { unreadable: string }
  /** Passed unchecked by a view about one name (`prepareToolViews`' `about`): it cannot hold it. */
  | { sifted: true };

/**
 * Step 3: one file's check from its content (its text, or a config entry's fields):
 * {@link checkParsed}, then the tool's gate for a trusted project file it would load.
 * `parsed`: the content as the profile's parser reads it, when already known; `prompt:
 * false`: for a view that keeps no prompt (none is shaped).
 */
export function checkFound(
  plan: ViewPlan,
  walked: WalkedPlace,
  file: FoundFile,
  content: string | ProfileParse,
  options: { parsed?: ProfileParse; prompt?: boolean } = {},
): CheckedFile {
  const { profile, gate } = plan;
  const parsed =
    options.parsed ??
    (typeof content === "string" ? (profile.parse ?? parseMarkdownForTool)(content, file.filePath) : content);
  const check = checkParsed(profile, parsed, content, file.relativePath, walked.place.plugin, {
    prompt: options.prompt !== false,
  });
  if (!check.ok) return { check };
  // A config file's entry has no text of its own to acknowledge (only opencode has entries).
  const gated = (id: string) =>
    walked.place.scope === "project" && !walked.untrusted && typeof content === "string"
      ? gate?.file?.({ ...file, id, content })
      : undefined;
  const refused = gated(check.id);
  if (check.more === undefined) return { check, refused };
  // Each agent of a list is acknowledged by its own name (and the file's text).
  const more = check.more.map((one) => ({ check: one, refused: one.ok ? gated(one.id) : undefined }));
  return { check, refused, more };
}

/** Reads a file as a tool view does: at most {@link MAX_VIEW_BYTES}, decoded as UTF-8; or why it cannot. */
export function readForView(
  ctx: DiscoveryContext,
  filePath: string,
): { text: string } | { unreadable: string } {
  const read = readBytesForView(ctx, filePath);
  return "bytes" in read ? { text: read.bytes.toString("utf8") } : read;
}

/**
 * {@link readForView}'s bytes, not yet decoded: opened at once and checked on the descriptor
 * (core's `readListedFile`, one `stat` fewer) where the file system has that read, else
 * `stat`-ed, then read.
 */
export function readBytesForView(
  ctx: DiscoveryContext,
  filePath: string,
): { bytes: Buffer } | { unreadable: string } {
  const fs = fileSystemOf(ctx);
  const readListed = fs === nodeFileSystem ? readListedFile : fs.readListed;
  try {
    if (readListed) return { bytes: readListed(filePath, MAX_VIEW_BYTES).bytes };
    const stats = fs.stat(filePath);
    if (stats.size > MAX_VIEW_BYTES) throw new Error("over 1 MiB");
    return { bytes: fs.readFile(filePath, MAX_VIEW_BYTES, stats) };
  } catch (error) {
    if (error instanceof BoundedReadError && error.code === "too-large") return { unreadable: "over 1 MiB" };
    return { unreadable: error instanceof Error ? error.message : String(error) };
  }
}

/** Step 3 as a tool view does it alone: reads the file (bounded) and checks it. */
export function readAndCheck(plan: ViewPlan, walked: WalkedPlace, file: FoundFile): CheckedFile {
  if (file.fields)
    return checkFound(plan, walked, file, { ok: true, keys: Object.keys(file.fields), fields: file.fields });
  const read = readForView(plan.ctx, file.filePath);
  return "unreadable" in read ? read : checkFound(plan, walked, file, read.text);
}

/** The fields every file of a view has. */
function baseOf(file: FoundFile, place: ProfilePlace) {
  return { filePath: file.filePath, relativePath: file.relativePath, scope: place.scope };
}

/**
 * Step 4: the files in the tool's order, each with its outcome — built-ins, trust, the tool's
 * precedence — from `checked`, which reads and checks one file ({@link readAndCheck}, or a
 * check made from a read shared with a discovery).
 */
export function judgeView(
  plan: ViewPlan,
  options: Pick<ViewAsToolOptions, "focus" | "prompts">,
  checked: (walked: WalkedPlace, file: FoundFile) => CheckedFile,
): ToolView {
  const { profile, ctx, gate } = plan;
  const tool = profile.displayName;
  const files: ToolViewFile[] = [];
  const winners = new Map<string, ToolViewFile>();
  const winnerPlaces = new Map<string, ProfilePlace>();
  const merged = new Map<string, string[]>();
  const described = new Set<string>();
  let refusedBy: ToolView["refusedBy"];
  const { focus } = options;
  const kept = (filePath: string, id: string | undefined) =>
    !focus || focus.files?.has(filePath) === true || (id !== undefined && focus.ids.has(id));

  for (const walked of plan.walked) {
    const { place, untrusted } = walked;
    for (const file of walked.files) {
      const { passed } = file;
      if (passed !== undefined) {
        if (passed !== null && kept(file.filePath, undefined))
          files.push({
            filePath: file.filePath,
            relativePath: file.relativePath,
            scope: place.scope,
            outcome: "ignored",
            reason: passed,
          });
        continue;
      }
      const read = checked(walked, file);
      // Its bytes cannot hold the one id asked about, and its tool refuses nothing whole: no part here.
      if ("sifted" in read) continue;
      if ("unreadable" in read) {
        if (!kept(file.filePath, undefined)) continue;
        files.push({
          ...baseOf(file, place),
          outcome: "rejected",
          reason: { code: "tool/unreadable", message: `${tool} cannot read it: ${read.unreadable}` },
        });
        continue;
      }
      const { check } = read;
      if (!check.ok) {
        // A config file's entry: the tool names the file.
        if (check.refusesAll && !refusedBy)
          refusedBy = { filePath: place.entries ? place.dir : file.filePath, reason: check.reason };
        if (!kept(file.filePath, check.id)) continue;
        files.push({
          ...baseOf(file, place),
          outcome: "rejected",
          reason: check.reason,
          ...(check.id !== undefined ? { id: check.id } : {}),
        });
        continue;
      }
      // A file that declares several agents gives each its own record.
      for (const { check: one, refused } of [read, ...(read.more ?? [])]) {
        if (!one.ok) continue;
        const whole = kept(file.filePath, one.id);
        // A file a focused view drops only takes its part in the order: no record unless it
        // wins its id (later files name it), no reason to write.
        const shadowing = winners.get(one.id);
        if (
          !whole &&
          (untrusted ||
            (!profile.filesOverrideBuiltins && profile.builtins.includes(one.id)) ||
            refused ||
            (shadowing !== undefined && profile.sameId !== "deep-merge"))
        )
          continue;
        // Written out, not spread: one shape for thousands of records, made the cheap way.
        const { filePath, relativePath } = file;
        const { scope } = place;
        const record: ToolViewFile =
          one.name === undefined
            ? { filePath, relativePath, scope, outcome: "loaded", id: one.id, description: one.description }
            : {
                filePath,
                relativePath,
                scope,
                outcome: "loaded",
                id: one.id,
                name: one.name,
                description: one.description,
              };
        if (whole && options.prompts !== false) record.prompt = one.prompt;
        if (one.ignoredKeys.length > 0) record.ignoredKeys = one.ignoredKeys;
        if (one.notes) record.notes = one.notes;
        if (untrusted) {
          record.outcome = "ignored";
          record.reason =
            ctx.trustProject !== false && gate?.folder
              ? gate.folder
              : {
                  code: "tool/untrusted",
                  message: profile.projectNeedsTrust
                    ? `${tool} reads project agents only in a trusted folder`
                    : `${tool} would read it; roster skips project folders here (--no-project)`,
                };
        } else if (!profile.filesOverrideBuiltins && profile.builtins.includes(one.id)) {
          record.outcome = "shadowed";
          record.shadowedBy = `builtin:${one.id}`;
          record.reason = {
            code: "tool/builtin-wins",
            message: `${tool} keeps its built-in "${one.id}": a file cannot override a built-in`,
          };
        } else if (refused) {
          record.outcome = "ignored";
          record.reason = refused;
        } else {
          const winner = winners.get(one.id);
          const winnerPlace = winner ? winnerPlaces.get(one.id) : undefined;
          const unsettled =
            winnerPlace !== undefined &&
            winnerPlace !== place &&
            place.unordered !== undefined &&
            winnerPlace.unordered === place.unordered;
          if (winner && unsettled) {
            // Two places the tool keeps no order between: roster cannot say which it takes.
            record.outcome = "shadowed";
            record.shadowedBy = winner.filePath;
            record.reason = {
              code: "tool/unsettled-order",
              message: `${tool} reads "${one.id}" from both ${winnerPlace!.dir} and ${place.dir}; which one wins depends on the file system's listing order (roster shows ${winner.filePath}): keep it in one of the two`,
            };
            if (profile.sameId === "deep-merge") merged.get(one.id)!.push(record.filePath);
          } else if (winner && profile.sameId === "deep-merge") {
            record.outcome = "shadowed";
            record.shadowedBy = winner.filePath;
            record.reason = {
              code: "tool/shadowed",
              message: `${tool} merges it into "${one.id}": ${winner.filePath} comes later and wins for every value both set`,
            };
            merged.get(one.id)!.push(record.filePath);
            if (!described.has(one.id) && one.hasDescription) {
              described.add(one.id);
              winner.description = one.description;
            }
          } else if (winner) {
            record.outcome = "shadowed";
            record.shadowedBy = winner.filePath;
            const samePlace = winnerPlaces.get(one.id) === place;
            record.reason = {
              code: "tool/shadowed",
              message: samePlace
                ? `${tool} already has "${one.id}" from ${winner.filePath} in the same folder and skips this one`
                : `${tool} loads ${winner.filePath} for "${one.id}" first (${winner.scope} before ${place.scope})`,
            };
          } else {
            winners.set(one.id, record);
            winnerPlaces.set(one.id, place);
            // What a deep merge keeps track of; a first-wins tool needs neither.
            if (profile.sameId === "deep-merge") {
              merged.set(one.id, [record.filePath]);
              if (one.hasDescription) described.add(one.id);
            }
          }
        }
        if (whole) files.push(record);
      }
    }
  }

  const places = plan.places;
  if (refusedBy) {
    // The tool stops at this file: nothing it would have loaded is loaded.
    const why = `${tool} refuses its whole configuration because of ${refusedBy.filePath}`;
    for (const file of files) {
      if (file.outcome !== "loaded" && file.outcome !== "shadowed") continue;
      file.outcome = "ignored";
      file.reason = { code: "tool/config-refused", message: why };
      delete file.shadowedBy;
    }
    return {
      tool: profile.tool,
      displayName: tool,
      checkedAgainst: profile.checkedAgainst,
      places,
      files,
      agents: [],
      refusedBy,
    };
  }
  const agents: ToolViewAgent[] = [];
  for (const builtin of profile.builtins) {
    if (focus && !focus.ids.has(builtin)) continue;
    if (profile.filesOverrideBuiltins && winners.has(builtin)) continue;
    agents.push({ id: builtin, description: `${tool} built-in`, scope: "builtin" });
  }
  for (const [id, file] of winners) {
    if (!kept(file.filePath, id)) continue;
    const description = file.description ?? "";
    const { scope, filePath } = file;
    const agent: ToolViewAgent =
      file.name === undefined
        ? { id, description, scope, filePath }
        : { id, name: file.name, description, scope, filePath };
    if (file.prompt !== undefined) agent.prompt = file.prompt;
    const sources = merged.get(id);
    if (profile.sameId === "deep-merge" && sources && sources.length > 1) agent.mergedFrom = sources;
    agents.push(agent);
  }
  return {
    tool: profile.tool,
    displayName: tool,
    checkedAgainst: profile.checkedAgainst,
    places,
    files,
    agents,
  };
}

/**
 * Answers "what would this tool load from here, and why not the rest?" by running one
 * tool profile over the cwd and home of `ctx` (SPEC §4.4): its places in its order, its
 * identity, recursion, name and key rules, its precedence and its built-ins.
 *
 * @example const view = await viewAsTool(geminiProfile, ctx); view.files.filter((f) => f.outcome === "rejected")
 */
export async function viewAsTool(
  profile: ToolProfile,
  ctx: DiscoveryContext,
  options: ViewAsToolOptions = {},
): Promise<ToolView> {
  const plan = await planView(profile, ctx, options.registry);
  return judgeView(plan, options, (walked, file) => readAndCheck(plan, walked, file));
}
