import { describe, expect, test } from "vitest";
import { type WhyReport, whyJson } from "./report-why.js";

const report = (extra: Partial<WhyReport> = {}): WhyReport => ({
  name: "reviwer",
  candidates: [],
  shadowed: [],
  copies: [],
  files: [],
  otherTools: [],
  ...extra,
});

describe("whyJson", () => {
  test("a winner: the report as it is, no error", () => {
    const won = report({ winner: { name: "reviwer", source: "project", provider: "claude" } });
    expect(whyJson(won, ["reviwer"])).toEqual({ value: won });
  });
  test("a name nothing defines: the unknown-agent text, closest name first, in the JSON and beside it", () => {
    const { value, error } = whyJson(report({ suggestions: ["reviewer"] }), ["reviewer", "planner"]);
    expect(error).toMatch(/^unknown agent "reviwer".*reviewer/);
    expect(value).toMatchObject({
      name: "reviwer",
      error,
      code: "cli/unknown-agent",
      suggestions: ["reviewer"],
    });
    expect(Object.keys(value).slice(-2)).toEqual(["error", "code"]);
  });
});
