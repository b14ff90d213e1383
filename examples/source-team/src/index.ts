import { join } from "node:path";
import { defineProvider, familyLocations } from "@roster/core";

/**
 * A team's shared agents, as a third-party package would add them: the nearest
 * `<ancestor>/.agents/<kind>`, then `~/.agents/<kind>`. Built only from `@roster/core`
 * exports and loaded through the config's `providers`.
 */
export const teamProvider = defineProvider({
  id: "team",
  displayName: "Team folder",
  locate: (ctx, kind) =>
    familyLocations(ctx, { project: join(".agents", kind), user: join(ctx.home, ".agents", kind) }),
});

export default teamProvider;
