import type { SourceFile } from "@roster/core";
import { describe, expect, test } from "vitest";
import { codexAgentFormat } from "./codex-agent-format.js";
import { CodexTomlError } from "./errors.js";

const file = (content: string, level: SourceFile["level"] = "warn"): SourceFile => ({
  filePath: "/p/.codex/agents/reviewer.toml",
  relativePath: "reviewer.toml",
  content,
  level,
});

// Shaped like a real Codex custom agent, with Codex-only settings roster does not model.
const REVIEWER = `name = "reviewer"
description = "Reviews a diff for correctness and risk."
model = "gpt-5-codex"
model_reasoning_effort = "high"
sandbox_mode = "read-only"
nickname_candidates = ["Rev"]
developer_instructions = """
Review like an owner.
Lead with the findings.
"""
`;

describe("codexAgentFormat.parse", () => {
  test("maps effort and instructions; keeps every other key (sandbox_mode, nickname_candidates) as written", () => {
    expect(codexAgentFormat.parse(file(REVIEWER))).toEqual({
      frontmatter: {
        name: "reviewer",
        description: "Reviews a diff for correctness and risk.",
        model: "gpt-5-codex",
        sandbox_mode: "read-only",
        nickname_candidates: ["Rev"],
        thinkingLevel: "high",
      },
      body: "Review like an owner.\nLead with the findings.",
      diagnostics: [],
    });
  });

  test("reads .toml files only", () => {
    expect(codexAgentFormat.extensions).toEqual([".toml"]);
  });

  test('the effort "none" is the thinking level "off"; others pass through for validation', () => {
    const none = codexAgentFormat.parse(
      file('name = "a"\ndescription = "d"\nmodel_reasoning_effort = "none"\n'),
    );
    expect(none.frontmatter.thinkingLevel).toBe("off");
    const odd = codexAgentFormat.parse(
      file('name = "a"\ndescription = "d"\nmodel_reasoning_effort = "max"\n'),
    );
    expect(odd.frontmatter.thinkingLevel).toBe("max");
  });

  test("roster fields tools, spawns, blocking and output pass through", () => {
    const parsed = codexAgentFormat.parse(
      file(
        'name = "a"\ndescription = "d"\ntools = ["Read"]\nspawns = "*"\nblocking = true\n[output]\ntype = "string"\n',
      ),
    );
    expect(parsed.frontmatter).toMatchObject({ tools: ["Read"], spawns: "*", blocking: true });
    expect({ ...(parsed.frontmatter.output as object) }).toEqual({ type: "string" });
  });

  test("CRLF and a BOM are accepted; the prompt keeps LF line ends", () => {
    const parsed = codexAgentFormat.parse(file(`\uFEFF${REVIEWER.replace(/\n/g, "\r\n")}`));
    expect(parsed.diagnostics).toEqual([]);
    expect(parsed.body).toBe("Review like an owner.\nLead with the findings.");
  });

  test("missing or blank developer_instructions: the file is unusable, as for Codex", () => {
    for (const text of [
      'name = "a"\ndescription = "d"\n',
      'name = "a"\ndescription = "d"\ndeveloper_instructions = "  "\n',
    ]) {
      const parsed = codexAgentFormat.parse(file(text));
      expect(parsed.body).toBe("");
      expect(parsed.diagnostics.map((d) => [d.severity, d.code])).toEqual([
        ["error", "codex/missing-instructions"],
      ]);
    }
  });

  test("a syntax error is a warning with its line; no fields", () => {
    const parsed = codexAgentFormat.parse(file('name = "a"\ndescription = \n'));
    expect(parsed.frontmatter).toEqual({});
    expect(parsed.diagnostics).toHaveLength(1);
    expect(parsed.diagnostics[0]).toMatchObject({
      severity: "warning",
      code: "codex/toml-error",
      line: 2,
      filePath: "/p/.codex/agents/reviewer.toml",
    });
  });

  test("a syntax error throws CodexTomlError at level fatal and is silent at level off", () => {
    expect(() => codexAgentFormat.parse(file("= broken", "fatal"))).toThrow(CodexTomlError);
    let caught: unknown;
    try {
      codexAgentFormat.parse(file('a = 1\nb = "x\n', "fatal"));
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(CodexTomlError);
    expect((caught as CodexTomlError).line).toBe(2);
    expect((caught as CodexTomlError).message).toContain("/p/.codex/agents/reviewer.toml:2");
    expect(codexAgentFormat.parse(file("= broken", "off")).diagnostics).toEqual([]);
  });
});
