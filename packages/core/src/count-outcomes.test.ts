import { describe, expect, test } from "vitest";
import { countOutcomes } from "./count-outcomes.js";
import type { FileRecord } from "./types.js";

const record = (kind: FileRecord["kind"], outcome: "loaded" | "shadowed" | "not-an-agent"): FileRecord =>
  (outcome === "not-an-agent"
    ? { path: "/x", provider: "p", scope: "project", kind, diagnostics: [], outcome }
    : outcome === "shadowed"
      ? {
          path: "/x",
          provider: "p",
          scope: "project",
          kind,
          diagnostics: [],
          outcome,
          name: "a",
          shadowedBy: "/y",
        }
      : {
          path: "/x",
          provider: "p",
          scope: "project",
          kind,
          diagnostics: [],
          outcome,
          name: "a",
        }) as FileRecord;

describe("countOutcomes", () => {
  test("counts each kind of file apart: a shadowed command is not a shadowed agent", () => {
    const counts = countOutcomes([
      record("agents", "loaded"),
      record("agents", "shadowed"),
      record("agents", "not-an-agent"),
      record("commands", "shadowed"),
      record("skills", "loaded"),
    ]);
    expect(counts.agents).toEqual({ loaded: 1, shadowed: 1, skipped: 0, "not-an-agent": 1, copy: 0 });
    expect(counts.commands).toEqual({ loaded: 0, shadowed: 1, skipped: 0, "not-an-agent": 0, copy: 0 });
    expect(counts.skills.loaded).toBe(1);
  });
});
