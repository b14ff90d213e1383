import { existsSync, readdirSync, readFileSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { createRegistry, discoverAgents } from "@roster/core";
import { viewAsTool } from "@roster/profiles";
import { createSandbox, type Sandbox } from "@roster/testkit";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { copilotProfile } from "./copilot-profile.js";
import { copilotProvider, locateCopilot } from "./copilot-provider.js";
import { mapCopilotTools } from "./copilot-tools.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox("roster-copilot-");
});
afterEach(() => sb.cleanup());

/** Shaped like GitHub's documented examples: a display name, aliases, an MCP tool, handoffs. */
const planner = [
  "---",
  "name: Implementation Planner",
  "description: Creates detailed implementation plans and technical specifications",
  "tools: [read, search, 'github/*']",
  "model: Claude Sonnet 4",
  "target: vscode",
  "handoffs:",
  "  - label: Start implementation",
  "    agent: implementer",
  "    prompt: Implement the plan above.",
  "user-invocable: true",
  "---",
  "You are a technical planning specialist.",
  "",
].join("\n");

const agent = (description: string, extra = "") => `---\ndescription: ${description}\n${extra}---\nBody.\n`;

describe("locateCopilot", () => {
  test("agents: the nearest .github/agents, then ~/.copilot/agents; no command folders", () => {
    sb.write({ "project/.github/agents": null, "project/src/x": "" });
    const ctx = sb.ctx({ cwd: join(sb.project, "src") });
    expect(locateCopilot(ctx, "agents").map((l) => [l.scope, l.dir])).toEqual([
      ["project", join(sb.project, ".github/agents")],
      ["user", join(sb.home, ".copilot/agents")],
    ]);
    expect(locateCopilot(ctx, "commands")).toEqual([]);
  });
});

describe("discovery through the copilot provider", () => {
  test("the stem without .agent is the identity; name is a display name; aliases map to roster tools", async () => {
    sb.write({
      "project/.github/agents/planner.agent.md": planner,
      "project/.github/agents/README.md": "# Our agents\n",
    });
    const { agents, diagnostics } = await discoverAgents(createRegistry([copilotProvider]), sb.ctx());
    expect(diagnostics).toEqual([]);
    expect(agents.map((a) => a.name)).toEqual(["planner"]);
    const plannerAgent = agents[0]!;
    expect(plannerAgent.tools).toEqual(["read", "grep", "find", "ls", "github/*", "submit_result"]);
    expect(plannerAgent.toolsAsWritten).toEqual(["read", "search", "github/*"]);
    expect(plannerAgent.model).toEqual(["Claude Sonnet 4"]);
    expect(plannerAgent.extra).toMatchObject({
      displayName: "Implementation Planner",
      target: "vscode",
      userInvocable: true,
      handoffs: [
        { label: "Start implementation", agent: "implementer", prompt: "Implement the plan above." },
      ],
    });
  });

  test("tools: [read, search] maps as documented; agent allows spawning; * means every tool", () => {
    expect(mapCopilotTools(["read", "search"])).toEqual(["read", "grep", "find", "ls"]);
    expect(mapCopilotTools(["execute", "Edit", "agent", "web", "todo"])).toEqual([
      "bash",
      "edit",
      "write",
      "task",
      "web_search",
      "fetch",
      "todo",
    ]);
    expect(mapCopilotTools(["read", "*"])).toBeUndefined();
  });

  test("roster's merged order: the repository's file beats the user's", async () => {
    sb.write({
      "project/.github/agents/rev.agent.md": agent("repo"),
      "home/.copilot/agents/rev.agent.md": agent("user"),
    });
    const { agents } = await discoverAgents(createRegistry([copilotProvider]), sb.ctx());
    expect(agents.map((a) => [a.name, a.description])).toEqual([["rev", "repo"]]);
  });
});

