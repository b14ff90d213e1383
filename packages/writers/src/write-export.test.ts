import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AgentWriter } from "@roster/family";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import type { AgentExport } from "./export-agent.js";
import type { ExportJudgement } from "./judge-export.js";
import { exportJson, writeExport } from "./write-export.js";

const writer = { tool: "t", displayName: "T", marker: "frontmatter" } as unknown as AgentWriter;

describe("writeExport", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "roster-export-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const ctx = () => ({ cwd: dir, home: join(dir, "home"), env: {} });
  const result = (filePath: string) =>
    ({ dir, root: dir, relativePath: "rev.md", filePath, content: "body" }) as unknown as AgentExport;

  test("writes the file and answers nothing", () => {
    const filePath = join(dir, "rev.md");
    expect(
      writeExport(ctx(), {
        writer,
        result: result(filePath),
        renamed: undefined,
        agentName: "rev",
        out: false,
      }),
    ).toBeUndefined();
    expect(readFileSync(filePath, "utf8")).toBe("body");
  });

  test("a write that fails answers why, without throwing", () => {
    mkdirSync(join(dir, "rev.md"));
    const why = writeExport(ctx(), {
      writer,
      result: result(join(dir, "rev.md")),
      renamed: undefined,
      agentName: "rev",
      out: false,
    });
    expect(why).toEqual(expect.any(String));
  });
});

describe("exportJson", () => {
  const judged = {
    lossy: false,
    writable: true,
    conflict: false,
    refused: false,
  } as unknown as ExportJudgement;
  const base = {
    agentName: "rev",
    renamed: undefined,
    writer,
    result: { filePath: "/p/rev.md", content: "c", fields: [] } as unknown as AgentExport,
    judged,
    written: true,
    failed: undefined,
    dryRun: false,
    stdout: false,
  };

  test("the fields in order, without the ones that do not apply", () => {
    expect(JSON.stringify(exportJson(base))).toBe(
      '{"agent":"rev","tool":"t","filePath":"/p/rev.md","written":true,"lossy":false,"fields":[]}',
    );
  });

  test("a rename, a dry run, a failed write and --stdout's content", () => {
    const value = exportJson({
      ...base,
      renamed: { to: "r", why: "written as r (--name)" },
      written: false,
      failed: "disk full",
      dryRun: true,
      stdout: true,
    });
    expect(Object.keys(value)).toEqual([
      "agent",
      "writtenAs",
      "renamed",
      "tool",
      "filePath",
      "written",
      "dryRun",
      "lossy",
      "error",
      "content",
      "fields",
    ]);
    expect(value.error).toEqual({ code: "sync/unwritable", message: "disk full" });
  });
});
