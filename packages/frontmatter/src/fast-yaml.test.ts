import { readFileSync } from "node:fs";
import { corpusFiles, hasCorpus } from "@roster/testkit";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import YAML from "yaml";
import { parseSimpleYaml } from "./fast-yaml.js";

/** What the full engine gives, errors included, in a comparable shape. */
function yamlOf(text: string): unknown {
  try {
    return { ok: YAML.parse(text) };
  } catch {
    return { error: true };
  }
}

describe("parseSimpleYaml", () => {
  test("reads flat plain, quoted, boolean, empty and flow-list values", () => {
    expect(
      parseSimpleYaml(
        [
          "name: a",
          "tools: Read, Grep, Glob",
          'description: "x: y # z"',
          "model: 'opus'",
          "readonly: true",
          "blocking: FALSE",
          "empty:",
          "# a comment",
          "",
          "tags: [db, \"c d\", 'e']",
          "none: []",
          "hint: <path> [--depth quick|standard]",
          "odd: b\u00a0",
        ].join("\n"),
      ),
    ).toEqual({
      name: "a",
      tools: "Read, Grep, Glob",
      description: "x: y # z",
      model: "opus",
      readonly: true,
      blocking: false,
      empty: null,
      tags: ["db", "c d", "e"],
      none: [],
      hint: "<path> [--depth quick|standard]",
      odd: "b\u00a0",
    });
  });

  test.each([
    ["an empty text", ""],
    ["only comments", "# a\n\n# b\n"],
    ["nesting", "a:\n  b: c"],
    ["a block list", "a:\n- b"],
    ["a continuation line", "a: b\n  c"],
    ["a number", "a: 12"],
    ["a hex number", "a: 0x1f"],
    ["a float", "a: .5"],
    ["a signed float", "a: -1.5"],
    ["null", "a: null"],
    ["tilde", "a: ~"],
    ["a 1.1 boolean", "a: Yes"],
    ["an odd-case boolean", "a: tRue"],
    ["an alias", "a: *x"],
    ["an anchor", "a: &x b"],
    ["a tag", "a: !!str b"],
    ["a flow map", "a: {b: c}"],
    ["a nested flow list", "a: [[b]]"],
    ["a flow list with a map", "a: [b: c]"],
    ["a flow list with a comma in quotes", 'a: ["b,c"]'],
    ["a flow list with a trailing comma", "a: [b, ]"],
    ["a flow list with a comment", "a: [b] # c"],
    ["a block scalar", "a: |\n  b"],
    ["a folded scalar", "a: >-\n  b"],
    ["a comment after a value", "a: b # c"],
    ["a compact mapping", "a: b: c"],
    ["a trailing colon", "a: b:"],
    ["a duplicate key", "a: b\na: c"],
    ["an escape", 'a: "b\\n"'],
    ["an escaped single quote", "a: 'it''s'"],
    ["a quoted key", '"a": b'],
    ["a document marker", "a: b\n..."],
    ["a directive", "%YAML 1.1\na: b"],
    ["a merge key", "<<: b"],
    ["a proto key", "__proto__: x"],
    ["a tab", "a:\tb"],
    ["a CR", "a: b\rc: d"],
    ["a key over 128 characters", `${"k".repeat(1100)}: v`],
    ["an indented comment", "a: b\n  # c"],
    ["a key without a space", "a:b"],
  ])("leaves %s to the full parser", (_, text) => {
    expect(parseSimpleYaml(text)).toBeUndefined();
  });

  // Documents in and around the subset: pieces chosen to hit every refusal rule.
  const key = fc.oneof(
    fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_-]{0,8}$/),
    fc.constantFrom("null", "True", "yes", "y", "__proto__", "<<", "-a", "a b", "1", "k".repeat(1100)),
  );
  const piece = fc.constantFrom(
    ...["a", "Read", "x_y", ", ", ",", ": ", ":", " #", "#", " ", "  ", "-", "- ", "?", "'", '"', "\\"],
    ...["[", "]", "{", "}", "&x", "*x", "!", "|", ">", "<", "<<", "%", "@", "`", "=", "+", "~", "."],
    ...["12", "0x1f", "0o7", "1e3", ".5", ".inf", ".nan", "-1.5", "null", "Null", "true", "False"],
    ...["TRUE", "yes", "on", "\u00a0", "\u2003", "\u0085", "\u2028", "\t", "\r", "é", "日本", "\ufeff"],
  );
  const safe = fc.constantFrom("a", "Read", "x_y", ", ", ":", "#", " ", "\u00a0", "é", "<", "(x)", "/");
  const scalar = fc.oneof(
    fc.array(piece, { maxLength: 6 }).map((p) => p.join("")),
    fc
      .tuple(fc.constantFrom("a", "Bash", "ok"), fc.array(safe, { maxLength: 6 }))
      .map(([h, t]) => h + t.join("")),
  );
  const value = fc.oneof(
    scalar,
    scalar.map((s) => `"${s}"`),
    scalar.map((s) => `'${s}'`),
    fc
      .array(
        fc.oneof(
          scalar,
          scalar.map((s) => `"${s}"`),
        ),
        { maxLength: 4 },
      )
      .map((xs) => `[${xs.join(", ")}]`),
    fc.array(scalar, { maxLength: 3 }).map((xs) => `[${xs.join(",")}]`),
  );
  const goodKey = fc.stringMatching(/^[a-z][a-z0-9-]{0,8}$/);
  const goodValue = fc.oneof(
    fc
      .tuple(fc.constantFrom("a", "Bash", "ok"), fc.array(safe, { maxLength: 6 }))
      .map(([h, t]) => h + t.join("")),
    fc.constantFrom(
      ...["true", "False", "TRUE", "", '""', "''", "[]", "[Read, Grep]", '["a b", c]', "[yes]"],
    ),
    fc.constantFrom("yes", "No", "on", "~", "null", "12", "1e3", ".inf", "-1", "[true]", "[1]"),
  );
  const line = fc.oneof(
    { weight: 30, arbitrary: fc.tuple(goodKey, goodValue).map(([k, v]) => `${k}: ${v}`) },
    { weight: 6, arbitrary: fc.tuple(key, value).map(([k, v]) => `${k}: ${v}`) },
    fc.tuple(key, value).map(([k, v]) => `${k}:${v}`),
    key.map((k) => `${k}:`),
    scalar.map((s) => `# ${s}`),
    scalar.map((s) => `  ${s}`),
    fc.constantFrom("", "   ", "---", "...", "- a", "%YAML 1.2", "a: b\r", "\u00a0"),
  );
  const doc = fc.array(line, { maxLength: 7 }).map((lines) => lines.join("\n"));

  test("whenever it answers, it equals YAML.parse (property, fixed seed)", () => {
    let answered = 0;
    fc.assert(
      fc.property(doc, (text) => {
        const fast = parseSimpleYaml(text);
        if (fast === undefined) return;
        answered++;
        expect({ ok: fast }).toEqual(yamlOf(text));
      }),
      { seed: 20261202, numRuns: 20_000 },
    );
    // The property only means something if the fast path answers often.
    expect(answered).toBeGreaterThan(2_000);
  });
});

describe.skipIf(!hasCorpus())("parseSimpleYaml over the shared corpus", () => {
  test("every frontmatter it accepts parses to exactly what YAML gives", () => {
    const files = corpusFiles();
    let accepted = 0;
    let withFrontmatter = 0;
    for (const file of files) {
      const text = readFileSync(file, "utf8").replace(/\r\n?/g, "\n");
      const match = /^---\n([\s\S]*?\n)---(?:\n|$)/.exec(text);
      if (!match) continue;
      withFrontmatter++;
      // As parse-frontmatter hands it over: tabs already turned into two spaces.
      const yaml = match[1]!.replace(/\t/g, "  ");
      const fast = parseSimpleYaml(yaml);
      if (fast === undefined) continue;
      accepted++;
      expect({ ok: fast }, file).toEqual(yamlOf(yaml));
    }
    expect(withFrontmatter).toBe(444);
    // Recorded from the corpus: most real agent frontmatter is flat and plain.
    expect(accepted / withFrontmatter).toBeGreaterThan(0.9);
    expect(accepted).toBe(ACCEPTED_IN_CORPUS);
  });
});

/** How many of the corpus' 444 frontmatters the fast path takes (recorded when last widened). */
const ACCEPTED_IN_CORPUS = 420;
