import { join } from "node:path";
import { createRegistry, discoverAgents } from "@roster/core";
import { createSandbox, type Sandbox } from "@roster/testkit";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { locateOpencode, opencodeProvider } from "./opencode-provider.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox("roster-opencode-");
});
afterEach(() => sb.cleanup());

/** A real-shaped opencode agent: no name, path identity, opencode's own keys. */
const reviewer = [
  "---",
  "description: Reviews code for quality and best practices",
  "mode: subagent",
  "model: anthropic/claude-sonnet-4-20250514",
  "temperature: 0.1",
  "steps: 12",
  "permission:",
  "  edit: deny",
  "  bash:",
  '    "git diff": allow',
  '    "*": ask',
  "  webfetch: deny",
  "---",
  "You are in code review mode. Focus on code quality.",
  "",
].join("\n");

const agent = (description: string, extra = "") =>
  `---\ndescription: ${description}\n${extra}---\nBody of ${description}.\n`;

describe("locateOpencode", () => {
  test("every ancestor's .opencode/{agents,agent}, nearest first, then the user folders, all recursive", () => {
    sb.write({
      "project/.opencode/agent/a.md": agent("a"),
      "project/sub/.opencode/agents/b.md": agent("b"),
      "project/sub/.opencode/agent/c.md": agent("c"),
    });
    const ctx = sb.ctx({ cwd: join(sb.project, "sub") });
    const dirs = locateOpencode(ctx, "agents").map((l) => [l.scope, l.dir, l.recursive]);
    expect(dirs).toEqual([
      ["project", join(sb.project, "sub/.opencode/agents"), true],
      ["project", join(sb.project, "sub/.opencode/agent"), true],
      ["project", join(sb.project, ".opencode/agent"), true],
      ["user", join(sb.home, ".config/opencode/agents"), true],
      ["user", join(sb.home, ".config/opencode/agent"), true],
    ]);
    const nearest = locateOpencode({ ...ctx, projectDirs: "nearest" }, "agents").map((l) => l.dir);
    expect(nearest).toEqual([
      join(sb.project, "sub/.opencode/agents"),
      join(sb.project, "sub/.opencode/agent"),
      join(sb.home, ".config/opencode/agents"),
      join(sb.home, ".config/opencode/agent"),
    ]);
  });

  test("a project .opencode/agents or .opencode/agent linked outside the project is skipped (load/outside-root)", async () => {
    sb.write({
      "project/.git/HEAD": "",
      "elsewhere/stolen.md": agent("from outside"),
      "elsewhere2/taken.md": agent("from outside too"),
      "project/.opencode/agents": { symlink: join(sb.root, "elsewhere") },
      "project/.opencode/agent": { symlink: join(sb.root, "elsewhere2") },
      "project/.opencode/ok/.keep": "",
    });
    const { agents, diagnostics } = await discoverAgents(createRegistry([opencodeProvider]), sb.ctx());
    expect(agents.map((a) => a.name)).toEqual([]);
    expect(diagnostics.map((d) => [d.code, d.filePath])).toEqual([
      ["load/outside-root", join(sb.project, ".opencode/agents")],
      ["load/outside-root", join(sb.project, ".opencode/agent")],
    ]);
  });

  test("OPENCODE_CONFIG_DIR replaces the user folder; XDG_CONFIG_HOME moves it", () => {
    const env = { OPENCODE_CONFIG_DIR: "~/oc" };
    expect(locateOpencode(sb.ctx({ env }), "agents").map((l) => l.dir)).toEqual([
      join(sb.home, "oc/agents"),
      join(sb.home, "oc/agent"),
    ]);
    const xdg = { XDG_CONFIG_HOME: join(sb.root, "xdg") };
    expect(locateOpencode(sb.ctx({ env: xdg }), "commands").map((l) => l.dir)).toEqual([
      join(sb.root, "xdg/opencode/commands"),
      join(sb.root, "xdg/opencode/command"),
    ]);
  });
});

