import { join } from "node:path";
import {
  type DiscoveryContext,
  type DiscoveryKind,
  defineProvider,
  familyLocations,
  type Location,
} from "@roster/core";
import { geminiAgentFormat } from "./gemini-agent-format.js";
import { geminiCommandFormat } from "./gemini-command-format.js";
import { geminiDir } from "./gemini-paths.js";

/**
 * Where Gemini CLI keeps agents and commands, highest precedence first: the nearest
 * `<ancestor>/.gemini/<kind>` (every one with `ctx.projectDirs: "all"`), then
 * `~/.gemini/<kind>`. Agents are markdown; commands are TOML, read recursively, named
 * by their path (`git/commit.toml` → `git:commit`) and expanded with `{{args}}`.
 */
export function locateGemini(ctx: DiscoveryContext, kind: DiscoveryKind): Location[] {
  const user = join(geminiDir(ctx), kind);
  const project = join(".gemini", kind);
  if (kind === "agents") return familyLocations(ctx, { project, user, formats: [geminiAgentFormat] });
  return familyLocations(ctx, {
    project,
    user,
    formats: [geminiCommandFormat],
    recursive: true,
    commandNaming: "path",
    commandPlaceholders: ["braces"],
  });
}

/** The Gemini CLI config family (`.gemini`, `~/.gemini`). */
export const geminiProvider = defineProvider({
  id: "gemini",
  displayName: "Gemini CLI",
  locate: locateGemini,
});
