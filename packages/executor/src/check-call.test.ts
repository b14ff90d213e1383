// checkCall over an indexedDiscovery answers as over the discovery itself: the index only
// saves the search (roster graph checks each of its agents), for any name, scoped id,
// provider and session, and a frozen copy cannot go stale when the original changes.
import type { AgentDefinition, AgentDiscovery } from "@roster/core";
import fc from "fast-check";
import { expect, test } from "vitest";
import { checkCall, indexedDiscovery } from "./check-call.js";

interface Definition {
  name: string;
  provider: string;
  plugin: string | undefined;
  n: number;
}

const definition: fc.Arbitrary<Definition> = fc.record({
  name: fc.constantFrom("a", "b", "kit:a", ":a", "a:", "__proto__"),
  provider: fc.constantFrom("claude", "codex", "plugins"),
  plugin: fc.option(fc.constantFrom("kit", "other"), { nil: undefined }),
  n: fc.nat(),
});

function make({ name, provider, plugin, n }: Definition): AgentDefinition {
  return {
    name,
    description: `#${n}`,
    systemPrompt: "",
    source: "user",
    provider,
    ...(plugin ? { plugin: { id: `${plugin}@m`, name: plugin, marketplace: "m", version: "1" } } : {}),
  } as AgentDefinition;
}

const tasks = [{ id: "t", assignment: "x" }];

test("checkCall answers the same over an indexed discovery, for any name, provider and session", () => {
  fc.assert(
    fc.property(
      fc.array(definition, { maxLength: 8 }),
      fc.array(definition, { maxLength: 6 }),
      fc.constantFrom("a", "b", "kit:a", "other:a", "kit:b", ":a", "a:", "c", "__proto__", "constructor"),
      fc.option(fc.constantFrom("claude", "codex", "plugins"), { nil: undefined }),
      fc.option(fc.constantFrom("a", "b", "a,b", "none"), { nil: undefined }),
      fc.subarray(["a", "b", "kit:a"]),
      (w, s, name, provider, spawns, disabledAgents) => {
        const discovery: Pick<AgentDiscovery, "agents" | "shadowed"> = {
          agents: w.map(make),
          shadowed: s.map(make).map((agent) => ({ agent, shadowedBy: "x" })),
        };
        const call = (d: Pick<AgentDiscovery, "agents" | "shadowed">) =>
          checkCall({
            discovery: d,
            input: { agent: name, tasks, ...(provider !== undefined ? { provider } : {}) },
            session: {
              cwd: "",
              depth: 0,
              ...(spawns !== undefined ? { spawns } : {}),
              settings: { maxRecursionDepth: 2, disabledAgents },
            },
            blockedAgent: "b",
          });
        const plain = call(discovery);
        const indexed = call(indexedDiscovery(discovery));
        expect(indexed).toEqual(plain);
        if ("agent" in plain && "agent" in indexed) expect(indexed.agent).toBe(plain.agent);
      },
    ),
    { numRuns: 1000 },
  );
});

test("an indexed discovery is a frozen copy: a later change to the original does not reach it", () => {
  const first = make({ name: "a", provider: "claude", plugin: undefined, n: 1 });
  const second = make({ name: "a", provider: "codex", plugin: undefined, n: 2 });
  const original = { agents: [first, second], shadowed: [] };
  const indexed = indexedDiscovery(original);
  original.agents.reverse();
  const found = checkCall({
    discovery: indexed,
    input: { agent: "a", tasks },
    session: { cwd: "", depth: 0, settings: { maxRecursionDepth: 2, disabledAgents: [] } },
  });
  expect(found).toEqual({ agent: first });
  expect(Object.isFrozen(indexed.agents)).toBe(true);
  expect(() => indexed.agents.push(second)).toThrow(TypeError);
});
