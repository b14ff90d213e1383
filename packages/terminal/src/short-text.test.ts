import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { count, oneLine, shortList } from "./index.js";

describe("words", () => {
  const names = Array.from({ length: 236 }, (_, i) => `agent-${i}`).concat([
    "cloud-infrastructure-kubernetes-architect",
  ]);

  test("count: singular and plural, no (s)", () => {
    expect([count(0, "agent"), count(1, "agent"), count(2, "file")]).toEqual([
      "0 agents",
      "1 agent",
      "2 files",
    ]);
  });

  test("a long list is cut to the first names and a count", () => {
    expect(shortList(["a", "b"])).toBe("a, b");
    expect(shortList(names)).toBe("agent-0, agent-1, agent-2, agent-3, agent-4 and 232 more");
  });
});

describe("the fast path of oneLine gives what the plain form gives", () => {
  test("oneLine", () => {
    const piece = fc.constantFrom(
      "a",
      "bc",
      " ",
      "  ",
      "\t",
      "\n",
      "\r\n",
      "\u00a0",
      "\u2028",
      "\ufeff",
      "é",
    );
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 12 }),
        fc.option(fc.integer({ min: 1, max: 20 })),
        (pieces, max) => {
          const text = pieces.join("");
          const flat = text.replace(/\s+/g, " ").trim();
          const expected = max !== null && flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
          expect(oneLine(text, max ?? undefined)).toBe(expected);
        },
      ),
      { numRuns: 3000 },
    );
  });
});
