import { join } from "node:path";
import {
  type DiscoveryContext,
  type DiscoveryKind,
  defineProvider,
  familyLocations,
  type Location,
} from "@roster/core";
import { copilotAgentFormat } from "./copilot-agent-format.js";
import { copilotHome } from "./copilot-paths.js";

/**
 * Where GitHub Copilot keeps custom agents, in roster's merged order: the nearest
 * `<ancestor>/.github/agents` (every one with `ctx.projectDirs: "all"`), then
 * `~/.copilot/agents`; only `*.agent.md` files. Copilot has no command folders.
 */
export function locateCopilot(ctx: DiscoveryContext, kind: DiscoveryKind): Location[] {
  if (kind !== "agents") return [];
  return familyLocations(ctx, {
    project: join(".github", "agents"),
    user: join(copilotHome(ctx), "agents"),
    formats: [copilotAgentFormat],
  });
}

/** The GitHub Copilot family (`.github/agents/*.agent.md`, `~/.copilot/agents`). */
export const copilotProvider = defineProvider({
  id: "copilot",
  displayName: "GitHub Copilot",
  locate: locateCopilot,
});
