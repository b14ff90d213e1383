import { join } from "node:path";
import type { Sandbox, Tree } from "@roster/testkit";

/** One registry entry as Claude Code writes it. */
export interface EntrySpec {
  scope?: string;
  installPath?: unknown;
  version?: string;
  enabled?: boolean;
  projectPath?: string;
}

/** The text of an installed_plugins.json registry. */
export function registryJson(plugins: Record<string, EntrySpec[] | EntrySpec | unknown>): string {
  return `${JSON.stringify({ version: 2, plugins }, null, 2)}\n`;
}

/** A tree for one plugin folder at `<sandbox root>/<rel>`: a manifest and agent files. */
export function pluginTree(
  rel: string,
  options: {
    name: string;
    version?: string;
    agents?: Record<string, string>;
    extra?: Record<string, unknown>;
  },
): Tree {
  const tree: Tree = {
    [`${rel}/.claude-plugin/plugin.json`]: JSON.stringify({
      name: options.name,
      version: options.version ?? "1.0.0",
      description: `${options.name} plugin`,
      ...options.extra,
    }),
  };
  for (const [file, content] of Object.entries(options.agents ?? {})) tree[`${rel}/${file}`] = content;
  if (!options.agents) tree[`${rel}/agents`] = null;
  return tree;
}

/** The absolute path of a sandbox-relative path. */
export function at(sandbox: Sandbox, rel: string): string {
  return join(sandbox.root, rel);
}

/** Paths of locations (or roots) relative to the sandbox root, for readable assertions. */
export function rel(sandbox: Sandbox, paths: readonly string[]): string[] {
  return paths.map((p) => (p.startsWith(`${sandbox.root}/`) ? p.slice(sandbox.root.length + 1) : p));
}
