import { describe, expect, test } from "vitest";
import { filesAbout } from "./files-about.js";
import type { ToolViewFile } from "./tool-view.js";

const file = (relativePath: string, extra: Partial<ToolViewFile>): ToolViewFile => ({
  filePath: `/p/.gemini/agents/${relativePath}`,
  relativePath,
  scope: "project",
  outcome: "loaded",
  ...extra,
});

describe("filesAbout", () => {
  test("files the tool calls NAME but does not load, and unnamed refusals whose file name is NAME", () => {
    const reason = { code: "tool/untrusted" as const, message: "why" };
    const files = [
      file("planner.md", { outcome: "ignored", id: "planner", reason }),
      file("sub/planner.md", { outcome: "ignored", reason }),
      file("planner.agent.txt", { outcome: "rejected", reason }),
      // Loaded, or called by another name: not about NAME.
      file("other.md", { outcome: "loaded", id: "planner" }),
      file("planner-old.md", { outcome: "rejected", id: "planner-old", reason }),
      file("planner2.md", { outcome: "rejected", id: "something", reason }),
    ];
    expect(filesAbout({ files }, "planner").map((f) => f.relativePath)).toEqual([
      "planner.md",
      "sub/planner.md",
      "planner.agent.txt",
    ]);
    expect(filesAbout({ files }, "nobody")).toEqual([]);
  });
});
