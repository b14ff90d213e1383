import { describe, expect, test } from "vitest";
import { codexHost } from "./codex-host.js";
// Through the entry: the package's own modules import one another in a circle (issue 51).
import { codexFamily } from "./index.js";

// The family's own host, planned in the family's own vocabulary (as the app hands them over).
type Invocation = Parameters<typeof codexHost.plan>[0];
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
  provider: "codex",
  source: "user",
  ...extra,
});
const plan = (extra: Partial<Invocation> = {}) =>
  codexHost.plan(invocation(extra), {
    depth: 1,
    tmpDir: "/tmp/roster-run-t1",
    trustProject: true,
    vocabulary: codexFamily.vocabulary,
  });
const arg = (args: readonly string[], flag: string) => {
  const i = args.indexOf(flag);
  return i >= 0 ? args[i + 1] : undefined;
};

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