describe("copilotProfile (Copilot CLI's own answer)", () => {
  test("the user's file beats the repository's; a plain .md loads; a missing description is reported", async () => {
    sb.write({
      "project/.git/HEAD": "",
      "project/.github/agents/rev.agent.md": agent("repo"),
      "project/.github/agents/old.md": agent("old"),
      "project/.github/agents/nodesc.agent.md": "---\nname: No description\n---\nBody.\n",
      "home/.copilot/agents/rev.agent.md": agent("user"),
    });
    const view = await viewAsTool(copilotProfile, sb.ctx());
    expect(view.places.map((p) => [p.scope, p.dir])).toEqual([
      ["user", join(sb.home, ".copilot/agents")],
      ["project", join(sb.project, ".github/agents")],
      ["project", join(sb.project, ".claude/agents")],
    ]);
    expect(view.agents.find((a) => a.id === "rev")?.filePath).toBe(
      join(sb.home, ".copilot/agents/rev.agent.md"),
    );
    expect(view.files.map((f) => [f.relativePath, f.outcome, f.reason?.message])).toEqual([
      ["rev.agent.md", "loaded", undefined],
      ["nodesc.agent.md", "rejected", "Copilot CLI skips it: `description` is missing"],
      ["old.md", "loaded", undefined],
      [
        "rev.agent.md",
        "shadowed",
        `Copilot CLI loads ${join(sb.home, ".copilot/agents/rev.agent.md")} for "rev" first (user before project)`,
      ],
    ]);
  });
});

describe("copilotProfile per SPEC §15", () => {
  test("sub-folders are read (`sub/x.agent.md` is `sub--x`), the project's .claude/agents too; mcp-servers needs tools", async () => {
    sb.write({
      "project/.git/HEAD": "",
      "project/.github/agents/sub/x.agent.md": agent("nested"),
      "project/.github/agents/mcp.agent.md":
        "---\ndescription: m\nmcp-servers:\n  a:\n    command: x\n    args: []\n---\nB\n",
      "project/.claude/agents/team/rev.md": agent("from claude"),
    });
    const view = await viewAsTool(copilotProfile, sb.ctx());
    expect(view.agents.filter((a) => a.filePath).map((a) => [a.id, a.description])).toEqual([
      ["sub--x", "nested"],
      ["team--rev", "from claude"],
    ]);
    expect(view.files.find((f) => f.relativePath === "mcp.agent.md")?.reason?.code).toBe("tool/missing-key");
  });
});

describe("copilotProfile: `mcp-servers` as Copilot CLI 1.0.102 checks it (issue 52)", () => {
  test("each entry needs its own `tools` (a top-level one does not stand in), a local one `args`", async () => {
    const md = (name: string, front: string) => [
      `project/.github/agents/${name}.agent.md`,
      `---\ndescription: d\n${front}\n---\nB\n`,
    ];
    sb.write({
      "project/.git/HEAD": "",
      ...Object.fromEntries([
        md("entry-tools", "mcp-servers:\n  s:\n    command: x\n    args: []\n    tools: ['*']"),
        md("http", "mcp-servers:\n  s:\n    type: http\n    url: https://x\n    tools: []"),
        md("none", "mcp-servers:"),
        md("top-tools", "tools: [read]\nmcp-servers:\n  s:\n    command: x\n    args: []"),
        md("no-args", "mcp-servers:\n  s:\n    type: local\n    command: x\n    tools: ['*']"),
        md("bad-type", "mcp-servers:\n  s:\n    type: ws\n    url: https://x\n    tools: ['*']"),
        md("a-list", "mcp-servers:\n  - s"),
      ]),
    });
    const view = await viewAsTool(copilotProfile, sb.ctx());
    expect(view.agents.filter((a) => a.filePath).map((a) => a.id)).toEqual(["entry-tools", "http", "none"]);
    const reason = (name: string) =>
      view.files.find((f) => f.relativePath === `${name}.agent.md`)?.reason?.message;
    expect(reason("top-tools")).toContain("`mcp-servers.s.tools` is required");
    expect(reason("no-args")).toContain("`mcp-servers.s.args` is required");
    expect(reason("bad-type")).toContain("`mcp-servers.s.type` must be");
    expect(reason("a-list")).toContain("`mcp-servers` must be a mapping, not a list");
  });
});

describe("real Copilot-shaped files from the shared corpus", () => {
  const corpus = resolve(fileURLToPath(import.meta.url), "../../../../../shared/corpus");
  const files = existsSync(corpus)
    ? readdirSync(corpus, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".agent.md"))
    : [];
  test.skipIf(files.length === 0)(
    `every *.agent.md in the corpus loads by its stem (${files.length} found)`,
    async () => {
      sb.write(
        Object.fromEntries(
          files.map((f, i) => [`project/.github/agents/${i}-${basename(f)}`, readFileSync(join(corpus, f))]),
        ),
      );
      const { agents } = await discoverAgents(createRegistry([copilotProvider]), sb.ctx());
      expect(agents.length).toBeGreaterThan(0);
      for (const agent of agents) expect(`${agent.name}.agent.md`).toBe(basename(agent.filePath!));
    },
  );
});
