import { toolTable } from "@roster/family";
import { argOf as arg, hostPlanner } from "@roster/testkit";
import { describe, expect, test } from "vitest";
import { opencodeFamily } from "./opencode-family.js";
import { opencodeHost } from "./opencode-host.js";

// The family's own host, planned in the family's own vocabulary (as the app hands them over).
const plan = hostPlanner({
  family: opencodeFamily,
  host: opencodeHost,
  tools: toolTable([opencodeFamily.vocabulary]),
});

describe("opencode's host is its family's", () => {
  test("the family's host slot holds it: opencodeFamily.host is opencodeHost, id opencode", () => {
    expect(opencodeFamily.host).toBe(opencodeHost);
    expect(opencodeHost.id).toBe("opencode");
  });

  test("models: the family's rules choose, a bare vendor id re-spelt with its provider", () => {
    expect(arg(plan({ model: ["gemini-2.5-pro"] }).args, "-m")).toBe("google/gemini-2.5-pro");
    expect(arg(plan({ model: ["claude-opus-4-1"] }).args, "-m")).toBe("anthropic/claude-opus-4-1");
    const { args, notes } = plan({ model: ["opus", "openrouter/x-1"] });
    expect(arg(args, "-m")).toBe("openrouter/x-1");
    expect(notes).toContain("models opencode does not take were skipped: opus");
  });
});
