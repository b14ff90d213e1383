import type { Diagnostic } from "@roster/core";
import { isRecord } from "@roster/core/provider-kit";
import type { ParsedRegistry, RegistryEntry, RegistryPlugin } from "./types.js";

/** Options of {@link parseInstalledPlugins}. */
export interface ParseRegistryOptions {
  /** The registry file, named in diagnostics. */
  filePath?: string;
}

/** Splits `<plugin>@<marketplace>` at its last `@`; undefined when either side is empty. */
export function splitPluginId(id: string): { name: string; marketplace: string } | undefined {
  const at = id.lastIndexOf("@");
  if (at <= 0 || at === id.length - 1) return undefined;
  return { name: id.slice(0, at), marketplace: id.slice(at + 1) };
}

/**
 * Checks the parsed JSON of an `installed_plugins.json` registry (pure: no file access).
 * A wrong top-level shape gives `valid: false` and no plugins; a bad id or entry is
 * skipped with a warning; an entry with `enabled: false` is skipped silently. An id whose
 * entries were all skipped is still listed (with no entries), so that it can replace.
 *
 * @example parseInstalledPlugins({ version: 2, plugins: { "a@m": [{ scope: "user", installPath: "/p" }] } })
 */
export function parseInstalledPlugins(value: unknown, options: ParseRegistryOptions = {}): ParsedRegistry {
  const diagnostics: Diagnostic[] = [];
  const warn = (code: string, message: string) => {
    const d: Diagnostic = { severity: "warning", code, message };
    if (options.filePath !== undefined) d.filePath = options.filePath;
    diagnostics.push(d);
  };
  const invalid = (message: string): ParsedRegistry => {
    warn("plugins/registry-invalid-shape", `${message}; no plugins read from this registry`);
    return { valid: false, plugins: [], diagnostics };
  };

  if (!isRecord(value)) return invalid(`expected an object { version, plugins }, got ${describe(value)}`);
  if (value.version !== undefined && typeof value.version !== "number") {
    return invalid(`"version" must be a number, got ${describe(value.version)}`);
  }
  if (!isRecord(value.plugins)) return invalid(`"plugins" must be an object, got ${describe(value.plugins)}`);

  const plugins: RegistryPlugin[] = [];
  for (const [id, raw] of Object.entries(value.plugins)) {
    const parts = splitPluginId(id);
    if (!parts) {
      warn(
        "plugins/invalid-plugin-id",
        `plugin id ${JSON.stringify(id)} is not "<plugin>@<marketplace>": skipped`,
      );
      continue;
    }
    // Older registries hold one entry object instead of an array.
    const list = Array.isArray(raw) ? raw : isRecord(raw) ? [raw] : undefined;
    if (!list) {
      warn(
        "plugins/invalid-entry",
        `plugin ${JSON.stringify(id)}: expected an array of entries, got ${describe(raw)}: skipped`,
      );
      continue;
    }
    const entries: RegistryEntry[] = [];
    list.forEach((item, index) => {
      const where = `plugin ${JSON.stringify(id)}, entry ${index}`;
      if (!isRecord(item)) {
        warn("plugins/invalid-entry", `${where}: expected an object, got ${describe(item)}: skipped`);
        return;
      }
      if (item.enabled === false) return;
      if (typeof item.installPath !== "string" || item.installPath === "") {
        warn("plugins/missing-install-path", `${where}: no string "installPath": skipped`);
        return;
      }
      const entry: RegistryEntry = { installPath: item.installPath };
      if (typeof item.scope === "string") entry.scope = item.scope;
      if (typeof item.version === "string" && item.version !== "") entry.version = item.version;
      if (typeof item.projectPath === "string" && item.projectPath !== "")
        entry.projectPath = item.projectPath;
      entries.push(entry);
    });
    plugins.push({ id, ...parts, entries });
  }
  return { valid: true, plugins, diagnostics };
}

function describe(value: unknown): string {
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : `${typeof value} ${JSON.stringify(value)}`;
}
