import { join } from "node:path";
import { type Diagnostic, type DiscoveryContext, fileSystemOf } from "@roster/core";
import { isRecord } from "@roster/core/provider-kit";
import { claudeDir, projectClaudeDir } from "./plugin-paths.js";
import { readJsonFile } from "./read-json.js";

/** The result of {@link readEnabledPlugins}. */
export interface EnabledPlugins {
  /** Plugin id → on/off, after every settings file (later files win). */
  enabled: Map<string, boolean>;
  /** The settings files read, in order (those that exist). */
  files: string[];
  diagnostics: Diagnostic[];
}

/** The settings files that may say `enabledPlugins`, in reading order (later wins). */
export function settingsPaths(ctx: DiscoveryContext): string[] {
  const paths = [join(claudeDir(ctx), "settings.json")];
  if (ctx.trustProject !== false) {
    const project = projectClaudeDir(ctx);
    if (project) paths.push(join(project, "settings.json"), join(project, "settings.local.json"));
  }
  return paths;
}

/**
 * Reads Claude Code's `enabledPlugins` from `<claudeDir>/settings.json`, then the nearest
 * project `.claude/settings.json` and `.claude/settings.local.json` (trusted projects only).
 * Values other than booleans are ignored; a bad file is a warning and contributes nothing.
 * A project file that switches on a plugin the user's settings switch off still wins (as in
 * Claude Code), with a `plugins/project-reenables` warning naming both files.
 */
export function readEnabledPlugins(ctx: DiscoveryContext): EnabledPlugins {
  const fs = fileSystemOf(ctx);
  const enabled = new Map<string, boolean>();
  const files: string[] = [];
  const diagnostics: Diagnostic[] = [];
  // The first path is the user's own settings; the others belong to the project.
  const [userPath] = settingsPaths(ctx);
  const userDisabled = new Set<string>();
  for (const filePath of settingsPaths(ctx)) {
    const read = readJsonFile(fs, filePath);
    if (read.status === "missing") continue;
    if (read.status === "unreadable") {
      diagnostics.push({
        severity: "warning",
        code: "plugins/settings-unreadable",
        message: `cannot read settings: ${read.reason}`,
        filePath,
      });
      continue;
    }
    if (read.status === "invalid") {
      diagnostics.push({
        severity: "warning",
        code: "plugins/settings-invalid-json",
        message: `settings are not valid JSON (${read.reason}); its enabledPlugins are ignored`,
        filePath,
      });
      continue;
    }
    files.push(filePath);
    const value = read.value;
    if (!isRecord(value)) {
      diagnostics.push({
        severity: "warning",
        code: "plugins/settings-invalid-shape",
        message: "settings must be a JSON object; its enabledPlugins are ignored",
        filePath,
      });
      continue;
    }
    if (value.enabledPlugins === undefined) continue;
    if (!isRecord(value.enabledPlugins)) {
      diagnostics.push({
        severity: "warning",
        code: "plugins/settings-invalid-shape",
        message: `"enabledPlugins" must be an object of plugin id → true/false; ignored`,
        filePath,
      });
      continue;
    }
    for (const [id, on] of Object.entries(value.enabledPlugins)) {
      if (typeof on !== "boolean") continue;
      if (filePath === userPath) {
        if (!on) userDisabled.add(id);
      } else if (on && userDisabled.has(id) && enabled.get(id) === false) {
        diagnostics.push({
          severity: "warning",
          code: "plugins/project-reenables",
          message: `plugin "${id}" is switched off in ${userPath} and switched back on by this project file`,
          filePath,
        });
      }
      enabled.set(id, on);
    }
  }
  return { enabled, files, diagnostics };
}
