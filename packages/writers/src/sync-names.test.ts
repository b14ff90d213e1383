import type { AgentDiscovery } from "@roster/core";
import { describe, expect, test } from "vitest";
import { SyncNameError, syncNamesOf, unknownRenamed } from "./sync-names.js";

describe("syncNamesOf", () => {
  test("the last = splits; the same agent named the same twice is one", () => {
    expect([...syncNamesOf(["a=b=c", "x=y", "x=y"])]).toEqual([
      ["a=b", "c"],
      ["x", "y"],
    ]);
  });

  test.each([["noequals"], ["=new"], ["agent= "]])("%j is a SyncNameError naming the form", (value) => {
    expect(() => syncNamesOf([value])).toThrow(SyncNameError);
    expect(() => syncNamesOf([value])).toThrow(
      `--name takes AGENT=NEW (as in --name CSharpExpert=csharp-expert), not ${JSON.stringify(value)}`,
    );
  });

  test("one agent given two names is refused", () => {
    expect(() => syncNamesOf(["a=b", "a=c"])).toThrow('--name names "a" twice');
  });
});

describe("unknownRenamed", () => {
  const discovery = {
    agents: [{ name: "rev" }, { name: "lint", plugin: { name: "tools" } }],
    shadowed: [{ agent: { name: "old" } }],
  } as unknown as AgentDiscovery;

  test("names, a plugin's plugin:name and shadowed agents are all here", () => {
    expect(
      unknownRenamed(
        discovery,
        new Map([
          ["rev", "r"],
          ["tools:lint", "l"],
          ["old", "o"],
        ]),
      ),
    ).toBeUndefined();
  });

  test("the first name not here, with every id to suggest from", () => {
    expect(
      unknownRenamed(
        discovery,
        new Map([
          ["rev", "r"],
          ["nope", "n"],
        ]),
      ),
    ).toEqual({
      agent: "nope",
      ids: ["rev", "lint", "tools:lint", "old"],
    });
  });
});
