import { describe, expect, test } from "vitest";
import {
  BundledDefinitionError,
  bundledFilePath,
  parseBundledAgent,
  parseBundledCommand,
  parseBundledFile,
} from "./parse-bundled.js";

const good = "---\nname: helper\ndescription: Helps.\ntools: read, grep\n---\nYou help.\n";

describe("parseBundledAgent", () => {
  test("a clean text becomes a bundled agent with an embedded file path", () => {
    const agent = parseBundledAgent("helper.md", good);
    expect(agent).toEqual({
      name: "helper",
      description: "Helps.",
      tools: ["read", "grep", "submit_result"],
      toolsAsWritten: ["read", "grep"],
      systemPrompt: "You help.",
      source: "bundled",
      provider: "bundled",
      filePath: "embedded:helper.md",
    });
  });

  test("injected fields win over the file's own", () => {
    const agent = parseBundledAgent("helper.md", good, { name: "other", thinkingLevel: "high" });
    expect(agent.name).toBe("other");
    expect(agent.thinkingLevel).toBe("high");
  });

  test.each([
    ["malformed YAML", "---\nname: [unclosed\ndescription: x\n---\nbody\n", /invalid YAML/],
    ["YAML that is a list", "---\n- a\n- b\n---\nbody\n", /mapping/],
    ["an unclosed block", "---\nname: x\ndescription: y\nbody\n", /no closing/],
    ["a code-evaluating engine", '---js\n{ name: "x" }\n---\nbody\n', /not supported/],
    ["a missing description", "---\nname: x\n---\nbody\n", /agent\/missing-description/],
    ["no frontmatter at all", "just a body\n", /agent\/missing-name/],
    [
      "an unknown thinking level",
      "---\nname: x\ndescription: y\nthinking: huge\n---\nbody\n",
      /unknown-thinking-level/,
    ],
    ["an empty body", "---\nname: x\ndescription: y\n---\n", /no system prompt/],
    ["a suspicious name", "---\nname: ' x'\ndescription: y\n---\nbody\n", /suspicious-name/],
  ])("%s throws a BundledDefinitionError naming the file", (_label, text, reason) => {
    let caught: unknown;
    try {
      parseBundledAgent("bad.md", text);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(BundledDefinitionError);
    const error = caught as BundledDefinitionError;
    expect(error.file).toBe("bad.md");
    expect(error.message).toMatch(/^embedded:bad\.md: /);
    expect(error.message).toMatch(reason);
  });

  test("a frontmatter failure keeps the parser's error as the cause", () => {
    try {
      parseBundledFile("bad.md", "---\nname: [\n---\nbody\n");
      expect.unreachable();
    } catch (error) {
      expect((error as Error).cause).toBeInstanceOf(Error);
      expect(((error as Error).cause as Error).name).toBe("FrontmatterError");
    }
  });
});

describe("parseBundledCommand", () => {
  test("name from the file stem, description from frontmatter, body as instructions", () => {
    const command = parseBundledCommand("hello.md", "---\ndescription: Says hello\n---\nHello $@\n");
    expect(command).toEqual({
      name: "hello",
      description: "Says hello",
      instructions: "Hello $@",
      source: "bundled",
      filePath: "embedded:hello.md",
      provider: "bundled",
    });
  });

  test.each([
    ["malformed YAML", "---\ndescription: [\n---\nbody\n", /invalid YAML/],
    ["a missing description", "---\nother: x\n---\nbody\n", /description/],
    ["an empty body", "---\ndescription: d\n---\n", /no instructions/],
  ])("%s throws", (_label, text, reason) => {
    expect(() => parseBundledCommand("bad.md", text)).toThrow(BundledDefinitionError);
    expect(() => parseBundledCommand("bad.md", text)).toThrow(reason);
  });
});

test("bundledFilePath prefixes embedded:", () => {
  expect(bundledFilePath("explore.md")).toBe("embedded:explore.md");
});
