import type {
  Diagnostic,
  DiscoveryContext,
  DiscoveryKind,
  Location,
  Scope,
  SourceProvider,
} from "@roster/core";

/** Which registry file an entry was read from, in reading order. */
export type RegistrySource = "claude" | "xcsh" | "project";

/** One entry of an `installed_plugins.json` plugin, as written there (already checked for shape). */
export interface RegistryEntry {
  /** The declared scope, when it was a string. */
  scope?: string;
  installPath: string;
  version?: string;
  /** The project folder a `project`/`local` install belongs to. */
  projectPath?: string;
}

/** One plugin id of a registry with its usable entries. */
export interface RegistryPlugin {
  /** `<plugin>@<marketplace>` */
  id: string;
  name: string;
  marketplace: string;
  entries: RegistryEntry[];
}

/** A registry after parsing: `valid: false` means it gave no roots at all. */
export interface ParsedRegistry {
  valid: boolean;
  plugins: RegistryPlugin[];
  diagnostics: Diagnostic[];
}

/** A plugin folder that discovery reads. */
export interface PluginRoot {
  /** `<plugin>@<marketplace>` */
  id: string;
  name: string;
  marketplace: string;
  /** The entry's version, else the manifest's, else `"unknown"` (filled in by the provider). */
  version?: string;
  scope: Scope;
  /** The absolute plugin folder (`installPath`). */
  root: string;
  /** The registry file that named it. */
  registryPath: string;
  source: RegistrySource;
}

/** What a plugin's `.claude-plugin/plugin.json` declares that discovery uses. */
export interface PluginManifest {
  name?: string;
  version?: string;
  /** Extra agent files or folders, relative to the plugin root, as written. */
  agents?: string[];
  /** Extra command files or folders, relative to the plugin root, as written. */
  commands?: string[];
}

/** Options of {@link createPluginsProvider}. */
export interface PluginsProviderOptions {
  /** Provider id; default `"plugins"`. */
  id?: string;
  /** Default `"Claude Code plugins"`. */
  displayName?: string;
  /**
   * Read Claude Code's registry and its `enabledPlugins` settings (default `true`).
   * `false` reads only the xcsh registries.
   */
  claude?: boolean;
}

/** What `locate` of a plugins provider returns: core's `LocateResult` object form. */
export interface PluginLocations {
  locations: Location[];
  diagnostics: Diagnostic[];
}

/** A plugins provider: a {@link SourceProvider} whose `locate` is always there and synchronous. */
export interface PluginsProvider extends SourceProvider {
  id: string;
  displayName: string;
  locate(ctx: DiscoveryContext, kind: DiscoveryKind): PluginLocations;
}

/** Every diagnostic code this package produces (listed in its README). */
export type PluginsDiagnosticCode =
  | "plugins/folder-escapes"
  | "plugins/install-path-not-absolute"
  | "plugins/install-path-not-found"
  | "plugins/invalid-entry"
  | "plugins/invalid-plugin-id"
  | "plugins/invalid-project-path"
  | "plugins/manifest-invalid-json"
  | "plugins/manifest-invalid-shape"
  | "plugins/manifest-path-escapes"
  | "plugins/manifest-path-not-found"
  | "plugins/manifest-unreadable"
  | "plugins/missing-install-path"
  | "plugins/project-reenables"
  | "plugins/project-reregisters"
  | "plugins/registry-invalid-json"
  | "plugins/registry-invalid-shape"
  | "plugins/registry-unreadable"
  | "plugins/settings-invalid-json"
  | "plugins/settings-invalid-shape"
  | "plugins/settings-unreadable";
