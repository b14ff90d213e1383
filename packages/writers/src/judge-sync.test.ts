import { describe, expect, test } from "vitest";
import { judgeSync } from "./judge-sync.js";
import type { SyncEntry } from "./sync-agents.js";

const entry = (action: SyncEntry["action"], code?: SyncEntry["code"]): SyncEntry => ({
  tool: "codex",
  action,
  agent: "a",
  ...(code ? { code } : {}),
});

describe("judgeSync", () => {
  test("conflicts and refused agents are kept and reported: the run does not fail", () => {
    const entries = [
      entry("create"),
      entry("conflict", "sync/conflict"),
      entry("skip", "export/bad-name"),
      entry("skip", "sync/unwritable"),
      entry("skip", "sync/native"),
      entry("unchanged"),
    ];
    const judged = judgeSync(entries);
    expect(judged.fails).toBe(false);
    expect(judged.kept).toEqual([entries[1], entries[2], entries[3]]);
    expect(judged.failed).toEqual([]);
  });

  test("--strict: anything kept fails the run; nothing kept, nothing fails", () => {
    expect(judgeSync([entry("create"), entry("conflict", "sync/conflict")], { strict: true }).fails).toBe(
      true,
    );
    expect(judgeSync([entry("create"), entry("skip", "sync/native")], { strict: true }).fails).toBe(false);
  });

  test("a write that failed fails the run, strict or not", () => {
    const judged = judgeSync([entry("create"), entry("failed", "sync/unwritable")]);
    expect(judged.fails).toBe(true);
    expect(judged.failed).toHaveLength(1);
    expect(judged.kept).toEqual([]);
  });
});
