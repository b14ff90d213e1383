import { resolve } from "node:path";
import type { AgentDefinition, Diagnostic, DiscoveryContext, FileFormat, PluginInfo } from "@roster/core";
import { fileSystemOf, walkToGitRoot } from "@roster/core/provider-kit";
import type { ToolTable } from "./tool-names.js";

/** Where a place sits in a tool's own order (SPEC §4.4). */
export type ProfileScope = "managed" | "project" | "user" | "plugin" | "extension";

/** One folder a tool reads agents from. */
export interface ProfilePlace {
  dir: string;
  scope: ProfileScope;
  /** Overrides {@link ToolProfile.recursive} for this place. */
  recursive?: boolean;
  /** Plugin agents: their identity is `<plugin>:<sub-folders…>:<name>`. */
  plugin?: PluginInfo;
  /** Read only these files (relative paths), e.g. single files a plugin manifest names. */
  only?: readonly string[];
  /**
   * Places of one `unordered` value have no order the tool keeps between them (opencode's
   * `agent/` and `agents/` of one folder: the file system's listing order decides). One id in
   * two of them is `tool/unsettled-order`: roster shows the first, the tool may take either.
   */
  unordered?: string;
  /**
   * Agents a config file declares (opencode's `agent` map in `opencode.json`): `dir` is then
   * that file, and each entry is checked like a parsed agent file (its fields as written,
   * `body` its prompt), in the place's precedence.
   */
  entries?: readonly ProfileEntry[];
}

/** One agent a config file declares, as its fields (see {@link ProfilePlace.entries}). */
export interface ProfileEntry {
  /** Where it is written: the file and the entry, e.g. `/p/opencode.json#agent.review`. */
  filePath: string;
  /** Its identity for `name-or-path` tools: the entry's key. */
  relativePath: string;
  fields: Record<string, unknown>;
}

/**
 * A place another family's provider knows: the engine asks that provider (through the
 * registry) for its agent locations, so a profile never imports another family.
 */
export interface BorrowedPlaces {
  /** The provider's id: `"plugins"`, `"claude"`. */
  provider: string;
  /** Scope given to the borrowed places; default: the location's own scope. */
  scope?: ProfileScope;
  /** Keep only the borrowed locations of this scope. */
  only?: "project" | "user";
}

/** What a tool's parser made of one file: fields, or why the tool cannot read it. */
export type ProfileParse =
  | {
      ok: true;
      /** Top-level keys as written in the file, in order. */
      keys: string[];
      fields: Record<string, unknown>;
      /**
       * Several agents one file declares (Gemini CLI's list frontmatter), each checked as a
       * file of its own: the tool loads them all or, when one is refused, none.
       */
      list?: readonly { keys: string[]; fields: Record<string, unknown> }[];
    }
  | { ok: false; code: ToolViewCode; message: string };

/**
 * The answer of a field check: `undefined` when the tool accepts the fields. `refusesAll`:
 * the tool refuses its whole configuration because of this file, so nothing loads
 * (opencode's "Configuration is invalid").
 */
export type FieldProblem =
  | { code: ToolViewCode; message: string; refusesAll?: boolean; field?: string }
  | undefined;

/**
 * One tool's own rules, as data (SPEC §4.4): where it looks, how it names an agent, what
 * it accepts and which definition wins. Declared by the family package, run by
 * `viewAsTool` (@roster/profiles).
 */
