import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AgentWriter } from "@roster/family";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { NewAgentRefusal, NewAgentUsageError, newAgentOf, writeNewAgentFile } from "./make-new-agent.js";

/** A slug-only tool, as Gemini CLI is. */
const slugOnly = {
  tool: "slugs",
  displayName: "Slugs",
  folders: false,
  profile: { nameProblem: (name: string) => (/^[a-z0-9-_]+$/.test(name) ? undefined : "is not a slug") },
} as unknown as AgentWriter;

const ask = (over: Partial<Parameters<typeof newAgentOf>[0]> = {}) =>
  newAgentOf({
    writer: slugOnly,
    name: "rev",
    description: undefined,
    tools: undefined,
    prompt: undefined,
    readPrompt: async () => "from stdin",
    scope: "project",
    ...over,
  });

describe("newAgentOf", () => {
  test("a name the tool refuses is a usage error offering its slug", async () => {
    await expect(ask({ name: "Code Reviewer" })).rejects.toBeInstanceOf(NewAgentUsageError);
    await expect(ask({ name: "Code Reviewer" })).rejects.toThrow(/; try code-reviewer$/);
  });

  test("an empty --description, --prompt or --tools is a usage error; stdin is read only after the description passes", async () => {
    let read = 0;
    const readPrompt = async () => {
      read++;
      return " ";
    };
    await expect(ask({ description: " ", prompt: "-", readPrompt })).rejects.toThrow(
      "--description needs a text",
    );
    expect(read).toBe(0);
    await expect(ask({ prompt: "-", readPrompt })).rejects.toThrow("--prompt needs a text");
    expect(read).toBe(1);
    await expect(ask({ tools: " , " })).rejects.toThrow("--tools needs one or more tool names");
  });

  test("the agent: the starter prompt and description when none is given, the tools as a list, the tool as provider", async () => {
    const agent = await ask({ tools: "Read, Grep", scope: "user" });
    expect(agent.description).toBe("Describe when to use rev.");
    expect(agent.systemPrompt).toMatch(/^You are rev\. Describe when to use rev\./);
    expect(agent.tools).toEqual(expect.arrayContaining(["read", "grep"]));
    expect(agent.source).toBe("user");
    expect(agent.provider).toBe("slugs");
    expect((await ask({ prompt: "-" })).systemPrompt).toBe("from stdin");
  });
});

describe("writeNewAgentFile", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "roster-new-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const ctx = () => ({ cwd: dir, home: join(dir, "home"), env: {} });

  test("writes the file; a second write of it is refused as write/exists and leaves the first", () => {
    const filePath = join(dir, "rev.md");
    writeNewAgentFile({ ctx: ctx(), root: dir, filePath, content: "one", shown: "rev.md" });
    expect(readFileSync(filePath, "utf8")).toBe("one");
    let refusal: unknown;
    try {
      writeNewAgentFile({ ctx: ctx(), root: dir, filePath, content: "two", shown: "rev.md" });
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(NewAgentRefusal);
    expect((refusal as NewAgentRefusal).code).toBe("write/exists");
    expect((refusal as Error).message).toBe(
      "rev.md exists; roster new never replaces a file (another name, or edit that file)",
    );
    expect(readFileSync(filePath, "utf8")).toBe("one");
  });

  test("a path outside its root is refused with nothing written", () => {
    writeFileSync(join(dir, "x"), "");
    expect(() =>
      writeNewAgentFile({
        ctx: ctx(),
        root: join(dir, "inside"),
        filePath: join(dir, "rev.md"),
        content: "",
        shown: "rev.md",
      }),
    ).toThrow(/^cannot write rev\.md: .*; nothing written$/);
  });
});
