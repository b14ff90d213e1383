import type { AgentWriter } from "@roster/family";
import { draw, type Text } from "@roster/terminal";
import { describe, expect, it } from "vitest";
import { describeSkillCopies, describeSync, largeSync, SYNC_ASK_OVER, syncJson } from "./describe-sync.js";
import type { SyncEntry } from "./sync-agents.js";

const plain = (texts: readonly Text[]) => texts.map((t) => draw(t, false));
const view = { cwd: "/p", home: "/h" };
const writer = {
  tool: "acme",
  displayName: "Acme",
  agentsDir: () => "/p/.acme/agents",
} as unknown as AgentWriter;

describe("describeSync", () => {
  const entries: SyncEntry[] = [
    { tool: "acme", action: "create", agent: "a", filePath: "/p/.acme/agents/a.md", fields: [] },
    {
      tool: "acme",
      action: "conflict",
      agent: "b",
      filePath: "/p/.acme/agents/b.md",
      message: "a person's file",
    },
  ];
  const options = {
    ctx: { cwd: "/p", home: "/h", env: {} },
    entries,
    writers: [writer],
    scope: "project" as const,
    plan: { otherScope: 1 },
    judged: { failed: [], kept: [entries[1]!], fails: false },
    fallbackTool: "acme",
  };

  it("says per tool each file, then the totals, the other scope and what was kept", () => {
    const lines = plain(describeSync(view, { ...options, dryRun: false }));
    expect(lines[0]).toBe("Acme  .acme/agents");
    expect(lines[1]).toContain("created");
    expect(lines[1]).toContain("everything kept");
    expect(lines.slice(2)).toEqual([
      "1 created, 1 conflict",
      "1 user agent left out: a project sync writes project agents only (--scope user writes those)",
      "1 file left as it is (above); --strict makes that exit 1",
    ]);
  });

  it("a dry run says what it would do", () => {
    const lines = plain(describeSync(view, { ...options, dryRun: true, plan: { otherScope: 0 } }));
    expect(lines).toContain("1 would create, 1 conflict (dry run: nothing written)");
  });

  it("a tool with nothing to write says so", () => {
    expect(
      plain(describeSync(view, { ...options, entries: [], dryRun: false, plan: { otherScope: 0 } })),
    ).toEqual([
      "Acme  .acme/agents",
      "  nothing to write",
      "nothing to do",
      "1 file left as it is (above); --strict makes that exit 1",
    ]);
  });
});

describe("largeSync and syncJson", () => {
  it("asks only over the limit of files written or removed", () => {
    const writes = (n: number): SyncEntry[] =>
      Array.from({ length: n }, () => ({ tool: "acme", action: "update" }));
    expect(largeSync({ entries: writes(SYNC_ASK_OVER), writers: [writer], scope: "user" })).toBeUndefined();
    expect(largeSync({ entries: writes(SYNC_ASK_OVER + 1), writers: [writer], scope: "user" })).toBe(
      "this sync would write or remove 21 files in Acme's user folders",
    );
  });

  it("leaves the content out of the JSON", () => {
    const json = syncJson({
      entries: [{ tool: "acme", action: "create", content: "x" }],
      scope: "project",
      dryRun: true,
      otherScope: 0,
    });
    expect(json.entries).toEqual([{ tool: "acme", action: "create" }]);
  });
});

describe("describeSkillCopies", () => {
  it("a row per copy, then each file not copied", () => {
    const lines = plain(
      describeSkillCopies(view, [
        {
          skill: "deploy",
          tool: "acme",
          dir: "/p/.acme/skills/deploy",
          action: "create",
          loadsAs: "deploy",
          files: [
            { path: "SKILL.md", action: "copied" },
            { path: "big.bin", action: "skipped", reason: "too large" },
          ],
        } as never,
      ]),
    );
    expect(lines[0]).toContain("loads as deploy; 1 file");
    expect(lines[1]).toBe("  deploy: big.bin not copied (too large)");
  });

  it("no copy at all: every skill is already where its tools read it", () => {
    expect(plain(describeSkillCopies(view, []))).toEqual([
      "nothing to copy: every skill is already where each tool reads it",
    ]);
  });
});
