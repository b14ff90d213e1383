import { createRequire } from "node:module";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { parseFrontmatter } from "./parse-frontmatter.js";
import { stringifyFrontmatter } from "./stringify-frontmatter.js";

const roundTrip = (fm: Record<string, unknown>, body: string) =>
  parseFrontmatter(stringifyFrontmatter(fm, body), { level: "fatal" });

// First in the file: nothing here has written YAML yet (each test file runs in its own worker).
describe("stringifyFrontmatter: the yaml library is loaded only for what is not simple", () => {
  const yamlLoaded = () =>
    Object.keys(createRequire(import.meta.url).cache).some((f) => /[\\/]yaml[\\/]dist[\\/]/.test(f));

  test("a simple frontmatter is written without loading it; a nested value loads it", () => {
    expect(yamlLoaded()).toBe(false);
    const simple = stringifyFrontmatter(
      { name: "a", description: "x: y", tools: ["Read"], maxTurns: 3, note: "two\nlines" },
      "B",
    );
    expect(simple).toBe(
      '---\nname: a\ndescription: "x: y"\ntools:\n  - Read\nmaxTurns: 3\nnote: |-\n  two\n  lines\n---\n\nB\n',
    );
    expect(yamlLoaded()).toBe(false);
    expect(stringifyFrontmatter({ name: "a", metadata: { team: "core" } }, "B")).toBe(
      "---\nname: a\nmetadata:\n  team: core\n---\n\nB\n",
    );
    expect(yamlLoaded()).toBe(true);
  });
});

describe("stringifyFrontmatter", () => {
  test("a description full of `: `, quotes, # and <example> blocks survives", () => {
    const description = [
      'Use when: the user says "review": always.',
      "<example>",
      "Context: a PR # 12 is open",
      "user: 'please look' - now",
      "assistant: I'll use the reviewer: it knows.",
      "</example>",
    ].join("\n");
    const parsed = roundTrip({ name: "reviewer", description }, "Body.");
    expect(parsed.frontmatter.description).toBe(description);
    expect(parsed.body.trim()).toBe("Body.");
  });

  test("values that YAML would read as other types stay strings; lists and numbers stay themselves", () => {
    const fm = {
      name: "yes",
      description: "---",
      model: "1.5",
      tools: ["Read", "Agent(a, b)"],
      maxTurns: 3,
      empty: "",
    };
    expect(roundTrip(fm, "x").frontmatter).toEqual(fm);
  });

  test("a body starting with --- or holding a frontmatter-like block stays the body", () => {
    const body = "---\nname: not-a-key\n---\nText";
    const parsed = roundTrip({ name: "a", description: "b" }, body);
    expect(parsed.frontmatter).toEqual({ name: "a", description: "b" });
    expect(parsed.body.trim()).toBe(body);
  });

  test("undefined entries are left out, order is kept, long lines are not folded", () => {
    const long = "word ".repeat(60).trim();
    const text = stringifyFrontmatter({ name: "a", skip: undefined, description: long }, "B");
    expect(text).toBe(`---\nname: a\ndescription: ${long}\n---\n\nB\n`);
  });
});

describe("stringifyFrontmatter: the body's trailing white space", () => {
  const ends = [
    " ",
    "\t",
    "\n",
    "\r",
    "\v",
    "\f",
    "\u00a0",
    "\u1680",
    "\u2000",
    "\u2028",
    "\u2029",
    "\u202f",
    "\u3000",
    "\ufeff",
    "x",
    "y",
  ];

  test("goes as /\\s+$/ took it, for any mix of white space", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...ends), { maxLength: 30 }), (chars) => {
        const body = chars.join("");
        const prompt = body.replace(/\r\n?/g, "\n").replace(/^\n+/, "").replace(/\s+$/, "");
        expect(stringifyFrontmatter({ name: "a" }, body)).toBe(`---\nname: a\n---\n\n${prompt}\n`);
      }),
      { numRuns: 500 },
    );
  });

  test("a body of many spaces before its last word is written in one pass (a regex took minutes)", () => {
    const body = `Hello${" ".repeat(300_000)}x${" \n\t".repeat(1_000)}`;
    const text = stringifyFrontmatter({ name: "a" }, body);
    expect(text.endsWith(`Hello${" ".repeat(300_000)}x\n`)).toBe(true);
  });
});
