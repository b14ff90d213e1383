import { join } from "node:path";
import {
  type DiscoveryContext,
  type DiscoveryKind,
  defineProvider,
  familyLocations,
  type Location,
} from "@roster/core";
import { cursorAgentFormat } from "./cursor-agent-format.js";
import { cursorHome } from "./cursor-paths.js";

/**
 * Where Cursor keeps subagents and commands, highest precedence first: the nearest
 * `<ancestor>/.cursor/<kind>` (every one with `ctx.projectDirs: "all"`), then
 * `~/.cursor/<kind>`. Agents are flat folders of markdown.
 */
export function locateCursor(ctx: DiscoveryContext, kind: DiscoveryKind): Location[] {
  return familyLocations(ctx, {
    project: join(".cursor", kind),
    user: join(cursorHome(ctx), kind),
    ...(kind === "agents" ? { formats: [cursorAgentFormat] } : {}),
  });
}

/** The Cursor family (`.cursor/agents`, `~/.cursor/agents`). */
export const cursorProvider = defineProvider({
  id: "cursor",
  displayName: "Cursor",
  locate: locateCursor,
});
