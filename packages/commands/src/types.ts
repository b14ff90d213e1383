import type {
  AgentSource,
  Diagnostic,
  DiscoveryCache,
  FileRecord,
  PluginInfo,
  SearchedLocation,
} from "@roster/core";
import type { CommandPlaceholders } from "./command-options.js";

/** One workflow command: a markdown (or TOML) prompt template (SPEC §7). */
export interface WorkflowCommand {
  /** Exact, case-sensitive name: the file stem, or `git:commit` under `"path"` naming. */
  name: string;
  /** From frontmatter; `""` when absent. */
  description: string;
  /** The template: the file's body (or TOML `prompt`). */
  instructions: string;
  source: AgentSource;
  /** The file it came from, or an `embedded:<file>` id for bundled commands. */
  filePath: string;
  /** Id of the provider that produced it. */
  provider: string;
  /** Label shown beside the name for a command in a sub-folder under `"stem"` naming: `"project:frontend"`. */
  namespace?: string;
  plugin?: PluginInfo;
  /** From the `argument-hint` frontmatter key. */
  argumentHint?: string;
  /** Placeholder families {@link expandCommand} fills for this command (`$@` always). */
  placeholders: readonly CommandPlaceholders[];
}

/** A command that lost to another of the same name. */
export interface ShadowedCommand {
  command: WorkflowCommand;
  /** The file (or `embedded:` id) of the winner. */
  shadowedBy: string;
}

/** The result of {@link discoverCommands}. */
export interface CommandDiscovery {
  /** The merged commands, in precedence order. */
  commands: WorkflowCommand[];
  shadowed: ShadowedCommand[];
  diagnostics: Diagnostic[];
  /** Changes whenever the merged result would change. */
  fingerprint: string;
  /** Every location searched, in order. */
  searched: SearchedLocation[];
  /** One record per file looked at (and per provider-loaded item), in search order. */
  files: FileRecord[];
}

/** Options of {@link discoverCommands}. */
export interface DiscoverCommandsOptions {
  /** Reuse what an earlier discovery read when it is unchanged. */
  cache?: DiscoveryCache;
}
