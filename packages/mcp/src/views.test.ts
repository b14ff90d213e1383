// list_agents' pages: the next page of a filter takes the matches the filter found before
// (per agents list), and answers exactly as a filter made anew would, for any run of filters
// and cursors over one list.
import type { AgentDefinition } from "@roster/core";
import fc from "fast-check";
import { expect, test } from "vitest";
import { type AgentQuery, matchesQuery, pageOf } from "./views.js";

function agent(i: number, name: string, provider: string, source: string, plugin?: string): AgentDefinition {
  return {
    name,
    description: i % 3 === 0 ? "Reviews code" : "Writes tests",
    systemPrompt: "",
    source,
    provider,
    ...(plugin ? { plugin: { id: `${plugin}@m`, name: plugin, marketplace: "m", version: "1" } } : {}),
  } as AgentDefinition;
}

const agents: AgentDefinition[] = Array.from({ length: 40 }, (_, i) =>
  agent(
    i,
    `${["reviewer", "tester", "Review-bot", "kit"][i % 4]}-${i}`,
    ["claude", "codex", "plugins"][i % 3]!,
    ["project", "user"][i % 2]!,
    i % 5 === 0 ? "kit" : undefined,
  ),
);

const filter: fc.Arbitrary<AgentQuery> = fc.record(
  {
    query: fc.constantFrom("review", " REVIEW ", "test", "kit:", "nothing", "", "   "),
    provider: fc.constantFrom("claude", "codex", "plugins", "gemini"),
    source: fc.constantFrom("project", "user"),
    limit: fc.integer({ min: 1, max: 12 }),
  },
  { requiredKeys: [] },
);

test("pages of one agents list answer as a filter made anew, whatever filters came before", () => {
  fc.assert(
    fc.property(fc.array(fc.tuple(filter, fc.nat(3)), { minLength: 1, maxLength: 12 }), (calls) => {
      for (const [asked, pages] of calls) {
        let cursor: string | undefined;
        for (let p = 0; p <= pages; p++) {
          const query = { ...asked, ...(cursor !== undefined ? { cursor } : {}) };
          const page = pageOf(agents, query);
          // A copy of the list has no matches kept from before: the filter runs anew.
          expect(page).toEqual(pageOf([...agents], query));
          // And every page is a slice of the agents matchesQuery passes, one by one.
          const passing = agents.filter((a) => matchesQuery(a, asked));
          if ("agents" in page) {
            expect(page.total).toBe(passing.length);
            if (cursor === undefined) expect(page.agents).toEqual(passing.slice(0, page.agents.length));
          }
          if ("error" in page || page.nextCursor === undefined) break;
          cursor = page.nextCursor;
        }
      }
    }),
    { numRuns: 300 },
  );
});

test("a new agents list is filtered anew: matches kept for the list before do not answer for it", () => {
  const before = pageOf(agents, { query: "review" });
  const changed = [agent(99, "reviewer-new", "claude", "project"), ...agents];
  const after = pageOf(changed, { query: "review" });
  expect("agents" in before && "agents" in after).toBe(true);
  if (!("agents" in before) || !("agents" in after)) return;
  expect(after.total).toBe(before.total + 1);
  expect(after.agents[0]?.name).toBe("reviewer-new");
});
