import { join } from "node:path";
import { defineMarkdownFormat, defineProvider, familyLocations } from "@roster/core";

/** Cursor agent files: markdown that may also say `readonly: true`. */
export const cursorMarkdownFormat = defineMarkdownFormat({ id: "cursor-markdown", agentKeys: ["readonly"] });

/**
 * Cursor's agent folders, as a third-party team would add them: the nearest
 * `<ancestor>/.cursor/agents`, then `~/.cursor/agents` (commands likewise under
 * `.cursor/commands`). Built only from `@roster/core` exports.
 */
export const cursorProvider = defineProvider({
  id: "cursor",
  displayName: "Cursor",
  locate: (ctx, kind) =>
    familyLocations(ctx, {
      project: join(".cursor", kind),
      user: join(ctx.home, ".cursor", kind),
      formats: [cursorMarkdownFormat],
    }),
});

export default cursorProvider;
