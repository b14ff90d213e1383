import type { Diagnostic } from "@roster/core";
import { describe, expect, test } from "vitest";
import { doctorVerdict, summaryFails } from "./doctor-verdict.js";
import type { ToolFinding } from "./tool-finding.js";

const d = (severity: Diagnostic["severity"], message: string = severity): Diagnostic => ({
  severity,
  code: `x/${severity}`,
  message,
});
const tool = (errors: Diagnostic[], extra: Partial<ToolFinding> = {}): ToolFinding => ({
  tool: "demo",
  displayName: "Demo",
  errors: errors.length,
  warnings: 0,
  errorDiagnostics: errors,
  ...extra,
});

describe("doctorVerdict", () => {
  test("an error fails; a warning fails only with strict", () => {
    const warn = { summary: { errors: 0, warnings: 1 }, tools: [] };
    expect(doctorVerdict([d("warning")], warn).failed).toBe(false);
    expect(doctorVerdict([d("warning")], warn, { strict: true }).failed).toBe(true);
    expect(doctorVerdict([d("error")], { summary: { errors: 1, warnings: 0 }, tools: [] }).failed).toBe(true);
  });

  test("a tool that would refuse a file fails the run, and its errors follow doctor's own for machines, naming the tool", () => {
    const verdict = doctorVerdict([d("warning")], {
      summary: { errors: 0, warnings: 1 },
      tools: [tool([d("error", "a file")])],
    });
    expect(verdict.failed).toBe(true);
    expect(verdict.forMachines.map((x) => x.message)).toEqual(["warning", "Demo: a file"]);
    const refused = tool([], { refusedBy: { filePath: "/p/x.json", reason: { code: "c", message: "m" } } });
    expect(doctorVerdict([], { summary: { errors: 0, warnings: 0 }, tools: [refused] }).failed).toBe(true);
  });

  test("quiet shows errors only", () => {
    const verdict = doctorVerdict(
      [d("warning"), d("error"), d("info")],
      { summary: { errors: 1, warnings: 1 }, tools: [] },
      { quiet: true },
    );
    expect(verdict.diagnostics.map((x) => x.severity)).toEqual(["error"]);
  });
});

describe("summaryFails", () => {
  test("an error fails; a warning only with strict; nothing never", () => {
    expect(summaryFails({ errors: 1, warnings: 0 })).toBe(true);
    expect(summaryFails({ errors: 0, warnings: 2 })).toBe(false);
    expect(summaryFails({ errors: 0, warnings: 2 }, { strict: true })).toBe(true);
    expect(summaryFails({ errors: 0, warnings: 0 }, { strict: true })).toBe(false);
  });
});
