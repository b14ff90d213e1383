import type { Diagnostic, ParsedFrontmatter, ParseLevel } from "@roster/frontmatter";

export type { Diagnostic, ParsedFrontmatter, ParseLevel };

/** Where a definition comes from, for precedence and display. */
export type AgentSource = "bundled" | "user" | "project";

/** A location's scope. */
export type Scope = "project" | "user";

/** The thinking levels an agent may ask for. */
export type ThinkingLevel = "inherit" | "off" | "minimal" | "low" | "medium" | "high" | "xhigh";

/** What is being discovered. */
export type DiscoveryKind = "agents" | "commands";

/** The plugin a definition came from. */
export interface PluginInfo {
  /** `<plugin>@<marketplace>` */
  id: string;
  name: string;
  marketplace: string;
  version: string;
}

/** One LLM sub-agent definition (SPEC §3). */
export interface AgentDefinition {
  name: string;
  description: string;
  /** The markdown body. */
  systemPrompt: string;
  tools?: string[];
  spawns?: string[] | "*";
  /** Prioritised list of models. */
  model?: string[];
  thinkingLevel?: ThinkingLevel;
  /** Opaque structured-output schema (JTD in the bundled agents). */
  output?: unknown;
  blocking?: boolean;
  source: AgentSource;
  /** `embedded:<file>` for bundled agents. */
  filePath?: string;
  /** Id of the provider that produced it. */
  provider: string;
  plugin?: PluginInfo;
  /** Tools the agent must not use, as written (`Bash`, `Write(src/**)`); hosts deny them. */
  disallowedTools?: string[];
  /** The host's permission mode for the agent (Claude Code's vocabulary). */
  permissionMode?: PermissionMode;
  /** `tools` in its original spelling, for hosts; `tools` is the lower-cased list used for matching. */
  toolsAsWritten?: string[];
  /** Most agentic turns the host should allow (Claude `maxTurns`, Gemini `max_turns`, opencode `steps`). */
  maxTurns?: number;
  /** Every frontmatter key roster does not model, untouched (`color`, `hooks`, `mcpServers`, …). */
  extra?: Record<string, unknown>;
}

/** How a host asks before acting; Claude Code's modes, or another host's word kept as written. */
export type PermissionMode = "default" | "acceptEdits" | "plan" | "bypassPermissions" | (string & {});

/** The file-system calls discovery makes; injectable so that faults can be simulated. */
export interface FileSystem {
  readdir(dir: string): import("node:fs").Dirent[];
  stat(path: string): import("node:fs").Stats;
  /** Like `stat`, without following a final symlink (plugins use it to see what is in a place). */
  lstat(path: string): import("node:fs").Stats;
  /**
   * Reads a whole regular file of at most `maxBytes` bytes; throws `BoundedReadError` for
   * anything else (a FIFO, a device, a `/proc` file that streams past the limit).
   * `stats`, when given, is a `stat` of `path` taken just before (it saves one). `scratch`,
   * when given, may receive the bytes: the result is then a view of it, valid until the next
   * read into it (a layer may ignore it and return a buffer of its own).
   */
  readFile(path: string, maxBytes?: number, stats?: import("node:fs").Stats, scratch?: Buffer): Buffer;
  realpath(path: string): string;
  /**
   * Optional: reads a file a walk listed as regular in one open — open, `fstat` of the
   * descriptor, read — as core does on node:fs without a cache (see `readListedFile`): the
   * bytes, and the descriptor's stats. A layer without it is read through `stat` and
   * `readFile`; `nodeFileSystem` is read this way without it (so a layer made by spreading
   * it and replacing `readFile` still sees every read).
   */
  readListed?(
    path: string,
    maxBytes: number,
    scratch?: Buffer,
  ): { bytes: Buffer; stats: import("node:fs").Stats };
}

