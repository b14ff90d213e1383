import { toolTable } from "@roster/family";
import { argOf as arg, hostPlanner } from "@roster/testkit";
import { describe, expect, test } from "vitest";
import { geminiFamily } from "./gemini-family.js";
import { geminiHost } from "./gemini-host.js";

// The family's own host, planned in the family's own vocabulary (as the app hands them over).
const plan = hostPlanner({
  family: geminiFamily,
  host: geminiHost,
  tools: toolTable([geminiFamily.vocabulary]),
});

describe("Gemini CLI's host is its family's", () => {
  test("the family's host slot holds it: geminiFamily.host is geminiHost, id gemini", () => {
    expect(geminiFamily.host).toBe(geminiHost);
    expect(geminiHost.id).toBe("gemini");
  });

  test("models: the family's rules choose, in Gemini CLI's spelling, aliases included", () => {
    const { args, notes } = plan({ model: ["gpt-5", "google/gemini-2.5-pro"] });
    expect(arg(args, "-m")).toBe("gemini-2.5-pro");
    expect(notes).toContain("models Gemini CLI does not take were skipped: gpt-5");
    expect(arg(plan({ model: ["flash"] }).args, "-m")).toBe("flash");
  });
});
