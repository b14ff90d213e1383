import type { FieldMapping } from "@roster/family";
import { draw, type Text } from "@roster/terminal";
import { describe, expect, it } from "vitest";
import { describeNewAgent, type NewAgentWritten, newAgentJson } from "./describe-new-agent.js";
import { checkNewAgent } from "./judge-new-agent.js";

const plain = (texts: readonly Text[]) => texts.map((t) => draw(t, false));
const filePath = "/p/.acme/agents/rev.md";
const view = { cwd: "/p", home: "/h" };
const reason = {
  code: "tool/untrusted" as const,
  message: "Acme reads /p/.acme only once you trust /p in Acme",
};
const kept: FieldMapping = { field: "name", fate: "kept", to: "name", value: "rev" };
const changed: FieldMapping = {
  field: "tools",
  fate: "changed",
  to: "tools",
  value: ["Read"],
  note: "as read_file",
};

const written = (over: Partial<NewAgentWritten>): NewAgentWritten => ({
  name: "rev",
  writer: { tool: "acme", displayName: "Acme" },
  scope: "project",
  filePath,
  fields: [kept],
  check: checkNewAgent({ check: undefined, filePath, name: "rev" }),
  viewed: false,
  ...over,
});

describe("describeNewAgent", () => {
  it("a file the tool loads: created, with the roster why that checked it when asked", () => {
    expect(plain(describeNewAgent(view, written({})))).toEqual([
      "created .acme/agents/rev.md — Acme loads it as rev",
    ]);
    expect(plain(describeNewAgent(view, written({ viewed: true })))).toEqual([
      "created .acme/agents/rev.md — Acme loads it as rev (checked: roster why rev --as acme)",
    ]);
  });

  it("a file the tool loads after a step of yours says the step, paths shown short, wrapped at spaces", () => {
    const check = checkNewAgent({
      check: { displayName: "Acme", files: [{ filePath, reason }] },
      filePath,
      name: "rev",
    });
    const piped = plain(describeNewAgent(view, written({ check })));
    expect(piped).toEqual([
      "created .acme/agents/rev.md — Acme loads it after a step of yours: Acme reads .acme only once you trust /p in Acme",
    ]);
    const narrow = plain(describeNewAgent({ ...view, columns: 40 }, written({ check })));
    expect(narrow.length).toBeGreaterThan(1);
    expect(narrow.join(" ")).toBe(piped[0]);
  });

  it("the fields not kept whole follow, the kept ones are not listed", () => {
    const lines = plain(describeNewAgent(view, written({ fields: [kept, changed] })));
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain("tools");
    expect(lines[1]).not.toContain("name");
  });
});

describe("newAgentJson", () => {
  it("says whether the tool loads it, and the gate only when it asks first", () => {
    expect(newAgentJson(written({}))).toEqual({
      name: "rev",
      tool: "acme",
      scope: "project",
      filePath,
      loads: true,
      fields: [kept],
    });
    const check = checkNewAgent({
      check: { displayName: "Acme", files: [{ filePath, reason }] },
      filePath,
      name: "rev",
    });
    expect(newAgentJson(written({ check }))).toMatchObject({ loads: false, reason });
  });
});
