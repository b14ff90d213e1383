import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { blockLines, writtenKeys } from "./written-keys.js";

describe("writtenKeys", () => {
  /** The keys as the first version found them: every line of the block through one expression. */
  function keysBefore(content: string): string[] {
    const keys: string[] = [];
    for (const line of blockLines(content)) {
      const match = /^([^\s#:'"-][^:]*?|-[^\s:][^:]*?|"[^"]*"|'[^']*'):(\s|$)/.exec(line);
      if (match) keys.push(match[1]!.replace(/^["']|["']$/g, ""));
    }
    return keys;
  }

  test("the same keys as one expression over every line, for any block", () => {
    const piece = fc.constantFrom(
      "a",
      "b",
      ":",
      " ",
      "\t",
      "\n",
      "\r",
      "-",
      "#",
      '"',
      "'",
      "\u00a0",
      "\v",
      "---",
    );
    const block = fc.array(piece, { maxLength: 60 }).map((parts) => parts.join(""));
    fc.assert(
      fc.property(fc.boolean(), block, fc.boolean(), (bom, text, closed) => {
        const content = `${bom ? "\uFEFF" : ""}---\n${text}${closed ? "\n---\nbody: x\n" : ""}`;
        expect(writtenKeys(content)).toEqual(keysBefore(content));
      }),
      { numRuns: 2000 },
    );
  });
});

describe("the one keys-as-written scanner", () => {
  // Two scanners once disagreed here: the skills one read only unquoted keys and found none.
  test("a quoted key is the key it quotes", () => {
    expect(writtenKeys("---\nname: a\n\"color\": red\n'model': x\n---\nbody\n")).toEqual([
      "name",
      "color",
      "model",
    ]);
  });
});
