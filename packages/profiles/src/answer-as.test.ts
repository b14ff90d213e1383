import { describe, expect, test } from "vitest";
import { notLoadedJson, unknownAsAgent, whyAsJson } from "./answer-as.js";
import type { ToolView, ToolViewFile } from "./tool-view.js";

const view = {
  tool: "codex",
  displayName: "Codex",
  places: [{ dir: "/p/.codex/agents", scope: "project" }],
  agents: [
    { id: "reviewer", description: "d", scope: "project", filePath: "/p/.codex/agents/reviewer.toml" },
    { id: "planner", description: "d", scope: "user" },
  ],
} as unknown as ToolView;
const file = {
  filePath: "/p/.codex/agents/rev.toml",
  outcome: "invalid",
  reason: { code: "tool/invalid", message: "no name" },
} as unknown as ToolViewFile;

describe("unknownAsAgent", () => {
  test("the tool's name for its agents, the closest ids and how many it has", () => {
    expect(unknownAsAgent(view, "reviewr")).toEqual({
      message: 'unknown Codex agent "reviewr"; did you mean reviewer? (roster list --as codex shows all 2)',
      suggestions: ["reviewer"],
    });
  });
});

describe("whyAsJson", () => {
  test("the winner in the shape every --json gives an agent, then places and files", () => {
    const value = whyAsJson({ name: "reviewer", view, winner: view.agents[0], files: [file] });
    expect(Object.keys(value)).toEqual(["name", "tool", "winner", "places", "files"]);
    expect(value.winner).toEqual({
      name: "reviewer",
      description: "d",
      source: "project",
      filePath: "/p/.codex/agents/reviewer.toml",
    });
  });

  test("no winner: no winner field", () => {
    expect(Object.keys(whyAsJson({ name: "x", view, winner: undefined, files: [] }))).toEqual([
      "name",
      "tool",
      "places",
      "files",
    ]);
  });
});

describe("notLoadedJson", () => {
  test("each file with its outcome and reason, under the cli/not-loaded code", () => {
    expect(
      notLoadedJson({ view, name: "rev", message: "m", files: [file, { ...file, reason: undefined }] }),
    ).toEqual({
      tool: "codex",
      name: "rev",
      error: "m",
      code: "cli/not-loaded",
      files: [
        { filePath: file.filePath, outcome: "invalid", reason: file.reason },
        { filePath: file.filePath, outcome: "invalid" },
      ],
    });
  });
});
