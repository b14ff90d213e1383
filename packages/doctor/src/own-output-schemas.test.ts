import type { AgentDefinition } from "@roster/core";
import { describe, expect, test } from "vitest";
import { hasOwnOutputSchemas } from "./own-output-schemas.js";
import { keysAsWrittenIn } from "./with-key-lines.js";

const agent = (filePath: string, output?: unknown): AgentDefinition =>
  ({
    name: "a",
    description: "d",
    systemPrompt: "",
    source: "project",
    provider: "p",
    filePath,
    output,
  }) as AgentDefinition;

describe("hasOwnOutputSchemas", () => {
  test("a file on disk with a schema, winner or shadowed; roster's own embedded schemas are not the user's", () => {
    const schema = { type: "object" };
    expect(hasOwnOutputSchemas({ agents: [agent("/p/a.md", schema)], shadowed: [] })).toBe(true);
    expect(
      hasOwnOutputSchemas({ agents: [], shadowed: [{ agent: agent("/p/a.md", schema) }] as never }),
    ).toBe(true);
    expect(
      hasOwnOutputSchemas({ agents: [agent("embedded:a.md", schema), agent("/p/b.md")], shadowed: [] }),
    ).toBe(false);
  });
});

describe("keysAsWrittenIn", () => {
  test("a key named as its file writes it; nothing for a file that cannot be read", () => {
    const keyOf = keysAsWrittenIn((path) =>
      path === "/p/a.md" ? "---\nallowed-tools: Read\n---\n" : undefined,
    );
    expect(keyOf("/p/a.md", "allowedTools")).toEqual(expect.objectContaining({ key: "allowed-tools" }));
    expect(keyOf("/p/gone.md", "allowedTools")).toBeUndefined();
  });
});
