import { join } from "node:path";
import {
  type DiscoveryContext,
  type DiscoveryKind,
  defineProvider,
  familyLocations,
  type Location,
} from "@roster/core";
import { xcshAgentDir } from "./xcsh-paths.js";

/**
 * Where xcsh keeps agents and commands, highest precedence first: the nearest
 * `<ancestor>/.xcsh/<kind>` (every one with `ctx.projectDirs: "all"`), then
 * `<xcshAgentDir>/<kind>` (`~/.xcsh/agent/<kind>` unless overridden).
 */
export function locateXcsh(ctx: DiscoveryContext, kind: DiscoveryKind): Location[] {
  return familyLocations(ctx, {
    project: join(".xcsh", kind),
    user: join(xcshAgentDir(ctx), kind),
  });
}

/** The xcsh config family (`.xcsh`, `~/.xcsh/agent`, `PI_CONFIG_DIR`, `PI_CODING_AGENT_DIR`). */
export const xcshProvider = defineProvider({
  id: "xcsh",
  displayName: "xcsh",
  locate: locateXcsh,
});
