import { draw, type Text } from "@roster/terminal";
import { describe, expect, test } from "vitest";
import {
  notLoadedMessage,
  toolAgentLines,
  toolListingLines,
  toolResolvesLine,
  toolViewHeader,
  toolWhyLines,
} from "./describe-tool-view.js";
import type { ToolView } from "./tool-view.js";

const plain = (lines: readonly Text[]) => lines.map((t) => draw(t, false)).join("\n");
const screen = { cwd: "/p", home: "/h" };
const reason = { code: "tool/missing-key" as const, message: "Demo skips a file without `description`" };

function view(extra: Partial<ToolView> = {}): ToolView {
  return {
    tool: "demo",
    displayName: "Demo",
    checkedAgainst: "demo 1",
    places: [
      { dir: "/p/.demo/agents", scope: "project", status: "read" },
      { dir: "/h/.demo/agents", scope: "user", status: "missing" },
    ],
    files: [
      {
        filePath: "/p/.demo/agents/a.md",
        relativePath: "a.md",
        scope: "project",
        outcome: "loaded",
        id: "a",
      },
      {
        filePath: "/p/.demo/agents/b.md",
        relativePath: "b.md",
        scope: "project",
        outcome: "rejected",
        id: "b",
        reason,
      },
    ],
    agents: [
      { id: "a", name: "a", description: "first\\nline", scope: "project", filePath: "/p/.demo/agents/a.md" },
      { id: "helper", description: "built in", scope: "builtin" },
    ],
    ...extra,
  };
}

describe("toolViewHeader", () => {
  test("names the tool and the version its rules were checked against, dimmed", () => {
    const header = toolViewHeader(view());
    expect(header.style).toBe("dim");
    expect(header.text).toBe("as Demo (rules checked against demo 1)");
  });
});

describe("toolListingLines", () => {
  test("a table of the agents shown, paths relative, built-ins so named, then the count with the files not loaded", () => {
    const v = view();
    expect(plain(toolListingLines(v, v.agents, { screen }))).toBe(
      [
        "NAME    SOURCE   FILE               DESCRIPTION",
        "a       project  .demo/agents/a.md  first line",
        "helper  builtin  (built-in)         built in",
        "",
        "2 agents; 1 file not loaded (roster doctor --as demo)",
      ].join("\n"),
    );
  });

  test("a word that finds some: `1 of 2 agents`; a refused configuration is said before the count", () => {
    const v = view({
      refusedBy: { filePath: "/p/demo.json", reason: { code: "tool/bad-field", message: "bad JSON" } },
    });
    const lines = plain(toolListingLines(v, [v.agents[0]!], { screen }));
    expect(lines).toContain("Demo loads nothing here: demo.json: bad JSON");
    expect(lines.split("\n").at(-1)).toBe("1 of 2 agents; 1 file not loaded (roster doctor --as demo)");
  });
});

describe("toolWhyLines", () => {
  test("each place with the files of the name there (winner or outcome) or its status, the legend, then the reasons", () => {
    const v = view();
    const lines = plain(toolWhyLines(v, v.files, screen)).split("\n");
    expect(lines[0]).toMatch(/^#\s+SOURCE\s+LOCATION\s+OUTCOME\s+FILE$/);
    expect(lines[1]).toMatch(/^1\s+project\s+\.demo\/agents\s+winner\s+\.demo\/agents\/a\.md$/);
    expect(lines[2]).toMatch(/^1\s+project\s+\.demo\/agents\s+rejected\s+\.demo\/agents\/b\.md$/);
    expect(lines[3]).toMatch(/^2\s+user\s+~\/\.demo\/agents\s+missing$/);
    expect(lines[4]).toBe("");
    // The legend names each outcome shown once, winner first.
    // (a place read with no file of the name is `absent`).
    expect(lines.slice(5, 9).map((l) => l.split(/\s{2,}/)[0])).toEqual([
      "winner",
      "absent",
      "missing",
      "rejected",
    ]);
    expect(lines.at(-1)).toBe(".demo/agents/b.md: Demo skips a file without `description`");
  });
});

describe("toolResolvesLine and notLoadedMessage", () => {
  test("the file NAME resolves to, or the tool's built-in", () => {
    const v = view();
    expect(draw(toolResolvesLine(v, "a", v.agents[0]!, screen), false)).toBe(
      "\na resolves to .demo/agents/a.md (project)",
    );
    expect(draw(toolResolvesLine(v, "helper", v.agents[1]!, screen), false)).toBe(
      "\nhelper resolves to Demo's built-in (builtin)",
    );
  });

  test("each file of the name and why the tool will not load it, with the command that shows more", () => {
    const v = view();
    expect(notLoadedMessage(v, "b", [v.files[1]!], screen)).toBe(
      'Demo does not load "b": .demo/agents/b.md is rejected: Demo skips a file without `description` (roster why b --as demo)',
    );
  });
});

describe("toolAgentLines", () => {
  test("the tool's fields; with roster's record, its other fields and the prompt after a blank line", () => {
    const v = view();
    const agent = v.agents[0]!;
    expect(plain(toolAgentLines(agent, undefined, screen))).toBe(
      [
        "name:            a",
        "description:     first\\nline",
        "source:          project",
        "file:            .demo/agents/a.md",
      ].join("\n"),
    );
    const definition = {
      name: "a",
      description: "first",
      systemPrompt: "Be brief.\nAlways.",
      source: "project" as const,
      provider: "demo",
      tools: ["Read"],
      model: ["fast"],
    };
    const lines = plain(toolAgentLines(agent, definition, screen)).split("\n");
    expect(lines.slice(4)).toEqual([
      "tools:           Read",
      "model:           fast",
      "",
      "Be brief.",
      "Always.",
    ]);
  });
});
