import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import YAML from "yaml";
import { parseSimpleYaml } from "./fast-yaml.js";

function yamlOrError(text: string): unknown {
  try {
    return { ok: YAML.parse(text) ?? {} };
  } catch {
    return { error: true };
  }
}

describe("parseSimpleYaml", () => {
  test("reads flat plain, quoted and empty values", () => {
    expect(
      parseSimpleYaml(
        "name: a\ntools: Read, Grep, Glob\ndescription: \"x: y\"\nmodel: 'opus'\nempty:\n# c\n",
      ),
    ).toEqual({
      name: "a",
      tools: "Read, Grep, Glob",
      description: "x: y",
      model: "opus",
      empty: null,
    });
  });

  test.each([
    ["nested", "a:\n  b: c"],
    ["list", "a:\n- b"],
    ["number", "a: 12"],
    ["bool", "a: true"],
    ["yes", "a: Yes"],
    ["alias", "a: *x"],
    ["anchor", "a: &x b"],
    ["tag", "a: !!str b"],
    ["flow", "a: [b, c]"],
    ["block scalar", "a: |\n  b"],
    ["comment", "a: b # c"],
    ["compact mapping", "a: b: c"],
    ["duplicate", "a: b\na: c"],
    ["escape", 'a: "b\\n"'],
    ["doc marker", "..."],
    ["proto", "__proto__: x"],
  ])("leaves %s to the full parser", (_, text) => {
    expect(parseSimpleYaml(text)).toBeUndefined();
  });

  const word = fc.stringMatching(/^[A-Za-z][A-Za-z0-9_-]{0,8}$/);
  const piece = fc.constantFrom(
    "a",
    "Read",
    ", ",
    ": ",
    " #",
    "#",
    "-",
    "'",
    '"',
    "\\",
    "[",
    "]",
    "{",
    "}",
    "&x",
    "*x",
    "!",
    "|",
    ">",
    "12",
    "0x1f",
    "1e3",
    ".5",
    "~",
    "null",
    "true",
    "False",
    "yes",
    " ",
    "é",
    "\u0085",
    "\t",
    ":",
    "%",
    "@",
    "`",
    "=",
    "<<",
    "?",
  );
  const value = fc.array(piece, { maxLength: 6 }).map((p) => p.join(""));
  const doc = fc
    .array(fc.tuple(word, value, fc.constantFrom("", "#c", "  ", " x: y")), { maxLength: 6 })
    .map((lines) =>
      lines
        .map(([k, v, extra]) =>
          extra === "#c"
            ? `# ${k}`
            : extra === "  "
              ? `  ${k}: ${v}`
              : `${k}: ${v}${extra === " x: y" ? extra : ""}`,
        )
        .join("\n"),
    );

  test("whenever it answers, it equals YAML.parse (property, fixed seed)", () => {
    let answered = 0;
    fc.assert(
      fc.property(doc, (text) => {
        const fast = parseSimpleYaml(text);
        if (fast === undefined) return;
        answered++;
        expect({ ok: fast }).toEqual(yamlOrError(text));
      }),
      { seed: 4242, numRuns: 3000 },
    );
    // The property is only worth something if the fast path answers often.
    expect(answered).toBeGreaterThan(300);
  });
});

const corpus = fileURLToPath(new URL("../../../../shared/corpus", import.meta.url));

describe.skipIf(!existsSync(corpus))("parseSimpleYaml over the shared corpus", () => {
  test("every frontmatter it accepts parses to exactly what YAML gives", () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (name.endsWith(".md")) files.push(path);
      }
    };
    walk(corpus);
    let accepted = 0;
    let withFrontmatter = 0;
    for (const file of files) {
      const text = readFileSync(file, "utf8").replace(/\r\n?/g, "\n");
      const match = /^---\n([\s\S]*?\n)---(?:\n|$)/.exec(text);
      if (!match) continue;
      withFrontmatter++;
      const fast = parseSimpleYaml(match[1]!);
      if (fast === undefined) continue;
      accepted++;
      expect({ ok: fast }, file).toEqual(yamlOrError(match[1]!));
    }
    expect(withFrontmatter).toBe(444);
    // Recorded from the corpus: most real agent frontmatter is flat and plain.
    expect(accepted).toBe(404);
  });
});
