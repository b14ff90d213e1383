/** Every diagnostic code @roster/source-plugins reports (the README's code table lists the same). */
export const PLUGINS_DIAGNOSTIC_CODES = [
  "plugins/registry-invalid-json",
  "plugins/registry-invalid-shape",
  "plugins/registry-unreadable",
  "plugins/invalid-plugin-id",
  "plugins/invalid-entry",
  "plugins/missing-install-path",
  "plugins/invalid-project-path",
  "plugins/install-path-not-absolute",
  "plugins/install-path-not-found",
  "plugins/settings-invalid-json",
  "plugins/settings-invalid-shape",
  "plugins/settings-unreadable",
  "plugins/manifest-invalid-json",
  "plugins/manifest-invalid-shape",
  "plugins/manifest-unreadable",
  "plugins/manifest-path-escapes",
  "plugins/manifest-path-not-found",
] as const;

/** A diagnostic code of @roster/source-plugins. */
export type PluginsDiagnosticCode = (typeof PLUGINS_DIAGNOSTIC_CODES)[number];
