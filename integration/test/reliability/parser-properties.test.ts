// Property (a): for any byte string, and any text built from YAML-ish tokens,
// parseFrontmatter returns (never throws) at levels warn and off, its result has the
// documented shape, and its size stays bounded by the input's. At level fatal the only
// thing it may throw is a FrontmatterError.
import { FrontmatterError, parseFrontmatter } from "@roster/frontmatter";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { fcParams } from "./harness.js";

const TOKENS = [
  "---",
  "\n",
  "\n---\n",
  ":",
  ": ",
  " ",
  "&a ",
  "*a",
  "&b ",
  "*b",
  "[",
  "]",
  "{",
  "}",
  ",",
  "\t",
  "\r",
  "\r\n",
  "<!--",
  "-->",
  "- ",
  "name",
  "description",
  "thinking-level",
  "output",
  "__proto__",
  "x",
  "'",
  '"',
  "#",
  "|",
  ">",
  "?",
  "!!js/function ",
  "!tag ",
  "---js",
  "\uFEFF",
  "\u0000",
  "\uFFFD",
  "\\",
];

/** Texts of tokens, often opened and closed like a frontmatter block. */
const tokenText = fc
  .tuple(
    fc.boolean(),
    fc.array(fc.constantFrom(...TOKENS), { maxLength: 60 }),
    fc.boolean(),
    fc.array(fc.constantFrom(...TOKENS), { maxLength: 20 }),
  )
  .map(
    ([open, head, close, tail]) =>
      `${open ? "---\n" : ""}${head.join("")}${close ? "\n---\n" : ""}${tail.join("")}`,
  );

/** Arbitrary bytes decoded as UTF-8 (invalid sequences become U+FFFD), sometimes after `---\n`. */
const byteText = fc
  .tuple(fc.boolean(), fc.uint8Array({ maxLength: 400 }))
  .map(([open, bytes]) => `${open ? "---\n" : ""}${Buffer.from(bytes).toString("utf8")}`);

const SEVERITIES = new Set(["error", "warning", "info"]);

/**
 * Counts the nodes of a value as a consumer walking it would see them (shared
 * references counted each time), stopping at `cap`: an un-capped alias bomb would be
 * billions. Cycles also stop at the cap.
 */
function expandedSize(value: unknown, cap: number): number {
  let count = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0 && count < cap) {
    const v = stack.pop();
    count += 1;
    if (Array.isArray(v)) stack.push(...v);
    else if (v !== null && typeof v === "object") stack.push(...Object.values(v));
    else if (typeof v === "string") count += Math.floor(v.length / 16);
  }
  return count;
}

function checkShape(input: string, level: "warn" | "off") {
  const result = parseFrontmatter(input, { level, location: "prop.md" });
  expect(Object.keys(result).sort()).toEqual(["body", "diagnostics", "frontmatter"]);
  const fm = result.frontmatter;
  expect(fm !== null && typeof fm === "object" && !Array.isArray(fm)).toBe(true);
  expect(Object.getPrototypeOf(fm)).toBe(Object.prototype);
  expect(typeof result.body).toBe("string");
  expect(result.body).toBe(result.body.trim());
  expect(result.body.length).toBeLessThanOrEqual(input.length);
  expect(result.body.includes("\r")).toBe(false);
  expect(Array.isArray(result.diagnostics)).toBe(true);
  if (level === "off") expect(result.diagnostics).toEqual([]);
  expect(result.diagnostics.length).toBeLessThanOrEqual(3);
  for (const d of result.diagnostics) {
    expect(SEVERITIES.has(d.severity)).toBe(true);
    expect(d.code).toMatch(/^frontmatter\/[a-z]+(-[a-z]+)*$/);
    expect(typeof d.message).toBe("string");
    expect(d.message.length).toBeGreaterThan(0);
    expect(d.filePath).toBe("prop.md");
    if (d.line !== undefined) {
      expect(Number.isInteger(d.line) && d.line >= 1).toBe(true);
      expect(d.line).toBeLessThanOrEqual(input.split(/\r\n|\r|\n/).length + 1);
    }
  }
  // Bounded: alias expansion is capped, so what a consumer walks is linear in the input.
  const bound = 200 * (input.length + 1);
  expect(expandedSize(fm, bound + 1)).toBeLessThanOrEqual(bound);
  return result;
}

function parseChecked(input: string, level: "warn" | "off") {
  checkShape(input, level);
}

describe("parseFrontmatter on generated input", () => {
  const bytes = fcParams(300);
  test(`any byte string (${bytes.numRuns} runs): warn and off return the documented shape`, {
    timeout: 20_000 + bytes.numRuns * 20,
  }, () => {
    fc.assert(
      fc.property(byteText, (input) => {
        parseChecked(input, "warn");
        parseChecked(input, "off");
      }),
      bytes,
    );
  });

  const tokens = fcParams(600);
  test(`any YAML-ish token text (${tokens.numRuns} runs): warn and off return the documented shape`, {
    timeout: 20_000 + tokens.numRuns * 20,
  }, () => {
    fc.assert(
      fc.property(tokenText, (input) => {
        parseChecked(input, "warn");
        parseChecked(input, "off");
      }),
      tokens,
    );
  });

  test(`level fatal throws nothing but FrontmatterError (${tokens.numRuns} runs)`, {
    timeout: 20_000 + tokens.numRuns * 20,
  }, () => {
    fc.assert(
      fc.property(fc.oneof(tokenText, byteText), (input) => {
        try {
          parseFrontmatter(input, { level: "fatal", location: "prop.md" });
        } catch (error) {
          expect(error).toBeInstanceOf(FrontmatterError);
          expect((error as Error).message.startsWith("prop.md")).toBe(true);
        }
      }),
      tokens,
    );
  });

  test("plain fields survive any junk line: a valid name and description always come through", () => {
    const junk = fc
      .array(fc.constantFrom(...TOKENS), { maxLength: 12 })
      .map((t) => t.join("").replace(/[\r\n]/g, " "));
    fc.assert(
      fc.property(junk, (line) => {
        const input = `---\nname: keeper\ndescription: kept\njunk: ${line}\n---\nBody`;
        const result = parseFrontmatter(input, { level: "warn" });
        // Either YAML read it, or the fallback did: the plain fields are never lost...
        // ...unless the junk closes the block early or hides the rest in a comment.
        if (line.includes("<!--") || line.includes("---")) return;
        expect(result.frontmatter.name).toBe("keeper");
        expect(result.frontmatter.description).toBe("kept");
      }),
      fcParams(300),
    );
  });
});

// A cyclic alias (once a RangeError) in its smallest form.
test("parseFrontmatter('---\\nk: &a [*a]\\n---') at level warn does not throw", () => {
  expect(() => parseFrontmatter("---\nk: &a [*a]\n---\n", { level: "warn" })).not.toThrow();
});
