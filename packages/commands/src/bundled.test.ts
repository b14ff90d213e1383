import { join } from "node:path";
import { createRegistry, defineProvider, familyLocations } from "@roster/core";
import { bundledProvider } from "@roster/source-bundled";
import { createSandbox } from "@roster/testkit";
import { describe, expect, it } from "vitest";
import { discoverCommands } from "./discover-commands.js";
import { expandCommand } from "./expand-command.js";
import { getCommand } from "./get-command.js";

// The real bundled provider (a devDependency only: discovery itself knows no family).
describe("with the real bundled provider", () => {
  it("discovers the bundled init command last, and a user init.md overrides it", async () => {
    const box = createSandbox();
    try {
      const claude = defineProvider({
        id: "claude",
        locate: (ctx, kind) =>
          kind === "commands" ? familyLocations(ctx, { user: join(ctx.home, ".claude/commands") }) : [],
      });
      const registry = createRegistry([claude, bundledProvider]);
      const before = await discoverCommands(registry, box.ctx());
      const init = getCommand(before, "init");
      expect(init).toMatchObject({ source: "bundled", provider: "bundled", placeholders: ["positional"] });
      expect(init!.description).not.toBe("");
      expect(init!.instructions.length).toBeGreaterThan(0);
      expect(before.diagnostics).toEqual([]);
      expect(typeof expandCommand(init!, "some input")).toBe("string");

      box.write({ "home/.claude/commands/init.md": "---\ndescription: mine\n---\nMy init $@\n" });
      const after = await discoverCommands(registry, box.ctx());
      expect(getCommand(after, "init")).toMatchObject({ source: "user", description: "mine" });
      expect(after.shadowed.map((s) => s.command.provider)).toEqual(["bundled"]);
    } finally {
      box.cleanup();
    }
  });
});
