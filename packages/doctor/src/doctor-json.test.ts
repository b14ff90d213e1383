import type { Diagnostic, FileRecord } from "@roster/core";
import type { ToolView } from "@roster/profiles";
import { loadedAgentRecord } from "@roster/testkit";
import { describe, expect, test } from "vitest";
import { RULES_TABLE } from "./describe-doctor.js";
import { doctorJson, toolDoctorJson } from "./doctor-json.js";
import type { DoctorSummary } from "./run-doctor.js";

const warning: Diagnostic = { severity: "warning", code: "x/w", message: "w", filePath: "/p/a.md" };

describe("doctorJson", () => {
  test("the findings shown, the summary, each file's record by its folder, each tool without its error list", () => {
    const summary = { errors: 0, warnings: 1 } as DoctorSummary;
    const file = loadedAgentRecord("claude", "/p/.claude/agents/a.md") as unknown as FileRecord;
    const tool = { tool: "demo", displayName: "Demo", errors: 1, warnings: 0, errorDiagnostics: [warning] };
    expect(doctorJson([warning], { summary, files: [file], tools: [tool] })).toEqual({
      diagnostics: [warning],
      summary,
      files: [
        {
          path: "/p/.claude/agents/a.md",
          kind: "agent",
          provider: "claude",
          scope: "project",
          location: "/p/.claude/agents",
          outcome: "loaded",
        },
      ],
      tools: [{ tool: "demo", displayName: "Demo", errors: 1, warnings: 0 }],
    });
  });
});

describe("toolDoctorJson", () => {
  test("the tool's findings and summary, where every tool's rules are, what they were checked against", () => {
    const view = { tool: "demo", checkedAgainst: "demo 1.2" } as ToolView;
    const summary = { errors: 0, warnings: 1, files: 1 } as unknown as Parameters<
      typeof toolDoctorJson
    >[0]["summary"];
    expect(toolDoctorJson({ view, diagnostics: [warning], summary })).toEqual({
      diagnostics: [warning],
      summary,
      rules: RULES_TABLE,
      checkedAgainst: "demo 1.2",
    });
  });
});
