import { existsSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { createRegistry, discoverAgents } from "@roster/core";
import { viewAsTool } from "@roster/profiles";
import { agentFile, createSandbox, type Sandbox } from "@roster/testkit";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { cursorProfile } from "./cursor-profile.js";
import { cursorProvider, locateCursor } from "./cursor-provider.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox("roster-cursor-");
});
afterEach(() => sb.cleanup());

const corpus = resolve(
  fileURLToPath(import.meta.url),
  "../../../../../shared/corpus/ArangoGutierrez-claude-toolkit/.cursor/agents",
);

describe("locateCursor", () => {
  test("the nearest .cursor/<kind>, then ~/.cursor/<kind>", () => {
    sb.write({ "project/.cursor/agents": null, "project/sub/x": "" });
    const ctx = sb.ctx({ cwd: join(sb.project, "sub") });
    expect(locateCursor(ctx, "agents").map((l) => [l.scope, l.dir])).toEqual([
      ["project", join(sb.project, ".cursor/agents")],
      ["user", join(sb.home, ".cursor/agents")],
    ]);
    expect(locateCursor(ctx, "commands")).toEqual([
      { dir: join(sb.home, ".cursor/commands"), scope: "user" },
    ]);
  });
});

describe("discovery through the cursor provider", () => {
  test.skipIf(!existsSync(corpus))(
    "real Cursor subagents from the corpus load by name, readonly denies writing",
    async () => {
      const files = readdirSync(corpus).filter((f) => f.endsWith(".md"));
      const { readFileSync } = await import("node:fs");
      sb.write(
        Object.fromEntries(files.map((f) => [`project/.cursor/agents/${f}`, readFileSync(join(corpus, f))])),
      );
      const { agents, diagnostics } = await discoverAgents(createRegistry([cursorProvider]), sb.ctx());
      expect(diagnostics.filter((d) => d.severity !== "info")).toEqual([]);
      expect(agents).toHaveLength(files.length);
      const verifier = agents.find((a) => a.name === "verifier")!;
      expect(verifier.description).toBe("Skeptical validator for completion claims");
      expect(verifier.model).toBeUndefined();
      expect(verifier.disallowedTools).toEqual(["edit", "write", "bash"]);
      expect(verifier.extra).toEqual({ readonly: true });
    },
  );

  test("is_background means non-blocking; project beats user", async () => {
    sb.write({
      "project/.cursor/agents/bg.md": agentFile("bg", "project", "is_background: true"),
      "home/.cursor/agents/bg.md": agentFile("bg", "user"),
    });
    const { agents, shadowed } = await discoverAgents(createRegistry([cursorProvider]), sb.ctx());
    expect(agents.map((a) => [a.name, a.description, a.blocking])).toEqual([["bg", "project", false]]);
    expect(shadowed.map((s) => s.agent.description)).toEqual(["user"]);
  });
});

describe("cursorProfile (Cursor's own answer)", () => {
  test("Cursor also reads .claude/agents, after its own folder: a Claude agent of the same name loses", async () => {
    sb.write({
      "project/.cursor/agents/rev.md": agentFile("rev", "cursor"),
      "project/.claude/agents/rev.md": agentFile("rev", "claude"),
      "project/.claude/agents/only-claude.md": agentFile("only-claude"),
      "project/.cursor/agents/team/nested.md": agentFile("nested"),
    });
    const view = await viewAsTool(cursorProfile, sb.ctx());
    expect(view.agents.filter((a) => a.scope !== "builtin").map((a) => a.id)).toEqual(["rev", "only-claude"]);
    expect(view.files.map((f) => [f.relativePath, f.outcome, f.reason?.code])).toEqual([
      ["rev.md", "loaded", undefined],
      ["team/nested.md", "ignored", "tool/not-recursive"],
      ["only-claude.md", "loaded", undefined],
      ["rev.md", "shadowed", "tool/shadowed"],
    ]);
  });
});
