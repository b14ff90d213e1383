import { draw } from "@roster/terminal";
import { describe, expect, test } from "vitest";
import { agentLines } from "./describe-agent.js";

describe("agentLines", () => {
  test("each field present (paths shown from the cwd, copies listed), then the prompt after a blank line", () => {
    const agent = {
      name: "a",
      description: "first",
      systemPrompt: "Be brief.",
      source: "project" as const,
      provider: "claude",
      filePath: "/p/.claude/agents/a.md",
      tools: [],
    };
    const lines = agentLines(agent, ["/h/.codex/agents/a.toml"], { cwd: "/p", home: "/h" }).map((t) =>
      draw(t, false),
    );
    expect(lines).toEqual([
      "name:          a",
      "description:   first",
      "source:        project",
      "provider:      claude",
      "file:          .claude/agents/a.md",
      "copies:        ~/.codex/agents/a.toml",
      "tools:         (none)",
      "\nBe brief.",
    ]);
  });
});
