import { dirname, join, resolve } from "node:path";
import { type DiscoveryContext, type DiscoveryKind, defineProvider, type Location } from "@roster/core";
import { fileSystemOf, isDirectory } from "@roster/core/provider-kit";
import { opencodeAgentFormat } from "./opencode-agent-format.js";
import { loadOpencodeConfigAgents } from "./opencode-config.js";
import { opencodeUserDir } from "./opencode-paths.js";

/** Folder names per kind, in the order read: opencode lets `agents/` win over `agent/`. */
const FOLDERS: Record<DiscoveryKind, readonly string[]> = {
  agents: ["agents", "agent"],
  commands: ["commands", "command"],
};

/**
 * Where opencode keeps agents and commands, highest precedence first: every
 * `<ancestor>/.opencode/{agents,agent}` from the cwd up to the file-system root (nearest
 * first; with `ctx.projectDirs: "nearest"` only the nearest ancestor that has one), then
 * `<OPENCODE_CONFIG_DIR or ~/.config/opencode>/{agents,agent}`. All are read recursively. A
 * project folder whose real path leaves its ancestor is skipped (`load/outside-root`).
 */
export function locateOpencode(ctx: DiscoveryContext, kind: DiscoveryKind): Location[] {
  const fs = fileSystemOf(ctx);
  const user = opencodeUserDir(ctx);
  const formats = kind === "agents" ? [opencodeAgentFormat] : undefined;
  const extra = { recursive: true, ...(formats ? { formats } : {}) };
  const locations: Location[] = [];
  const userDirs = new Set(FOLDERS[kind].map((name) => join(user, name)));
  const nearestOnly = ctx.projectDirs === "nearest";
  for (const dir of ancestorsOf(ctx.cwd)) {
    const found = FOLDERS[kind]
      .map((name) => join(dir, ".opencode", name))
      .filter((candidate) => !userDirs.has(candidate) && isDirectory(fs, candidate));
    // The ancestor is the project root the folder must stay inside, as for every other family:
    // a `.opencode/agents` linked outside it is skipped with `load/outside-root`.
    for (const candidate of found) locations.push({ ...extra, dir: candidate, scope: "project", root: dir });
    if (found.length > 0 && nearestOnly) break;
  }
  for (const dir of userDirs) locations.push({ ...extra, dir, scope: "user" });
  return locations;
}

function ancestorsOf(cwd: string): string[] {
  const out: string[] = [];
  let current = resolve(cwd);
  for (;;) {
    out.push(current);
    const parent = dirname(current);
    if (parent === current) return out;
    current = parent;
  }
}

/**
 * The opencode config family: `.opencode/{agents,agent}` folders in every ancestor and the
 * user's, plus the `agent` (and V2 `agents`) blocks of `opencode.json[c]` files, loaded
 * after every folder.
 */
export const opencodeProvider = defineProvider({
  id: "opencode",
  displayName: "opencode",
  locate: locateOpencode,
  load(ctx: DiscoveryContext, kind: DiscoveryKind) {
    return kind === "agents" ? loadOpencodeConfigAgents(ctx) : [];
  },
});
