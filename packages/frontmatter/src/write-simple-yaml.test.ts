import { readFileSync } from "node:fs";
import { corpusFiles, hasCorpus } from "@roster/testkit";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import YAML from "yaml";
import { parseFrontmatter } from "./parse-frontmatter.js";
import { writeSimpleYaml } from "./write-simple-yaml.js";

/** The library's writing, with the options stringifyFrontmatter gives it. */
const library = (data: Record<string, unknown>) =>
  YAML.stringify(data, { lineWidth: 0, minContentWidth: 0, aliasDuplicateObjects: false });

/** Runs documents through both writers: those the fast path wrote, and where it differs. */
function differential(documents: Iterable<Record<string, unknown>>): { taken: number; drift: unknown[] } {
  let taken = 0;
  const drift: unknown[] = [];
  for (const data of documents) {
    const fast = writeSimpleYaml(data);
    if (fast === undefined) continue;
    taken++;
    const expected = library(data);
    if (fast !== expected) drift.push({ data, fast, library: expected });
  }
  return { taken, drift };
}

/** The places a string can take in a frontmatter: a value, a list item, a key. */
function* placesOf(value: string): Generator<Record<string, unknown>> {
  yield { k: value };
  yield { name: "a", description: value, model: "opus" };
  yield { tools: [value] };
  yield { tools: ["Read", value, "Grep"] };
  yield { [value]: "v" };
  yield { name: "a", [value]: 1 };
}

const PRINTABLE = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i));

/** Each printable ASCII character first, in the middle, last and alone, with and without spaces. */
const AROUND_EACH_CHARACTER = PRINTABLE.flatMap((c) => [
  c,
  `${c}a`,
  `${c} a`,
  `${c}${c}`,
  `a${c}b`,
  `a ${c}b`,
  `a${c} b`,
  `a ${c} b`,
  `a${c}`,
  `a ${c}`,
]);

const WORDS = ["true", "false", "yes", "no", "on", "off", "y", "n", "null", "nil", "~", "undefined"];

const AWKWARD = [
  "",
  " ",
  "  ",
  "a",
  "agent-name",
  ": ",
  " #",
  "a: b",
  "a:b",
  "a #b",
  "a#b",
  " a",
  "a ",
  "\ta",
  "a\t",
  "a\tb",
  "a\t#b",
  "a:\tb",
  "a\nb",
  "a\n",
  "\na",
  "\n",
  "a\n\nb",
  "a \nb",
  "a\n b",
  "a\r\nb",
  "a\n\n",
  "a\nb\n",
  "a\n\nb\n",
  "a\n\n\nb",
  "  a\nb",
  "a\nb ",
  "a\n\tb",
  "a\n---\nb",
  "---\nname: x\n---",
  "...\na",
  "# h\nb",
  "a\n#b",
  "- a\n- b",
  "a: b\nc",
  "true\n",
  "1\n2",
  "Context: x\n<example>\nuser: 'hi' # now\nassistant: \"I'll look\"\n</example>\n",
  "a\rb",
  "é",
  "日本語のエージェント",
  "emoji 🎉 here",
  "\u00a0a",
  "a\u00a0",
  "a\u2028b",
  "a\u2029b",
  "a\u0085b",
  "\ufeffa",
  "a\ufeff",
  "\ud800",
  "a\udfffb",
  "\ud83c\udf89",
  "\u001b[31mred\u001b[0m",
  "a\u007fb",
  "a\u0000b",
  "a\u000bb",
  ...WORDS.flatMap((w) => [w, w.toUpperCase(), `${w[0]!.toUpperCase()}${w.slice(1)}`, `${w} a`, `a ${w}`]),
  "0",
  "1",
  "-1",
  "+1",
  "007",
  "0o17",
  "0O17",
  "0x1F",
  "0X1f",
  "0b101",
  "1_000",
  "1e3",
  "1E3",
  "1e+3",
  "-1.5e-3",
  ".5",
  ".5e3",
  "1.",
  "+.5",
  "-.5",
  ".inf",
  "-.Inf",
  "+.INF",
  ".nan",
  ".NaN",
  "NaN",
  "Infinity",
  "-Infinity",
  "12:30",
  "12:30:45",
  "1,000",
  "3-5 files",
  "2024-01-01",
  "2024-01-01T10:00:00Z",
  "2001-12-14 21:59:43.10 -5",
  "---",
  "--- a",
  "a ---",
  "...",
  "... a",
  "%YAML 1.2",
  "- a",
  "-a",
  "? a",
  "?a",
  ":a",
  "a:",
  "a::b",
  "[a]",
  "{a}",
  "a,b",
  "a, b",
  "&a",
  "*a",
  "!a",
  "!!str a",
  "|",
  "|-",
  ">",
  "'a'",
  '"a"',
  "it's",
  'say "hi"',
  "@a",
  "`a`",
  "=",
  "<<",
  "<example>",
  "<example>\nContext: a PR # 12\nuser: 'look' - now\n</example>",
  "Use when: the user asks. <example>Context: x</example>",
  "Use PROACTIVELY for reviews; see https://example.com/#anchor (v1.2)",
  "x".repeat(1100),
  `${"word ".repeat(300)}end`,
];

const NUMBERS = [
  0,
  -0,
  1,
  -1,
  42,
  0.1,
  1.5,
  -2.25,
  1e21,
  1e-7,
  5e-324,
  Number.MAX_VALUE,
  Number.MAX_SAFE_INTEGER,
  2 ** 64,
  123456789.123,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
];