export interface ToolProfile {
  /** `"claude"`, `"gemini"`, … (the `--as` value). */
  tool: string;
  /** `"Claude Code"`: used in every reason. */
  displayName: string;
  /** The tool version the rules were checked against (`"@google/gemini-cli 0.61.0"`). */
  checkedAgainst: string;
  /** Its folders, highest precedence first. */
  places(ctx: DiscoveryContext): ProfilePlace[];
  /** Other families' places it also reads, after its own (Claude Code: plugins). */
  borrows?: readonly BorrowedPlaces[];
  /** File endings it reads, with the dot; the identity drops the matched ending. */
  extensions: readonly string[];
  /** Endings of files it does not read but a user might expect it to (`.md` for Codex). */
  misplacedExtensions?: readonly string[];
  /** Does it read sub-folders? */
  recursive: boolean;
  /** File-name prefixes it skips (`_` for Gemini CLI). */
  skipPrefixes?: readonly string[];
  /** Does it read a symlink to a file? */
  followsSymlinks: boolean;
  /** Does it enter folders starting with `.` and symlinked folders (Claude Code, opencode)? */
  entersHiddenFolders?: boolean;
  /**
   * The same id in several places: `first-wins` (the default: the first place in
   * {@link places} order wins, the rest are shadowed) or `deep-merge` (opencode: every
   * definition is merged, the first place's values win, a value it leaves out comes from
   * the next).
   */
  sameId?: "first-wins" | "deep-merge";
  /** The prompt the tool gives the agent from the text after the closing fence; default: trimmed. */
  promptOf?: (body: string) => string;
  /**
   * `name`: the `name` field; `path`: the relative path without ending; `name-or-path`: the
   * `name` field when set, else the path (opencode); `stem`: the file name without ending.
   */
  identity: "name" | "path" | "name-or-path" | "stem";
  /** With `stem`: sub-folders are part of the identity, joined by this (`sub--x` for Copilot CLI). */
  folderSeparator?: string;
  /** Turns a file's text into fields; markdown frontmatter by default. */
  parse?: (content: string, filePath: string) => ProfileParse;
  /** Keys that must be non-empty strings. */
  requiredKeys: readonly string[];
  /** Does a required key of spaces count as set (Gemini CLI, SPEC §15)? Default: no. */
  requiredMayBeSpaces?: boolean;
  /** Unknown keys: `ignore` (loaded anyway) or `reject` (the file is refused). */
  unknownKeys: "ignore" | "reject";
  /** Keys it knows, as written in files. */
  knownKeys: readonly string[];
  /** The keys it knows for a file of these fields, where that depends on the file (Gemini CLI: a local or a remote agent); default `knownKeys`. */
  knownKeysFor?: (fields: Record<string, unknown>) => readonly string[];
  /** Why a name is refused, or `undefined`. */
  nameProblem?: (name: string) => string | undefined;
  /** Further checks of the fields (Gemini's tool names, opencode's `disable`). */
  checkFields?: (fields: Record<string, unknown>) => FieldProblem;
  /**
   * Can one file make the tool refuse its whole configuration (opencode)? Only then is a
   * field check's `refusesAll` taken, and only then does a view about one name (`why NAME`)
   * check files that cannot hold that name.
   */
  mayRefuseAll?: boolean;
  /** Keys it ignores in plugin agents (Claude Code: hooks, mcpServers, permissionMode). */
  pluginIgnoredKeys?: readonly string[];
  /**
   * Keys a plugin agent must have (default {@link requiredKeys}); a plugin agent without
   * `name` is named by its file stem (Claude Code).
   */
  pluginRequiredKeys?: readonly string[];
  /** Its built-in agents. */
  builtins: readonly string[];
  /** May a file override a built-in of the same name? */
  filesOverrideBuiltins: boolean;
  /**
   * Does the tool report a markdown file without frontmatter as an error (Gemini CLI), or
   * pass over it as documentation (the default)?
   */
  reportsNoFrontmatter?: boolean;
  /** Does it read project places only in a trusted folder? */
  projectNeedsTrust?: boolean;
  /**
   * The tool's own gate on project agents, read once per view from the user's files
   * (Gemini CLI's `trustedFolders.json` and acknowledgments): see {@link ProjectGate}.
   */
  projectGate?: (ctx: DiscoveryContext) => ProjectGate;
  /**
   * What the tool's own settings say about running its agents, as info findings of the view
   * (Codex's `[agents] max_depth` / `max_threads` in `config.toml`): read once per view.
   */
  setupNotes?: (ctx: DiscoveryContext) => Diagnostic[];
  /**
   * What the tool does with a file it loads that roster's own view does otherwise, one note
   * per value (opencode keeps `model: inherit` as a model id): shown by the view and doctor.
   */
  notesOf?: (fields: Record<string, unknown>) => ToolReason[];
  /** The README section this profile's rules are tabled in. */
  rulesRef?: string;
}

