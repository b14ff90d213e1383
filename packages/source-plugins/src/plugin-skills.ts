import { join } from "node:path";
import { type Diagnostic, fileSystemOf, type PluginInfo } from "@roster/core";
import { defineSkillSource, type SkillPlace } from "@roster/family";
import { CLAUDE_SKILL_KEYS } from "@roster/source-claude";
import { findPluginRoots } from "./find-plugin-roots.js";
import { readPluginManifest } from "./plugin-manifest.js";
import { UNKNOWN_VERSION } from "./plugins-provider.js";

/**
 * The skills of installed Claude Code plugins (SPEC §18): each plugin root's `skills/`
 * folder (project-scope plugins first, then user-scope ones, in registry order), its
 * skills named `<plugin>:<folder>`. Claude Code reads them after its own skill folders and
 * after plugin commands: a plugin command of the same scoped name answers first.
 */
export const pluginSkills = defineSkillSource({
  id: "plugins",
  displayName: "Claude Code plugins",
  checkedAgainst: "@anthropic-ai/claude-code 2.1.197",
  places: (ctx) => {
    const fs = fileSystemOf(ctx);
    const found = findPluginRoots(ctx);
    const diagnostics: Diagnostic[] = [...found.diagnostics];
    const places: SkillPlace[] = [];
    for (const root of found.roots) {
      const { manifest, diagnostics: problems } = readPluginManifest(fs, root.root, root.id);
      diagnostics.push(...problems);
      const plugin: PluginInfo = {
        id: root.id,
        name: root.name,
        marketplace: root.marketplace,
        version: root.version ?? manifest.version ?? UNKNOWN_VERSION,
      };
      places.push({ dir: join(root.root, "skills"), scope: "plugin", plugin, root: root.root });
    }
    return { places, diagnostics };
  },
  rules: {
    layout: "one-level",
    identity: "folder",
    duplicates: "first-wins",
    requiresDescription: false,
    descriptionFromBody: true,
    badYaml: "ignore",
    requiresFrontmatter: false,
    invocable: true,
    clash: "command",
    // Claude Code's own keys, less the two a plugin skill does not take (README "Skills").
    knownKeys: CLAUDE_SKILL_KEYS.filter((key) => key !== "disallowed-tools" && key !== "fallback"),
    maxBytes: 1024 * 1024,
  },
});