/** Everything a provider may know about the world: never `process.env` or `os.homedir()`. */
export interface DiscoveryContext {
  cwd: string;
  home: string;
  env: Record<string, string | undefined>;
  /** Aborts a discovery between locations: it then rejects with the signal's reason. */
  signal?: AbortSignal;
  /** `false` skips every project-scope location (SPEC §5.2). Default `true`. */
  trustProject?: boolean;
  /** `"nearest"` (default): only the nearest project folder per family; `"all"`: every one, nearest first. */
  projectDirs?: "nearest" | "all";
  /** File-system layer; defaults to node:fs. */
  fs?: FileSystem;
}

/** The text of one file, handed to a format's parser. */
export interface SourceFile {
  filePath: string;
  /** `/`-separated path relative to the location's folder. */
  relativePath: string;
  /** The file as UTF-8 text (discovery decodes it on first access). */
  readonly content: string;
  /**
   * The file's bytes, when discovery read them: valid only while `parse` runs (the buffer
   * is reused for the next file), so a format copies what it keeps.
   */
  bytes?: Uint8Array;
  level: ParseLevel;
  /**
   * Present when the caller wants bodies decoded only when asked for, or not at all (`roster
   * list` never prints one). A format that found where the body starts may hand what this gives to
   * `parsedFile` as the body: `decode` receives the file's bytes when the body is first read
   * (core reads the file again then, and notices a file changed in between).
   */
  deferBody?: (decode: (bytes: Uint8Array) => string) => DeferredBody;
}

/** A body decoded only when first read (what `SourceFile.deferBody` gives; see `parsedFile`). */
export interface DeferredBody {
  /** The body: read and decoded on the first call, the same string after. */
  read(): string;
  /** Set when the first read found the file changed or gone (`load/changed-after-read`). */
  problem: Diagnostic | undefined;
  /** The diagnostics of the file's record as read (the record adds {@link problem} to them). */
  readDiagnostics: readonly Diagnostic[];
}

/** A file a format could read: its fields (frontmatter or the format's own table) and body. */
export interface ParsedFile extends ParsedFrontmatter {
  kind: "parsed";
}

/** A file a format found unusable (a TOML syntax error, a Gemini command without `prompt`). */
export interface UnusableFile {
  kind: "unusable";
  /** The one diagnostic that explains the skip. */
  reason: Diagnostic;
  /** The name the file would have defined, when the format knows it (`roster why` then finds it). */
  name?: string;
}

/** What {@link FileFormat.parse} returns: the file's fields, or why it cannot be used. */
export type FormatResult = ParsedFile | UnusableFile;

/**
 * A file format a location reads. Parsing yields frontmatter-like fields and a body,
 * which agents and commands then interpret the same way for every format; a file the
 * format cannot use at all comes back as `{ kind: "unusable", reason }`.
 *
 * @example
 * const jsonFormat: FileFormat = {
 *   id: "json-agent",
 *   extensions: [".json"],
 *   knownKeys: { agents: ["name", "description", "prompt"] },
 *   parse: (file) => ({ kind: "parsed", frontmatter: JSON.parse(file.content), body: "", diagnostics: [] }),
 * };
 */
export interface FileFormat {
  /** `"markdown"`, `"codex-toml"`, … */
  id: string;
  /** File name endings this format reads, with the dot: `[".md"]`. */
  extensions: readonly string[];
  /**
   * Field names (after key normalisation) a file of this format may carry, per kind;
   * `roster doctor` reports any other key. A kind left out is not checked.
   */
  knownKeys?: Readonly<Partial<Record<DiscoveryKind, readonly string[]>>>;
  parse(file: SourceFile): FormatResult;
  /**
   * True when a definition's `name` is its file's text as written (only an escape, `\`,
   * spells it otherwise): a lookup of one name passes a file whose bytes hold neither
   * unparsed. Never for a format that names by path or changes the name, nor inherited by
   * spreading one that sets it. Core's markdown parser needs none.
   */
  nameInText?: boolean;
}

