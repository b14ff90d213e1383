import type { Diagnostic } from "@roster/core";
import { describe, expect, test } from "vitest";
import { findingsText } from "./findings-text.js";

const finding: Diagnostic = {
  severity: "warning",
  code: "x/unknown-key",
  message: "unknown key colour",
  filePath: "/p/a.md",
  field: "colour",
};
const texts = (path: string) => (path === "/p/a.md" ? "---\nname: a\ncolour: red\n---\n" : undefined);

describe("findingsText", () => {
  test("github: one annotation a line, with the key's line read from the file's text", () => {
    const text = findingsText("github", [finding], { cwd: "/p", version: "1.2.3", texts });
    expect(text).toMatch(/^::warning file=a\.md,line=3,.*unknown key colour\n$/);
  });

  test("github with no finding: nothing at all (not an empty line)", () => {
    expect(findingsText("github", [], { cwd: "/p", version: "1.2.3" })).toBe("");
  });

  test("sarif: indented JSON naming roster's version, ending with a newline", () => {
    const text = findingsText("sarif", [finding], { cwd: "/p", version: "1.2.3", texts });
    expect(text.endsWith("}\n")).toBe(true);
    const sarif = JSON.parse(text);
    expect(sarif.runs[0].tool.driver.version).toBe("1.2.3");
    expect(sarif.runs[0].results[0].locations[0].physicalLocation.region.startLine).toBe(3);
  });
});
