import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { jsonAnswer } from "./plan-common.js";

/** jsonAnswer as it read a fenced block before: the last block of a search of the whole text. */
function byWholeSearch(text: string): unknown {
  const t = text.trim();
  if (t.startsWith("{") || t.startsWith("[")) {
    try {
      return JSON.parse(t) as unknown;
    } catch {}
  }
  const last = [...t.matchAll(/```(?:json)?\s*\n([\s\S]*?)\n```/g)].at(-1)?.[1];
  if (last === undefined) return undefined;
  try {
    return JSON.parse(last) as unknown;
  } catch {
    return undefined;
  }
}

describe("jsonAnswer", () => {
  test("the last fenced block, as a search of the whole text finds it, for any text of fences", () => {
    const pieces = ["```", "```json", "\n", " ", "\t", "x", '{"a":1}', "[2]", "json", "{", "`"];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 24 }), (parts) => {
        const text = parts.join("");
        expect(jsonAnswer(text)).toEqual(byWholeSearch(text));
      }),
      { numRuns: 2000 },
    );
  });

  test("a host's output of many fences that never close is read in one pass", () => {
    const openings = "x```\n".repeat(100_000);
    expect(jsonAnswer(openings)).toBeUndefined();
    expect(jsonAnswer(`\`\`\`json\n{"ok":true}\n\`\`\`\n${openings}`)).toEqual({ ok: true });
    expect(jsonAnswer(`${openings}\n\`\`\`json\n{"ok":1}\n\`\`\``)).toBeUndefined();
  });
});