/** A place to read definitions from. */
export interface Location {
  dir: string;
  scope: Scope;
  plugin?: PluginInfo;
  /** Formats read here; default: markdown only. */
  formats?: readonly FileFormat[];
  /** Scan sub-folders too (SPEC §4.1 claude convention). Default `false`. */
  recursive?: boolean;
  /** Read only these files (paths relative to `dir`), e.g. single files a plugin manifest names. */
  only?: readonly string[];
  /**
   * The folder this location must stay inside: a location whose real path leaves it
   * (`.claude/agents -> /`) is skipped with `load/outside-root`. `familyLocations` sets it
   * to the ancestor of a project folder.
   */
  root?: string;
  /**
   * Settings for one consumer of the files, keyed by consumer (`commands` for
   * `@roster/commands`); core passes them through untouched.
   */
  options?: Readonly<Record<string, unknown>>;
}

/**
 * What happened to one file discovery looked at (SPEC §5 step 7). `copy`: a file roster
 * wrote (export, sync) of a definition that is there: listed under it, never in its place
 * (SPEC §16).
 */
export type FileOutcome = "loaded" | "shadowed" | "skipped" | "not-an-agent" | "copy";

/**
 * Why a file was skipped: the one diagnostic that explains it, the same object as in the
 * record's `diagnostics` (and discovery's). Its severity says whether the skip is deliberate
 * (`info`: opencode's `disable: true`) or a problem (`warning`, `error`).
 */
export type SkipReason = Diagnostic;

/** What every {@link FileRecord} has, whatever its outcome. */
export interface FileRecordBase {
  /** The file, or the `embedded:` id of a provider-loaded item. */
  path: string;
  /** The location the file was found in; absent for provider-loaded items. */
  location?: Location;
  provider: string;
  scope: AgentSource;
  /** What was discovered; `skills` for a skill's `SKILL.md` (SPEC §18). */
  kind: DiscoveryKind | "skills";
  /** Id of the format that read it (`markdown`, `codex-toml`); absent for provider-loaded items. */
  format?: string;
  /** Frontmatter keys the format does not know (only when it declares its keys). */
  unknownKeys?: readonly string[];
  /** Every diagnostic about this file, the skip reason's included. */
  diagnostics: readonly Diagnostic[];
  /**
   * A file roster wrote (its `generated-by: roster` key, or its folder's `.roster-sync.json`
   * lists it). It never outranks or shadows another definition: its outcome is `copy` while
   * its source is there, and it loads (last of all) only when nothing else defines the name.
   */
  copy?: true;
}

/** The fate of one file, in search order: loaded, shadowed (by whom), skipped (why), or documentation. */
export type FileRecord = FileRecordBase &
  (
    | { outcome: "loaded"; name: string }
    | { outcome: "shadowed"; name: string; shadowedBy: string }
    /** `copyOf`: the file (or provider) of the definition it was written from. */
    | { outcome: "copy"; name: string; copyOf: string }
    | { outcome: "skipped"; name?: string; reason: SkipReason }
    | { outcome: "not-an-agent" }
  );

/** A definition that does not live in a folder (bundled, generated, remote). */
export interface LoadedItem {
  /** Stands for a file path in diagnostics and `why` (`embedded:explore.md`). */
  filePath: string;
  /** Default `"bundled"`. */
  source?: AgentSource;
  /** Fields (as parsed frontmatter) and body. */
  frontmatter: Record<string, unknown>;
  body: string;
  /** Name to use when the fields have none (commands: the file stem). */
  defaultName?: string;
  plugin?: PluginInfo;
}

/** What `locate` returns: the locations, optionally with problems found on the way. */
export type LocateResult = Location[] | { locations: Location[]; diagnostics?: Diagnostic[] };

/** What `load` returns: the items, optionally with problems found on the way. */
export type LoadResult = LoadedItem[] | { items: LoadedItem[]; diagnostics?: Diagnostic[] };

/** One source family: where it keeps definitions (SPEC §4). */
export interface SourceProvider {
  /** Unique id, e.g. `"claude"`; lower-case letters, digits, `-` and `_`. */
  id: string;
  displayName?: string;
  /** Places to read, highest precedence first. A bad registry file is a diagnostic, never a throw. */
  locate?(ctx: DiscoveryContext, kind: DiscoveryKind): Promise<LocateResult> | LocateResult;
  /** Definitions that do not live in a folder. They come after every location. */
  load?(ctx: DiscoveryContext, kind: DiscoveryKind): Promise<LoadResult> | LoadResult;
}
