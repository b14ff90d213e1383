/** Every diagnostic code @roster/source-plugins reports (the README's code table lists the same). */
export const PLUGINS_DIAGNOSTIC_CODES = [
  "plugins/folder-escapes",
  "plugins/install-path-not-absolute",
  "plugins/install-path-not-found",
  "plugins/invalid-entry",
  "plugins/invalid-plugin-id",
  "plugins/invalid-project-path",
  "plugins/manifest-invalid-json",
  "plugins/manifest-invalid-shape",
  "plugins/manifest-path-escapes",
  "plugins/manifest-path-not-found",
  "plugins/manifest-unreadable",
  "plugins/missing-install-path",
  "plugins/project-reenables",
  "plugins/project-reregisters",
  "plugins/registry-invalid-json",
  "plugins/registry-invalid-shape",
  "plugins/registry-unreadable",
  "plugins/settings-invalid-json",
  "plugins/settings-invalid-shape",
  "plugins/settings-unreadable",
  "plugins/ignored-key",
] as const;

/** A diagnostic code of @roster/source-plugins. */
export type PluginsDiagnosticCode = (typeof PLUGINS_DIAGNOSTIC_CODES)[number];