/** What a tool's own gate makes of the project places of one view. */
export interface ProjectGate {
  /** Why the tool reads no project place here (its folder is not trusted), or `undefined`. */
  folder?: ToolReason;
  /** Why the tool does not register this project agent although it loads it, or `undefined`. */
  file?: (file: { filePath: string; id: string; content: string }) => ToolReason | undefined;
}

/** Stable codes of a tool view's reasons. */
export type ToolViewCode =
  | "tool/loaded"
  | "tool/shadowed"
  | "tool/unsettled-order"
  | "tool/builtin-wins"
  | "tool/missing-key"
  | "tool/unknown-key"
  | "tool/bad-name"
  | "tool/bad-field"
  | "tool/yaml-error"
  | "tool/no-frontmatter"
  | "tool/not-recursive"
  | "tool/skipped-prefix"
  | "tool/wrong-extension"
  | "tool/symlink"
  | "tool/untrusted"
  | "tool/unacknowledged"
  | "tool/unreadable"
  | "tool/disabled"
  | "tool/config-refused"
  | "tool/kept-as-written";

/** A reason in the tool's own terms. */
export interface ToolReason {
  code: ToolViewCode;
  message: string;
  /** The frontmatter key it is about, where there is one (a CI format finds its line). */
  field?: string;
}

/** Identity helper that types a tool profile. */
export function defineToolProfile<P extends ToolProfile>(profile: P): P {
  return profile;
}

/** What became of one field of the source agent in the target's file. */
export type FieldFate = "kept" | "changed" | "dropped";

/** One line of a translation report (SPEC §13). */
export interface FieldMapping {
  /** The source field: `description`, `thinkingLevel`, `extra.color`. */
  field: string;
  fate: FieldFate;
  /** The target's key it went to (`model_reasoning_effort`). */
  to?: string;
  /** The source value (always given for a dropped field). */
  value?: unknown;
  /** Part of the value the target cannot express, when only part of it went through. */
  lost?: unknown;
  /** How the meaning changes, or why it is dropped, in the target tool's terms. */
  note?: string;
}

/** A writer's output: the file's text and the fate of every source field. */
export interface WrittenAgent {
  content: string;
  fields: FieldMapping[];
}

/** Options of {@link AgentWriter.write}. */
export interface WriteAgentOptions {
  /** Put the `generated-by: roster` key in the file (writers whose marker is `key`). */
  marker: boolean;
  /** The app's tool table (its family set's `tools`): what the agent's tool names stand for. */
  tools: ToolTable;
}

/**
 * One tool's writer (SPEC §13): declared by the family package beside its reader, it turns a
 * definition into the file that tool loads, and names the reader and profile that must
 * accept the result.
 */
export interface AgentWriter {
  /** `"codex"`: the `--to` value. */
  tool: string;
  displayName: string;
  /** The file ending it writes (`.toml`, `.agent.md`). */
  extension: string;
  /** The family's own reader, used to read the written file back. */
  format: FileFormat;
  /** The tool's rules the written file must pass (none for roster's own xcsh format). */
  profile?: ToolProfile;
  /** `key`: a `generated-by: roster` key in the file; `manifest`: a `.roster-sync.json` beside it. */
  marker: "key" | "manifest";
  /** May an agent's name hold `/` (path identity: `team/reviewer`)? */
  folders: boolean;
  /** The folder the tool reads agents from, for a scope. */
  agentsDir(ctx: DiscoveryContext, scope: "project" | "user"): string;
  write(agent: AgentDefinition, options: WriteAgentOptions): WrittenAgent;
}

/** Identity helper that types a writer. */
export function defineAgentWriter<W extends AgentWriter>(writer: W): W {
  return writer;
}

/**
 * The cwd and its ancestors, nearest first, up to the repository root (the first folder
 * holding `.git`); outside a repository, the cwd alone. Claude Code and opencode read
 * every project agents folder on this path.
 */
export function ancestorsToRepoRoot(ctx: DiscoveryContext): string[] {
  const walk = walkToGitRoot(ctx.cwd, fileSystemOf(ctx));
  return walk.root ? walk.dirs : [resolve(ctx.cwd)];
}
