// The public types of @roster/sources: a source as named, as declared in a config, as pinned
// in roster.lock, what the audit finds in it and what each command did.
import type { DiscoveryContext, ProviderRegistry } from "@roster/core";
import type { FamilyDefinition, SkillSource, ToolReason, ToolTable } from "@roster/family";

/** Where a source is declared and written: the project's config and folders, or the user's. */
export type SourceScope = "project" | "user";

/** What a source brings. */
export type DefinitionKind = "agent" | "skill" | "command";

/** A source as the user named it (`owner/repo`, `https://…`, `git@…`, `file://…`, a local path), parsed. */
export interface SourceSpec {
  /** What `git` is given: `https://github.com/o/r.git`, `git@host:o/r.git`, `file:///…`, `/abs/path`. */
  url: string;
  /**
   * The source's identity: two names of one repository (`o/r`, `https://github.com/o/r`,
   * `git@github.com:o/r.git`) have one key, so two adds of it are one source.
   */
  key: string;
  /** The `#REF` written after it, if any. */
  ref?: string;
}

/** One source as a config declares it (`sources` in `roster.config.json`). */
export interface SourceDeclaration {
  url: string;
  /** The branch, tag or commit asked for; absent: the remote's default branch. */
  ref?: string;
  /** A folder of the repository to read instead of its root. */
  path?: string;
  /** Only these agents (absent: every agent, unless another kind is named). */
  agents?: string[];
  skills?: string[];
  commands?: string[];
  /** The tools written for (`claude`, `opencode`, …), in order. */
  to: string[];
}

/** One file a source wrote, as the lock keeps it. */
export interface LockedFile {
  /** `/`-separated, relative to the lock's folder (project) or the home (user). */
  path: string;
  tool: string;
  kind: DefinitionKind;
  /** The definition it was written from. */
  name: string;
  /** SHA-256 of the bytes written, in hex. */
  sha256: string;
}

/** A raising finding the user accepted with `--yes`, kept in the lock. */
export interface AcceptedFinding {
  code: FindingCode;
  kind: DefinitionKind;
  name: string;
  message: string;
}

/** One source as `roster.lock` pins it: its declaration, the commit and every file written. */
export interface LockedSource extends SourceDeclaration {
  /** The resolved commit, 40 hex digits. */
  commit: string;
  files: LockedFile[];
  accepted?: AcceptedFinding[];
}

/** `roster.lock`. */
export interface SourceLock {
  schemaVersion: 1;
  sources: LockedSource[];
}

/** Stable codes of the audit's findings (README "Audit"). */
export type FindingCode =
  | "audit/raises-permission"
  | "audit/hooks"
  | "audit/mcp-command"
  | "audit/shell-expansion"
  | "audit/pre-approves-tools"
  | "audit/link"
  | "audit/name-is-path"
  | "audit/terminal-escape"
  | "audit/too-large"
  | "audit/outside-root"
  | "audit/skipped"
  | "audit/not-installed"
  | "audit/duplicate-name"
  | "audit/tree-too-large";

/**
 * How much a finding weighs: `raising` holds its definition back without `--yes`;
 * `refused` is never written; `warning` and `info` are written and listed.
 */
export type FindingLevel = "raising" | "refused" | "warning" | "info";

/** One thing the audit found in a source. */
export interface Finding {
  code: FindingCode;
  level: FindingLevel;
  message: string;
  /** The file in the source, `/`-separated, relative to the repository. */
  file?: string;
  /** The definition it is about, when it is about one. */
  kind?: DefinitionKind;
  name?: string;
  /** The discovery diagnostic behind it (`load/parse-error`, …), when there is one. */
  cause?: string;
}

/** What a file of a source became on disk. */
export type FileAction = "create" | "update" | "unchanged" | "remove" | "kept" | "conflict" | "skip";

/** One file of a source, planned or done. */
export interface FileChange {
  action: FileAction;
  /** Absolute. */
  path: string;
  tool: string;
  kind: DefinitionKind;
  name: string;
  /** Why (conflict, kept, skip), with a stable code. */
  code?: string;
  message?: string;
}

/** How an agent, skill or command differs between two commits (`roster update`). */
export interface DefinitionChange {
  change: "added" | "removed" | "changed";
  kind: DefinitionKind;
  name: string;
  /** One line: what changed (`description, tools; prompt +3 −1 lines`). */
  summary?: string;
}

/** What one target tool will load of what a source wrote (the `--as` view of SPEC §4.4). */
export interface ToolSummary {
  tool: string;
  displayName: string;
  kind: DefinitionKind;
  /** How many definitions of this kind the source offers the tool (written, or refused by its writer). */
  total: number;
  /** How many of them the tool loads. */
  loaded: number;
  /** Each one it would not load (or roster could not write for it), with the tool's reason. */
  notLoaded: Array<{ name: string; reason: ToolReason | { code: string; message: string } }>;
}

/** What happened to one source in `add`, `install`, `update` or `remove`. */
export interface SourceReport {
  url: string;
  key: string;
  ref?: string;
  /** The commit now pinned (absent after `remove`). */
  commit?: string;
  /** The commit pinned before, when it changed. */
  previousCommit?: string;
  /** Every finding, in the source's order. */
  findings: Finding[];
  /** Definitions held back: a raising finding and no `--yes`. */
  held: Array<{ kind: DefinitionKind; name: string; codes: FindingCode[] }>;
  files: FileChange[];
  /** What changed between the commits (`update`). */
  changes: DefinitionChange[];
  /** Nothing was fetched: the files on disk already matched the lock. */
  fetched: boolean;
}

/** How `git` is run. */
export interface GitOptions {
  /** The program; default `git` (found on the PATH by the system). */
  command?: string;
  /** The longest one call may take, in milliseconds (default 120 000). */
  timeoutMs?: number;
  /** The environment git runs in (default `process.env`); `GIT_TERMINAL_PROMPT=0` is always added. */
  env?: Record<string, string | undefined>;
}

/** What every operation on sources needs, handed in by the app (the library knows no family). */
export interface SourcesEnvironment {
  /** The user's context (cwd, home, env): where the project is, where the user's folders are. */
  ctx: DiscoveryContext;
  /** The app's families, in registry order: their writers, profiles, skill sources and vocabularies. */
  families: readonly FamilyDefinition[];
  /** The app's registry: discovery in a fetched tree runs through it. */
  registry: ProviderRegistry;
  /** Every skill source, highest precedence first (the merged view's order). */
  skillSources: readonly SkillSource[];
  /** The tool names of every family's vocabulary, as one table (`toolTable` of the families'). */
  tools: ToolTable;
  /** roster's cache folder (`cacheDirOf`): fetched commits are kept in `<cacheDir>/sources`. */
  cacheDir: string;
  /** The user trusted the project (`roster trust`): `install` may write its accepted raising definitions without `--yes`. */
  projectTrusted?: boolean;
  git?: GitOptions;
  /** Where a home's installed-plugins registry is (the plugins family's): a source's plugin folders are read as plugins installed there. */
  pluginRegistry?: (home: string) => string;
}
