import { toolTable } from "@roster/family";
import { argOf as arg, hostPlanner } from "@roster/testkit";
import { describe, expect, test } from "vitest";
import { codexFamily } from "./codex-family.js";
import { codexHost } from "./codex-host.js";

// The family's own host, planned in the family's own vocabulary (as the app hands them over).
const plan = hostPlanner({
  family: codexFamily,
  host: codexHost,
  tools: toolTable([codexFamily.vocabulary]),
});

describe("Codex's host is its family's", () => {
  test("the family's host slot holds it: codexFamily.host is codexHost, id codex", () => {
    expect(codexFamily.host).toBe(codexHost);
    expect(codexHost.id).toBe("codex");
  });

  test("models: the family's rules choose, in Codex's spelling, and name what was skipped", () => {
    const { args, notes } = plan({ model: ["claude-opus-4-1", "openai/gpt-5-codex"] });
    expect(arg(args, "-m")).toBe("gpt-5-codex");
    expect(notes).toContain("models Codex does not take were skipped: claude-opus-4-1");
    expect(arg(plan({ model: ["opus"] }).args, "-m")).toBeUndefined();
  });
});
