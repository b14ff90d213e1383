import { discoverAgents } from "@roster/core";
import { agentFile, createSandbox } from "@roster/testkit";
import { expect, test } from "vitest";
import { createDefaultRegistry } from "./registry.js";

test("the app registers the families in SPEC §4 order, config providers before plugins", () => {
  const extra = { id: "team", locate: () => [] };
  expect(createDefaultRegistry({ extraProviders: [extra] }).ids()).toEqual([
    "xcsh",
    "claude",
    "codex",
    "gemini",
    "opencode",
    "copilot",
    "cursor",
    "team",
    "plugins",
    "bundled",
  ]);
});

test(".gemini beats .opencode beats .github/agents beats .cursor; each wins the names no higher family has", async () => {
  const sb = createSandbox("roster-app-families-");
  try {
    sb.write({
      "project/.gemini/agents/shared.md": agentFile("shared", "gemini"),
      "project/.opencode/agents/shared.md": "---\ndescription: opencode\n---\nBody.\n",
      "project/.opencode/agents/o.md": "---\ndescription: opencode\n---\nBody.\n",
      "project/.github/agents/o.agent.md": "---\ndescription: copilot\n---\nBody.\n",
      "project/.github/agents/c.agent.md": "---\ndescription: copilot\n---\nBody.\n",
      "project/.cursor/agents/c.md": agentFile("c", "cursor"),
      "project/.cursor/agents/cur.md": agentFile("cur", "cursor"),
    });
    const { agents } = await discoverAgents(createDefaultRegistry(), sb.ctx());
    const found = Object.fromEntries(
      agents.filter((a) => a.source !== "bundled").map((a) => [a.name, `${a.provider}:${a.description}`]),
    );
    expect(found).toEqual({
      shared: "gemini:gemini",
      o: "opencode:opencode",
      c: "copilot:copilot",
      cur: "cursor:cursor",
    });
  } finally {
    sb.cleanup();
  }
});