describe("discovery through the opencode provider", () => {
  test("identity is the path without .md; a name field replaces it; permissions map to disallowedTools", async () => {
    sb.write({
      "project/.opencode/agents/team/reviewer.md": reviewer,
      "project/.opencode/agents/named.md": agent("named", "name: custom-name\n"),
    });
    const { agents } = await discoverAgents(createRegistry([opencodeProvider]), sb.ctx());
    expect(agents.map((a) => a.name)).toEqual(["custom-name", "team/reviewer"]);
    const review = agents.find((a) => a.name === "team/reviewer")!;
    expect(review.disallowedTools).toEqual(["edit", "write", "patch", "multiedit", "webfetch"]);
    expect(review.maxTurns).toBe(12);
    expect(review.model).toEqual(["anthropic/claude-sonnet-4-20250514"]);
    expect(review.extra).toMatchObject({ mode: "subagent", temperature: 0.1, steps: 12 });
    expect(review.extra?.permission).toEqual({
      edit: "deny",
      bash: { "git diff": "allow", "*": "ask" },
      webfetch: "deny",
    });
    expect(review.systemPrompt).toBe("You are in code review mode. Focus on code quality.");
  });

  test("permission: { edit: deny } denies opencode's editing tools; legacy tools: { bash: false } denies bash", async () => {
    sb.write({
      "project/.opencode/agents/ro.md": agent("ro", "permission:\n  edit: deny\n"),
      "project/.opencode/agents/legacy.md": agent("legacy", "tools:\n  bash: false\n  write: true\n"),
    });
    const { agents } = await discoverAgents(createRegistry([opencodeProvider]), sb.ctx());
    expect(agents.find((a) => a.name === "ro")?.disallowedTools).toEqual([
      "edit",
      "write",
      "patch",
      "multiedit",
    ]);
    const legacy = agents.find((a) => a.name === "legacy")!;
    expect(legacy.disallowedTools).toEqual(["bash"]);
    expect(legacy.tools).toBeUndefined();
    expect(legacy.extra?.tools).toEqual({ bash: false, write: true });
  });

  test("disable: true leaves the agent out with an info; the nearest project beats the user folder", async () => {
    sb.write({
      "project/.opencode/agents/off.md": agent("off", "disable: true\n"),
      "project/.opencode/agents/dup.md": agent("project"),
      "home/.config/opencode/agents/dup.md": agent("user"),
    });
    const { agents, shadowed, diagnostics, files } = await discoverAgents(
      createRegistry([opencodeProvider]),
      sb.ctx(),
    );
    expect(agents.map((a) => [a.name, a.description])).toEqual([["dup", "project"]]);
    expect(shadowed.map((s) => s.agent.description)).toEqual(["user"]);
    expect(diagnostics.map((d) => [d.severity, d.code])).toEqual([["info", "opencode/disabled"]]);
    // The disabled file is a skip whose one reason is the info; the others load or lose.
    expect(files.map((f) => [f.path.slice(sb.root.length + 1), f.outcome])).toEqual([
      ["project/.opencode/agents/dup.md", "loaded"],
      ["project/.opencode/agents/off.md", "skipped"],
      ["home/.config/opencode/agents/dup.md", "shadowed"],
    ]);
    const off = files.find((f) => f.outcome === "skipped");
    expect(off?.outcome === "skipped" && [off.name, off.reason.code]).toEqual(["off", "opencode/disabled"]);
  });

  test("the format declares opencode's keys: doctor would report only others", async () => {
    sb.write({ "project/.opencode/agents/a.md": agent("a", "mode: subagent\ntop_p: 0.9\ncolour: red\n") });
    const { files } = await discoverAgents(createRegistry([opencodeProvider]), sb.ctx());
    expect(files.map((f) => [f.outcome, f.format, f.unknownKeys])).toEqual([
      ["loaded", "opencode-markdown", ["colour"]],
    ]);
  });

  test("the agent block of opencode.json (and V2 agents) loads after every folder", async () => {
    sb.write({
      "project/.git/HEAD": "ref: refs/heads/main\n",
      "project/opencode.json": JSON.stringify({
        agent: {
          docs: { description: "Writes docs", prompt: "You write docs.", permission: { bash: "deny" } },
        },
        agents: { "from-v2": { description: "V2 form", prompt: "{file:./p.txt}" } },
      }),
      "home/.config/opencode/opencode.jsonc":
        '{\n  // comments are allowed\n  "agent": { "docs": { "description": "user docs" } },\n}\n',
    });
    const { agents, shadowed, diagnostics } = await discoverAgents(
      createRegistry([opencodeProvider]),
      sb.ctx(),
    );
    expect(agents.map((a) => [a.name, a.source, a.systemPrompt])).toEqual([
      ["docs", "project", "You write docs."],
      ["from-v2", "project", ""],
    ]);
    expect(agents[0]!.disallowedTools).toEqual(["bash"]);
    expect(agents[0]!.filePath).toBe(`${join(sb.project, "opencode.json")}#agent.docs`);
    expect(shadowed.map((s) => s.agent.description)).toEqual(["user docs"]);
    expect(diagnostics.map((d) => d.code)).toEqual(["opencode/prompt-file"]);
  });

  test("an opencode.json that is not JSONC is a warning, never a throw", async () => {
    sb.write({ "project/.git/HEAD": "", "project/opencode.json": "{ agent: " });
    const { agents, diagnostics } = await discoverAgents(createRegistry([opencodeProvider]), sb.ctx());
    expect(agents).toEqual([]);
    expect(diagnostics.map((d) => d.code)).toEqual(["opencode/config-invalid"]);
  });

  test("an opencode.json nested 20,000 levels deep is a warning; the folders' agents still load", async () => {
    const deep = `${'{"a":'.repeat(20_000)}1${"}".repeat(20_000)}`;
    sb.write({
      "project/.git/HEAD": "",
      "project/.opencode/agents/ok.md": agent("fine"),
      "project/opencode.json": `{"agent":{"x":{"description":"d","prompt":"p","options":${deep}}}}`,
    });
    const { agents, diagnostics } = await discoverAgents(createRegistry([opencodeProvider]), sb.ctx());
    expect(agents.map((a) => a.name)).toEqual(["ok"]);
    expect(diagnostics.map((d) => [d.code, d.message])).toEqual([
      ["opencode/config-invalid", "opencode config is nested deeper than 64 levels; its agents are not read"],
    ]);
  });
});
