// One tool's answer about one name, over a real sandbox: what `why|show NAME --as` rest on.
import { join } from "node:path";
import { createRegistry, defineProvider, familyLocations } from "@roster/core";
import { agentFile, createSandbox, type Sandbox } from "@roster/testkit";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { flatProfile } from "../test/flat-profile.js";
import { resolveAs, showAsTool, toolResolutionOf } from "./view-about.js";

const demo = flatProfile("demo", "Demo", ".demo/agents");
const registry = createRegistry([
  defineProvider({
    id: "demo",
    locate: (ctx, kind) =>
      familyLocations(ctx, { project: `.demo/${kind}`, user: join(ctx.home, ".demo", kind) }),
  }),
]);

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox("view-about-");
  sb.write({
    "project/.demo/agents/a.md": agentFile("a", "mine", "", "Be brief."),
    // Named, but without the description the tool requires: it calls the file `b` and rejects it.
    "project/.demo/agents/b.md": "---\nname: b\n---\nB.\n",
    // No name at all: rejected before the tool names it; its file name is `c`.
    "project/.demo/agents/c.md": "---\ndescription: no name\n---\nC.\n",
  });
});
afterEach(() => sb.cleanup());

describe("resolveAs", () => {
  test("the agent the tool loads for NAME, and the files of that id", async () => {
    const { winner, files } = await resolveAs(demo, sb.ctx(), { registry, name: "a" });
    expect(winner?.filePath).toBe(join(sb.project, ".demo/agents/a.md"));
    expect(files.map((f) => f.outcome)).toEqual(["loaded"]);
  });

  test("a file the tool calls NAME and rejects: no winner, that file with its reason", async () => {
    const { winner, files } = await resolveAs(demo, sb.ctx(), { registry, name: "b" });
    expect(winner).toBeUndefined();
    expect(files.map((f) => [f.relativePath, f.outcome, f.reason?.code])).toEqual([
      ["b.md", "rejected", "tool/missing-key"],
    ]);
  });

  test("a file refused before it was named: the whole view finds it by its file name, unless `whole: false`", async () => {
    const found = await resolveAs(demo, sb.ctx(), { registry, name: "c" });
    expect(found.files.map((f) => f.relativePath)).toEqual(["c.md"]);
    // The whole view, not the focused one: it keeps every agent (for a did-you-mean too).
    expect(found.view.agents.map((a) => a.id)).toContain("a");
    const focused = await resolveAs(demo, sb.ctx(), { registry, name: "c", whole: false });
    expect(focused.files).toEqual([]);
  });
});

describe("toolResolutionOf", () => {
  test("the tool's name, the agent it loads for NAME with no prompt, and NAME's files", async () => {
    const found = await toolResolutionOf(demo, sb.ctx(), { registry, name: "a" });
    expect(found.displayName).toBe("Demo");
    expect(found.winner?.filePath).toBe(join(sb.project, ".demo/agents/a.md"));
    expect(found.winner?.prompt).toBeUndefined();
    expect(found.files.map((f) => f.outcome)).toEqual(["loaded"]);
  });

  test("no winner and no key for it; never the whole view's files (a file refused before it was named)", async () => {
    const rejected = await toolResolutionOf(demo, sb.ctx(), { registry, name: "b" });
    expect("winner" in rejected).toBe(false);
    expect(rejected.files.map((f) => f.reason?.code)).toEqual(["tool/missing-key"]);
    expect((await toolResolutionOf(demo, sb.ctx(), { registry, name: "c" })).files).toEqual([]);
  });
});

describe("showAsTool", () => {
  test("the agent the tool loads, its prompt, and roster's own record of its file", async () => {
    const shown = await showAsTool(demo, sb.ctx(), { registry, name: "a" });
    expect(shown.winner?.prompt).toBe("Be brief.");
    expect(shown.winner ? shown.definition?.systemPrompt : undefined).toBe("Be brief.");
  });

  test("no winner: the files of NAME the tool does not load; none for an unknown name", async () => {
    const rejected = await showAsTool(demo, sb.ctx(), { registry, name: "b" });
    expect(rejected.winner ? [] : rejected.files.map((f) => f.relativePath)).toEqual(["b.md"]);
    const unknown = await showAsTool(demo, sb.ctx(), { registry, name: "zz" });
    expect(unknown.winner ? undefined : unknown.files).toEqual([]);
  });
});
