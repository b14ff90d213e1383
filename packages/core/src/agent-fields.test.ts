import { describe, expect, test } from "vitest";
import { AgentParsingError, parseAgent, parseAgentFields } from "./agent-fields.js";
import type { Diagnostic } from "./types.js";

const base = { name: "a", description: "d" };

describe("parseAgentFields", () => {
  test("requires non-empty string name and description", () => {
    expect(parseAgentFields({ description: "d" })).toBeNull();
    expect(parseAgentFields({ name: "", description: "d" })).toBeNull();
    expect(parseAgentFields({ name: "  ", description: "d" })).toBeNull();
    expect(parseAgentFields({ name: 3, description: "d" })).toBeNull();
    expect(parseAgentFields({ name: "a", description: ["d"] })).toBeNull();
    expect(parseAgentFields(base)).toEqual(base);
  });

  test("tools: CSV or array, lower-cased, submit_result appended once", () => {
    expect(parseAgentFields({ ...base, tools: "Read, Grep,Glob" })?.tools).toEqual([
      "read",
      "grep",
      "glob",
      "submit_result",
    ]);
    expect(parseAgentFields({ ...base, tools: ["Bash", "submit_result"] })?.tools).toEqual([
      "bash",
      "submit_result",
    ]);
    expect(parseAgentFields({ ...base, tools: "" })?.tools).toBeUndefined();
  });

  test("spawns: '*' with spaces, CSV, array, empty", () => {
    expect(parseAgentFields({ ...base, spawns: " * " })?.spawns).toBe("*");
    expect(parseAgentFields({ ...base, spawns: "explore, plan" })?.spawns).toEqual(["explore", "plan"]);
    expect(parseAgentFields({ ...base, spawns: ["explore"] })?.spawns).toEqual(["explore"]);
    expect(parseAgentFields({ ...base, spawns: "" })?.spawns).toBeUndefined();
  });

  test("a task tool without spawns means spawns '*'; explicit spawns win", () => {
    expect(parseAgentFields({ ...base, tools: "read, task" })?.spawns).toBe("*");
    expect(parseAgentFields({ ...base, tools: "read, task", spawns: "plan" })?.spawns).toEqual(["plan"]);
    expect(parseAgentFields({ ...base, tools: "read" })?.spawns).toBeUndefined();
  });

  test("thinkingLevel from thinkingLevel or thinking; unknown dropped with a warning", () => {
    expect(parseAgentFields({ ...base, thinkingLevel: "high" })?.thinkingLevel).toBe("high");
    expect(parseAgentFields({ ...base, thinking: "minimal" })?.thinkingLevel).toBe("minimal");
    const diagnostics: Diagnostic[] = [];
    const fields = parseAgentFields({ ...base, thinkingLevel: "extreme" }, diagnostics);
    expect(fields?.thinkingLevel).toBeUndefined();
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ severity: "warning", code: "agent/unknown-thinking-level" });
  });

  test("model: CSV or array, trimmed, empties and inherit dropped", () => {
    expect(parseAgentFields({ ...base, model: " opus , ,inherit, sonnet" })?.model).toEqual([
      "opus",
      "sonnet",
    ]);
    expect(parseAgentFields({ ...base, model: ["inherit"] })?.model).toBeUndefined();
    expect(parseAgentFields({ ...base, model: ["gpt-5", "  "] })?.model).toEqual(["gpt-5"]);
  });

  test("output passes through untouched; blocking via parseBoolean", () => {
    const output = { properties: { "file-path": { type: "string" } } };
    expect(parseAgentFields({ ...base, output })?.output).toBe(output);
    expect(parseAgentFields({ ...base, blocking: "TRUE" })?.blocking).toBe(true);
    expect(parseAgentFields({ ...base, blocking: false })?.blocking).toBe(false);
    expect(parseAgentFields({ ...base, blocking: "maybe" })?.blocking).toBeUndefined();
  });
});

describe("parseAgent", () => {
  test("returns the definition with the body as system prompt", () => {
    const agent = parseAgent("/x/a.md", "---\nname: a\ndescription: d\n---\n\nBody here\n", "user");
    expect(agent).toMatchObject({
      name: "a",
      description: "d",
      systemPrompt: "Body here",
      source: "user",
      filePath: "/x/a.md",
    });
  });

  test("throws AgentParsingError naming the file when invalid", () => {
    expect(() => parseAgent("/x/b.md", "---\nname: b\n---\n", "user")).toThrow(AgentParsingError);
    expect(() => parseAgent("/x/b.md", "---\nname: b\n---\n", "user")).toThrow(/\/x\/b\.md/);
  });

  test("level fatal makes bad YAML throw", () => {
    expect(() => parseAgent("/x/c.md", "---\nname: [\n---\n", "bundled", "fatal")).toThrow(/\/x\/c\.md/);
  });
});
