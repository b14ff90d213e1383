import { join } from "node:path";
import { defineProvider, familyLocations } from "@roster/core";

/**
 * Cursor's agent folders, as a third-party team would add them: the nearest
 * `<ancestor>/.cursor/agents`, then `~/.cursor/agents` (commands likewise under
 * `.cursor/commands`). Built only from `@roster/core` exports.
 */
export const cursorProvider = defineProvider({
  id: "cursor",
  displayName: "Cursor",
  locate: (ctx, kind) =>
    familyLocations(ctx, { project: join(".cursor", kind), user: join(ctx.home, ".cursor", kind) }),
});

export default cursorProvider;
