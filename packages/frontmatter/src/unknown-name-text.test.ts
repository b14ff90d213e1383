import { describe, expect, test } from "vitest";
import { unknownNameText, unknownValueText } from "./unknown-name-text.js";
import { unknownText } from "./unknown-text.js";

describe("unknownText", () => {
  test("the suggestions first, as a, b or c; then where to see them all", () => {
    expect(
      unknownText({ kind: "tool", flag: "--to", wanted: "codx", suggestions: ["codex"], all: "one of a" }),
    ).toBe('unknown tool "codx" for --to; did you mean codex? (one of a)');
    expect(unknownText({ kind: "agent", wanted: "x", suggestions: ["a", "b", "c"], all: "z" })).toBe(
      'unknown agent "x"; did you mean a, b or c? (z)',
    );
    expect(unknownText({ kind: "agent", wanted: 'a"b', suggestions: [], all: "z" })).toBe(
      'unknown agent "a\\"b" (z)',
    );
  });
});

describe("unknownNameText", () => {
  test("names its kind's list command and how many there are, or that there are none", () => {
    expect(unknownNameText({ kind: "agent", name: "revewer", names: ["reviewer", "planner"] })).toEqual({
      message: 'unknown agent "revewer"; did you mean reviewer? (roster list shows all 2)',
      suggestions: ["reviewer"],
    });
    expect(unknownNameText({ kind: "skill", name: "x", names: [] }).message).toBe(
      'unknown skill "x" (there are none here: roster skills list)',
    );
    expect(unknownNameText({ kind: "command", name: "x", names: ["y"] }).message).toContain(
      "(roster commands list shows all 1)",
    );
  });
  test("a given `all` replaces the list command", () => {
    expect(
      unknownNameText({ kind: "command", name: "lsit", names: ["list"], all: "roster --help lists them" })
        .message,
    ).toBe('unknown command "lsit"; did you mean list? (roster --help lists them)');
  });
});

describe("unknownValueText", () => {
  test("the flag, the closest value, and every value", () => {
    expect(
      unknownValueText({ kind: "tool", flag: "--as", wanted: "gemni", known: ["claude", "gemini"] }),
    ).toBe('unknown tool "gemni" for --as; did you mean gemini? (one of claude, gemini)');
  });
});
