import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AgentWriter } from "@roster/family";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { AgentExport } from "./export-agent.js";
import { exportError, exportFailure, exportName, exportSentence, judgeExport } from "./judge-export.js";

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "roster-judge-export-"));
  mkdirSync(join(root, "agents"));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const writer = {
  tool: "acme",
  displayName: "Acme",
  marker: "manifest",
  profile: { checkedAgainst: "acme 1.0" },
  // A file that does not parse has no roster mark: a person's.
  format: { parse: () => ({ kind: "unusable" }) },
  nameProblem: (name: string) => (name.includes(" ") ? "no spaces" : undefined),
} as unknown as AgentWriter;

function exported(over: Partial<AgentExport> = {}): AgentExport {
  return {
    ok: true,
    tool: "acme",
    name: "rev",
    dir: join(root, "agents"),
    root,
    relativePath: "rev.md",
    filePath: join(root, "agents", "rev.md"),
    content: "x",
    fields: [{ field: "name", fate: "kept", value: "rev" }],
    lossy: false,
    readBack: {} as AgentExport["readBack"],
    ...over,
  } as AgentExport;
}

const base = () => ({
  ctx: { cwd: root, home: root, env: {} },
  writer,
  strict: false,
  stdout: false,
  out: false,
  pinned: new Set<string>(),
});

describe("judgeExport", () => {
  it("writes a file where nothing is", () => {
    const judged = judgeExport({ ...base(), result: exported() });
    expect(judged).toMatchObject({ owner: "absent", conflict: false, writable: true, refused: false });
    expect(
      exportFailure({ name: "rev", writer, result: exported(), judged, target: "t", failed: undefined }),
    ).toBeUndefined();
  });

  it("leaves a person's file alone, and says so", () => {
    writeFileSync(join(root, "agents", "rev.md"), "mine");
    const judged = judgeExport({ ...base(), result: exported() });
    expect(judged).toMatchObject({ owner: "person", conflict: true, writable: false });
    expect(exportError(judged, undefined)).toEqual({
      code: "sync/conflict",
      message: "a file roster did not write is in the way",
    });
    expect(
      exportFailure({ name: "rev", writer, result: exported(), judged, target: "t", failed: undefined }),
    ).toBe("t exists and roster did not write it; left untouched (--out DIR or --stdout write elsewhere)");
  });

  it("never writes through a linked folder, and a source's file is the source's", () => {
    symlinkSync(join(root, "agents"), join(root, "linked"));
    const linked = exported({ filePath: join(root, "linked", "rev.md") });
    expect(judgeExport({ ...base(), result: linked }).owner).toBe("blocked");
    const pinned = judgeExport({ ...base(), result: exported(), pinned: new Set([exported().filePath]) });
    expect(pinned.owner).toBe("source");
    // --out writes elsewhere: a source's pins do not apply there.
    expect(
      judgeExport({ ...base(), out: true, result: exported(), pinned: new Set([exported().filePath]) }).owner,
    ).toBe("absent");
  });

  it("--strict refuses a lossy export and names what it would lose; --stdout writes no file", () => {
    const lossy = exported({
      fields: [{ field: "tools", fate: "dropped", value: ["X"] }] as AgentExport["fields"],
    });
    const judged = judgeExport({ ...base(), strict: true, result: lossy });
    expect(judged).toMatchObject({ refused: true, writable: false, lossy: true });
    expect(exportError(judged, undefined)?.code).toBe("export/strict");
    expect(
      exportFailure({ name: "rev", writer, result: lossy, judged, target: "t", failed: undefined }),
    ).toBe('--strict: exporting "rev" to Acme would lose tools; nothing written');
    expect(judgeExport({ ...base(), stdout: true, result: exported() })).toMatchObject({
      owner: "absent",
      writable: false,
    });
  });
});

describe("exportName and exportSentence", () => {
  it("renames only when the name written differs from the agent's", () => {
    expect(exportName(writer, "rev", undefined)).toEqual({ as: undefined, renamed: undefined });
    expect(exportName(writer, "rev", "rev")).toEqual({ as: "rev", renamed: undefined });
    expect(exportName(writer, "rev", "other").renamed).toEqual({
      to: "other",
      why: "written as other (--name)",
    });
  });

  it("says what was written, what a dry run would write, and what stdout holds", () => {
    const say = { writer, target: "a.md", written: false, writable: true, dryRun: false, stdout: false };
    expect(exportSentence({ ...say, written: true })).toBe(
      "wrote a.md — Acme loads it (checked against acme 1.0)",
    );
    expect(exportSentence({ ...say, dryRun: true })).toBe(
      "would write a.md — Acme would load it (checked against acme 1.0); dry run: nothing written",
    );
    expect(exportSentence({ ...say, writable: false, stdout: true })).toBe(
      "Acme would load it as a.md (checked against acme 1.0)",
    );
    expect(exportSentence({ ...say, writable: false })).toBeUndefined();
  });
});
