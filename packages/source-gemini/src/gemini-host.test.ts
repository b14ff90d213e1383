import { describe, expect, test } from "vitest";
import { geminiFamily } from "./gemini-family.js";
import { geminiHost } from "./gemini-host.js";

// The family's own host, planned in the family's own vocabulary (as the app hands them over).
type Invocation = Parameters<typeof geminiHost.plan>[0];
const invocation = (extra: Partial<Invocation> = {}): Invocation => ({
  id: "t1",
  agent: "reviewer",
  systemPrompt: "You review.",
  prompt: "Review src/a.ts",
  tools: null,
  spawns: "",
  model: null,
  thinkingLevel: null,
  outputSchema: null,
  cwd: "/work",
  provider: "gemini",
  source: "user",
  ...extra,
});
const plan = (extra: Partial<Invocation> = {}) =>
  geminiHost.plan(invocation(extra), {
    depth: 1,
    tmpDir: "/tmp/roster-run-t1",
    trustProject: true,
    vocabulary: geminiFamily.vocabulary,
  });
const arg = (args: readonly string[], flag: string) => {
  const i = args.indexOf(flag);
  return i >= 0 ? args[i + 1] : undefined;
};

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
