// Test support: a registry and skill sources of real families, as the app assembles them
// (claude, codex, gemini, opencode, copilot, plugins). Not exported by the package.
import { createRegistry } from "@roster/core";
import { type FamilyDefinition, toolTable } from "@roster/family";
import { claudeFamily } from "@roster/source-claude";
import { codexFamily } from "@roster/source-codex";
import { copilotFamily } from "@roster/source-copilot";
import { geminiFamily } from "@roster/source-gemini";
import { opencodeFamily } from "@roster/source-opencode";
import { claudeRegistryPath, pluginsFamily } from "@roster/source-plugins";

/** The families of the tests, in the app's order. */
export const TEST_FAMILIES: readonly FamilyDefinition[] = [
  claudeFamily,
  codexFamily,
  geminiFamily,
  opencodeFamily,
  copilotFamily,
  pluginsFamily,
];

/** Their registry. */
export const testRegistry = () => createRegistry(TEST_FAMILIES.map((f) => f.provider));

/** Their vocabularies' tool names, as one table. */
export const TEST_TOOLS = toolTable(TEST_FAMILIES.map((f) => f.vocabulary));

/** Their skill sources. */
export const TEST_SKILL_SOURCES = TEST_FAMILIES.flatMap((f) => (f.skills ? [f.skills] : []));

/** Where the plugins family reads a home's installed plugins. */
export const TEST_PLUGIN_REGISTRY = (home: string) => claudeRegistryPath({ cwd: home, home, env: {} });
