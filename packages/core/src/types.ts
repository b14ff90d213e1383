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
  lstat(path: string): import("node:fs").Stats;
  /**
   * Reads a whole regular file of at most `maxBytes` bytes; throws `BoundedReadError` for
   * anything else (a FIFO, a device, a `/proc` file that streams past the limit).
   * `stats`, when given, is a `stat` of `path` taken just before (it saves one).
   */
  readFile(path: string, maxBytes?: number, stats?: import("node:fs").Stats): Buffer;
  realpath(path: string): string;
}

/** Everything a provider may know about the world: never `process.env` or `os.homedir()`. */
export interface DiscoveryContext {
  cwd: string;
  home: string;
  env: Record<string, string | undefined>;
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
  content: string;
  level: ParseLevel;
}

/** A file's bytes, for a format that decodes only what it needs ({@link FileFormat.parseBytes}). */
export interface SourceBytes extends Omit<SourceFile, "content"> {
  bytes: Buffer;
}

/** What {@link FileFormat.parseBytes} returns: the parse, whose body is decoded on first access. */
export interface ParsedBytesFrontmatter extends ParsedFrontmatter {
  skip?: boolean;
  /** True when the whole file is valid UTF-8. */
  validUtf8: boolean;
  /** Where the body starts in the bytes (`readBody(bytes, bodyStart)`), or `undefined` when it
   * could not be cut from them (the body is then already decoded). */
  bodyStart: number | undefined;
}

/**
 * A file format a location reads. Parsing yields frontmatter-like fields and a body,
 * which agents and commands then interpret the same way for every format.
 */
export interface FileFormat {
  // A parse that finds the file unusable (a TOML command without its prompt, …) returns
  // a diagnostic of severity "error": consumers skip such a file and keep the diagnostic.
  /** `"markdown"`, `"codex-toml"`, … */
  id: string;
  /** File name endings this format reads, with the dot: `[".md"]`. */
  extensions: readonly string[];
  parse(file: SourceFile): FormatParse;
  /**
   * Parses from the file's bytes, decoding only what is needed now; optional. Must equal
   * `parse` with `content` the bytes decoded as UTF-8. Discovery prefers it when present.
   */
  parseBytes?(file: SourceBytes): ParsedBytesFrontmatter;
}

/**
 * What a format's parser returns: frontmatter-like fields, a body and diagnostics;
 * `skip: true` when the file deliberately defines nothing (opencode's `disable: true`),
 * explained by an `info` diagnostic.
 */
export type FormatParse = ParsedFrontmatter & { skip?: boolean };

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
   * How a command's name is made from its relative path. `"stem"` (default): the file
   * name without extension, sub-folders give a namespace label; `"path"`: sub-folders
   * are joined into the name with `:` (Gemini CLI).
   */
  commandNaming?: "stem" | "path";
  /**
   * Placeholder families the command files here use, for expansion: `"positional"`
   * (`$ARGUMENTS`, `$1`…`$9`; the default), `"named"` (`$NAME` from `NAME=value`, Codex)
   * and `"braces"` (`{{args}}`, Gemini CLI). `$@` is always understood.
   */
  commandPlaceholders?: readonly CommandPlaceholders[];
}

/** A family of command placeholders; see {@link Location.commandPlaceholders}. */
export type CommandPlaceholders = "positional" | "named" | "braces";

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
