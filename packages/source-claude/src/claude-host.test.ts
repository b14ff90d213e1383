import { toolTable } from "@roster/family";
import { argOf as arg, hostPlanner } from "@roster/testkit";
import { describe, expect, test } from "vitest";
import { claudeFamily } from "./claude-family.js";
import { claudeHost } from "./claude-host.js";

// The family's own host, planned in the family's own vocabulary (as the app hands them over).
const plan = hostPlanner({
  family: claudeFamily,
  host: claudeHost,
  tools: toolTable([claudeFamily.vocabulary]),
});

describe("Claude Code's host is its family's", () => {
  test("the family's host slot holds it: claudeFamily.host is claudeHost, id claude", () => {
    expect(claudeFamily.host).toBe(claudeHost);
    expect(claudeHost.id).toBe("claude");
  });

  test("models: the family's rules choose, in Claude Code's spelling, and name what was skipped", () => {
    const { args, notes } = plan({ model: ["gpt-5", "anthropic/claude-opus-4-1", "opus"] });
    expect(arg(args, "--model")).toBe("claude-opus-4-1");
    expect(notes).toContain("models Claude Code does not take were skipped: gpt-5");
    expect(arg(plan({ model: ["gpt-5", "sonnet"] }).args, "--model")).toBe("sonnet");
    expect(arg(plan({ model: ["gpt-5"] }).args, "--model")).toBeUndefined();
  });
});
