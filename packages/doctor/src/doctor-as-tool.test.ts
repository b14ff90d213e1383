import { join } from "node:path";
import { createRegistry } from "@roster/core";
import type { ToolView, ToolViews } from "@roster/profiles";
import { agentFile, createSandbox, type Sandbox } from "@roster/testkit";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { testTool } from "../test/test-tool.js";
import { doctorAsTool } from "./find-tool-problems.js";

/** A made-up tool reading `<cwd>/.flat/agents/*.md`, named by `name`, needing a description. */
const flat = testTool("flat", {
  displayName: "Flat",
  places: (ctx) => [{ dir: join(ctx.cwd, ".flat/agents"), scope: "project" }],
});
const registry = createRegistry([]);

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox("doctor-as-tool-");
  sb.write({
    "project/.flat/agents/a.md": agentFile("a", "fine", "", "Be brief."),
    "project/.flat/agents/b.md": "---\nname: b\n---\nNo description.\n",
  });
});
afterEach(() => sb.cleanup());

describe("doctorAsTool", () => {
  test("the tool's own view, with no prompt kept, and its findings", async () => {
    const report = await doctorAsTool({ profile: flat, profiles: [flat], ctx: sb.ctx(), registry });
    expect(report.view.agents.map((a) => [a.id, a.prompt])).toEqual([["a", undefined]]);
    expect(report.diagnostics.map((d) => [d.severity, d.filePath])).toEqual([
      ["error", join(sb.project, ".flat/agents/b.md")],
    ]);
    expect(report.summary).toMatchObject({ tool: "flat", errors: 1, warnings: 0 });
  });
  test("the view prepared before plain doctor's discovery, when handed one", async () => {
    const prepared = {
      tool: "flat",
      displayName: "Flat",
      places: [],
      files: [],
      agents: [],
    } as unknown as ToolView;
    const views = { ctx: sb.ctx(), view: async () => prepared } as unknown as ToolViews;
    const report = await doctorAsTool({ profile: flat, profiles: [flat], ctx: sb.ctx(), registry, views });
    expect(report.view).toBe(prepared);
    expect(report.diagnostics).toEqual([]);
  });
});