describe("writeSimpleYaml", () => {
  test("writes a frontmatter of plain values as the library does", () => {
    const data = {
      name: "reviewer",
      description: "Reviews PRs, diffs & patches; issue#12, key:value, 50% faster (v1.2) — said plainly",
      tools: ["Read", "Grep", "Bash(git diff:*)"],
      none: [],
      maxTurns: 3,
      temperature: 0.2,
      readonly: true,
      background: false,
      "generated-by": "roster",
    };
    const text = writeSimpleYaml(data);
    expect(text).toBe(
      [
        "name: reviewer",
        "description: Reviews PRs, diffs & patches; issue#12, key:value, 50% faster (v1.2) — said plainly",
        "tools:",
        "  - Read",
        "  - Grep",
        "  - Bash(git diff:*)",
        "none: []",
        "maxTurns: 3",
        "temperature: 0.2",
        "readonly: true",
        "background: false",
        "generated-by: roster",
        "",
      ].join("\n"),
    );
    expect(text).toBe(library(data));
  });

  test("quotes what YAML would not read plain, and writes a multi-line value as a literal block", () => {
    const data = {
      name: "true",
      description: "Use when: the user asks. It's #1 for 'reviews'",
      model: "1.5",
      empty: "",
      prompt: "First line\n\nThird: with a colon\n  indented\n",
      note: "two\nlines",
    };
    const text = writeSimpleYaml(data);
    expect(text).toBe(
      [
        'name: "true"',
        "description: \"Use when: the user asks. It's #1 for 'reviews'\"",
        'model: "1.5"',
        'empty: ""',
        "prompt: |",
        "  First line",
        "",
        "  Third: with a colon",
        "    indented",
        "note: |-",
        "  two",
        "  lines",
        "",
      ].join("\n"),
    );
    expect(text).toBe(library(data));
  });

  test("leaves the rest to the library: escapes, other quotes, block indicators, other types, nesting", () => {
    for (const data of [
      { description: 'say "hi": now' },
      { description: "a\\b: c" },
      { description: "a\tb" },
      { description: " leading space\nline" },
      { description: "\nleading line feed" },
      { description: "kept\n\n" },
      { description: "line\nlast " },
      { tools: ["x: y"] },
      { tools: ["a\nb"] },
      { model: "-x" },
      { maxTurns: Number.NaN },
      { big: 10n },
      { nothing: null },
      { metadata: { team: "core" } },
      { tools: ["Read", 3] },
      { tools: [["Read"]] },
      { tools: new Array(2) },
      { when: new Date(0) },
      { "a b": "c" },
      { true: "c" },
      {},
    ]) {
      expect(writeSimpleYaml(data), Object.keys(data).join()).toBeUndefined();
    }
  });

  test("each printable ASCII character first, in the middle, last and alone: identical to the library", () => {
    const { taken, drift } = differential(AROUND_EACH_CHARACTER.flatMap((value) => [...placesOf(value)]));
    expect(drift).toEqual([]);
    // The fast path is taken for most of them (letters, digits inside, most punctuation).
    expect(taken).toBeGreaterThan(AROUND_EACH_CHARACTER.length * 2);
  });

  test("awkward strings (quotes, blocks, YAML words, numbers, dates, unicode, controls): identical", () => {
    const { taken, drift } = differential(AWKWARD.flatMap((value) => [...placesOf(value)]));
    expect(drift).toEqual([]);
    expect(taken).toBeGreaterThan(100);
  });

  test("numbers in every notation and booleans: identical", () => {
    const documents = [...NUMBERS, true, false].flatMap((value) => [
      { k: value },
      { name: "a", maxTurns: value },
    ]);
    const { taken, drift } = differential(documents);
    expect(drift).toEqual([]);
    expect(taken).toBe(documents.length - 6);
  });

  test("any mix of the characters that matter: identical", () => {
    // Each character alone, and two words YAML reads specially.
    const piece = fc.constantFrom(..."ab \t\n:#-?.'\"[]{},&*!|>%@`~01exé\u00a0\u2028\u0085", "true", "---");
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), (pieces) => {
        const value = pieces.join("");
        expect(differential(placesOf(value)).drift).toEqual([]);
      }),
      { numRuns: 3000 },
    );
  });
});

describe.skipIf(!hasCorpus())("writeSimpleYaml on the real-world corpus (../shared/corpus)", () => {
  test("every agent and command frontmatter, and each of its values alone: identical to the library", () => {
    const frontmatters = corpusFiles()
      .map(
        (file) => parseFrontmatter(readFileSync(file, "utf8"), { location: file, level: "warn" }).frontmatter,
      )
      .filter((frontmatter) => Object.keys(frontmatter).length > 0);
    const whole = differential(frontmatters);
    const alone = differential(
      frontmatters.flatMap((frontmatter) =>
        Object.entries(frontmatter).flatMap(([key, value]) =>
          typeof value === "string" ? [{ [key]: value }, ...placesOf(value)] : [{ [key]: value }],
        ),
      ),
    );
    expect(whole.drift).toEqual([]);
    expect(alone.drift).toEqual([]);
    // Computed once from the corpus, then fixed: nearly all real frontmatter is simple.
    expect({ frontmatters: frontmatters.length, taken: whole.taken }).toEqual({
      frontmatters: 444,
      taken: 441,
    });
  });
});
