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

describe("permissions and what is kept (SPEC §3 addendum)", () => {
  test("disallowedTools and permissionMode are kept as written", () => {
    const fields = parseAgentFields({
      ...base,
      disallowedTools: "Bash, Write(src/**, docs/**)",
      permissionMode: " plan ",
    });
    expect(fields?.disallowedTools).toEqual(["Bash", "Write(src/**, docs/**)"]);
    expect(fields?.permissionMode).toBe("plan");
  });

  test("tools keep their spelling in toolsAsWritten; tools stays lower-cased for matching", () => {
    const fields = parseAgentFields({ ...base, tools: "Read, Grep, mcp__github__search" });
    expect(fields?.toolsAsWritten).toEqual(["Read", "Grep", "mcp__github__search"]);
    expect(fields?.tools).toEqual(["read", "grep", "mcp__github__search", "submit_result"]);
  });

  test("a family's list written with no tool stays empty as written; a list it renamed stays its own", () => {
    const none = parseAgentFields({ ...base, tools: ["submit_result"], toolsAsWritten: [] });
    expect(none?.tools).toEqual(["submit_result"]);
    expect(none?.toolsAsWritten).toEqual([]);
    const renamed = parseAgentFields({ ...base, tools: ["read"], toolsAsWritten: ["read_file"] });
    expect(renamed?.toolsAsWritten).toEqual(["read_file"]);
    // A value that is no list at all: the tools as core read them.
    expect(parseAgentFields({ ...base, tools: ["read"], toolsAsWritten: 5 })?.toolsAsWritten).toEqual([
      "read",
    ]);
  });

  test("Agent(a, b) and Task(c) in tools limit spawns; a plain agent tool means '*'", () => {
    const limited = parseAgentFields({ ...base, tools: "Read, Agent(worker, researcher), Task(c)" });
    expect(limited?.spawns).toEqual(["worker", "researcher", "c"]);
    expect(limited?.tools).toEqual(["read", "agent", "task", "submit_result"]);
    expect(limited?.toolsAsWritten).toEqual(["Read", "Agent(worker, researcher)", "Task(c)"]);
    expect(parseAgentFields({ ...base, tools: ["Agent"] })?.spawns).toBe("*");
    expect(parseAgentFields({ ...base, tools: ["Agent(x)"], spawns: "y" })?.spawns).toEqual(["y"]);
    expect(parseAgentFields({ ...base, tools: ["Read"] })?.spawns).toBeUndefined();
  });

  test("maxTurns: a positive whole number (also as text); anything else is reported", () => {
    expect(parseAgentFields({ ...base, maxTurns: 12 })?.maxTurns).toBe(12);
    expect(parseAgentFields({ ...base, maxTurns: "7" })?.maxTurns).toBe(7);
    const diagnostics: Diagnostic[] = [];
    expect(parseAgentFields({ ...base, maxTurns: -1 }, diagnostics)?.maxTurns).toBeUndefined();
    expect(diagnostics.map((d) => d.code)).toEqual(["agent/bad-max-turns"]);
  });

  test("every key roster does not model is kept untouched in extra", () => {
    const hooks = { PreToolUse: [{ matcher: "Bash" }] };
    const fields = parseAgentFields({ ...base, color: "blue", hooks, tools: "Read" });
    expect(fields?.extra).toEqual({ color: "blue", hooks });
    expect(fields?.extra?.hooks).toBe(hooks);
    expect(parseAgentFields(base)?.extra).toBeUndefined();
  });

  test("an object tools (opencode's legacy map) is not a tool list: it stays in extra", () => {
    const fields = parseAgentFields({ ...base, tools: { bash: false } });
    expect(fields?.tools).toBeUndefined();
    expect(fields?.extra).toEqual({ tools: { bash: false } });
  });
});
