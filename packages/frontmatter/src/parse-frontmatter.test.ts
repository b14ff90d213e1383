import matter from "gray-matter";
import { afterEach, describe, expect, test, vi } from "vitest";
import { FrontmatterError } from "./errors.js";
import { parseFrontmatter } from "./parse-frontmatter.js";
import type { ParseLevel } from "./types.js";

/** Joins lines with LF, so fixtures read like the files they stand for. */
const md = (...lines: string[]): string => lines.join("\n");
const codes = (result: { diagnostics: Array<{ code: string }> }) => result.diagnostics.map((d) => d.code);
const LEVELS: ParseLevel[] = ["off", "warn", "fatal"];

/** A frontmatter whose fourth file line is not valid YAML; the other lines are plain fields. */
const MALFORMED = md(
  "---",
  "name: reviewer",
  "description: Reviews code",
  "tools: [Read, Grep",
  "model: opus",
  "---",
  "Body",
);

describe("rule 1: normalisation", () => {
  test("CRLF line endings leave no CR in values or body", () => {
    const result = parseFrontmatter("---\r\nname: a\r\ndescription: b\r\n---\r\nline 1\r\nline 2\r\n");
    expect(result.frontmatter).toEqual({ name: "a", description: "b" });
    expect(result.body).toBe("line 1\nline 2");
    expect(result.diagnostics).toEqual([]);
  });

  test("lone CR line endings are read as lines", () => {
    const result = parseFrontmatter("---\rname: a\r---\rline 1\rline 2");
    expect(result.frontmatter).toEqual({ name: "a" });
    expect(result.body).toBe("line 1\nline 2");
  });

  test("a leading BOM does not hide the frontmatter", () => {
    const result = parseFrontmatter("\uFEFF---\nname: a\n---\nbody");
    expect(result.frontmatter).toEqual({ name: "a" });
    expect(result.body).toBe("body");
  });

  test("HTML comments are removed from the frontmatter only: the body keeps them byte for byte (SPEC §15)", () => {
    const result = parseFrontmatter(
      md(
        "---",
        "name: a",
        "<!-- model: secret -->",
        "description: b <!-- inline -->",
        "---",
        "<!-- note -->Hello",
      ),
    );
    expect(result.frontmatter).toEqual({ name: "a", description: "b" });
    expect(result.body).toBe("<!-- note -->Hello");
  });

  test("a comment never hides a fence: the first `---` line closes the block, as every tool reads it", () => {
    const result = parseFrontmatter(md("---", "name: a", "<!--", "---", "-->", "---", "Body <!-- x -->"));
    expect(result.frontmatter).toEqual({ name: "a" });
    expect(result.body).toBe("-->\n---\nBody <!-- x -->");
    expect(parseFrontmatter("<!-- c -->---\nname: a\n---\nBody").frontmatter).toEqual({});
  });
});

describe("rule 2: no frontmatter", () => {
  test("text that does not start with `---` has none; the body is the whole text", () => {
    const result = parseFrontmatter("Hello\n---\nname: a\n---\n");
    expect(result).toEqual({ frontmatter: {}, body: "Hello\n---\nname: a\n---", diagnostics: [] });
  });

  test("a first line like `----` is not an opening delimiter", () => {
    const result = parseFrontmatter("----\nname: a\n----\nbody");
    expect(result.frontmatter).toEqual({});
    expect(result.body).toBe("----\nname: a\n----\nbody");
  });

  test("an unclosed block is no frontmatter, with a frontmatter/unclosed warning at line 1", () => {
    const result = parseFrontmatter("---\nname: a\ndescription: b\nbody", { location: "a.md" });
    expect(result.frontmatter).toEqual({});
    expect(result.body).toBe("---\nname: a\ndescription: b\nbody");
    expect(result.diagnostics).toEqual([
      expect.objectContaining({
        severity: "warning",
        code: "frontmatter/unclosed",
        filePath: "a.md",
        line: 1,
      }),
    ]);
  });

  test("a line starting `---xyz` does not close the block", () => {
    const result = parseFrontmatter("---\nname: a\n---xyz\nbody");
    expect(codes(result)).toEqual(["frontmatter/unclosed"]);
    expect(result.frontmatter).toEqual({});
  });

  test("an unclosed block is silent at `off` and throws at `fatal`", () => {
    expect(parseFrontmatter("---\nname: a", { level: "off" }).diagnostics).toEqual([]);
    expect(() => parseFrontmatter("---\nname: a", { level: "fatal", location: "a.md" })).toThrow(
      FrontmatterError,
    );
  });
});

describe("rule 3: YAML 1.2 with a safe engine", () => {
  test("tabs are turned into two spaces, so tab-indented YAML parses", () => {
    const result = parseFrontmatter("---\nname: a\nmeta:\n\tkey: v\n\tother: w\n---\nbody");
    expect(result.frontmatter).toEqual({ name: "a", meta: { key: "v", other: "w" } });
    expect(result.diagnostics).toEqual([]);
  });

  test("YAML 1.2: `yes`, `on` and `no` stay strings", () => {
    const result = parseFrontmatter("---\na: yes\nb: on\nc: no\n---\n");
    expect(result.frontmatter).toEqual({ a: "yes", b: "on", c: "no" });
  });

  test("a custom tag such as !!js/function is never turned into code", () => {
    const result = parseFrontmatter("---\nname: !!js/function 'function () { return 1 }'\n---\n");
    expect(typeof result.frontmatter.name).toBe("string");
  });

  describe("library never prints", () => {
    afterEach(() => vi.restoreAllMocks());
    test("YAML warnings (an unresolved tag) are not emitted as process warnings", () => {
      const emit = vi.spyOn(process, "emitWarning").mockImplementation(() => {});
      parseFrontmatter("---\nname: !unknown x\n---\n");
      expect(emit).not.toHaveBeenCalled();
    });
  });

  test("a billion-laughs alias bomb fails with frontmatter/yaml-error and keeps memory flat", () => {
    const rows = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (const [prev, next] of [..."abcdefgh"].map((c, i) => [c, "bcdefghi"[i]!])) {
      rows.push(`${next}: &${next} [${Array(9).fill(`*${prev}`).join(",")}]`);
    }
    const before = process.memoryUsage().heapUsed;
    const result = parseFrontmatter(md("---", "name: bomb", ...rows, "---", "body"), { location: "bomb.md" });
    const grown = process.memoryUsage().heapUsed - before;
    expect(codes(result)).toEqual(["frontmatter/yaml-error", "frontmatter/fallback"]);
    expect(result.diagnostics[0]!.message).toMatch(/alias/i);
    expect(result.frontmatter.name).toBe("bomb");
    expect(grown).toBeLessThan(50 * 1024 * 1024);
  });

  test("a few aliases (under the cap) still resolve", () => {
    const result = parseFrontmatter("---\nbase: &t [Read, Grep]\ntools: *t\n---\n");
    expect(result.frontmatter.tools).toEqual(["Read", "Grep"]);
    expect(result.diagnostics).toEqual([]);
  });

  test.each([
    ["flow [[[…", `x: ${"[".repeat(10_000)}${"]".repeat(10_000)}`],
    ["block sequences - - - …", `x:\n  ${"- ".repeat(10_000)}leaf`],
    [
      "block indentation (1,000 mapping levels)",
      Array.from({ length: 1_000 }, (_, i) => `${"  ".repeat(i)}k${i}:`).join("\n"),
    ],
  ])("10,000-level nesting (%s) fails with frontmatter/too-deep and keeps memory flat", (_, yaml) => {
    const before = process.memoryUsage().heapUsed;
    const result = parseFrontmatter(md("---", "name: deep", yaml, "---", "body"), { location: "deep.md" });
    const grown = process.memoryUsage().heapUsed - before;
    expect(result.diagnostics[0]).toEqual(expect.objectContaining({ code: "frontmatter/too-deep", line: 2 }));
    expect(result.frontmatter.name).toBe("deep");
    expect(result.body).toBe("body");
    expect(grown).toBeLessThan(50 * 1024 * 1024);
  });

  test("ordinary nesting (50 levels) is not refused", () => {
    const result = parseFrontmatter(md("---", `x: ${"[".repeat(50)}1${"]".repeat(50)}`, "---"));
    expect(result.diagnostics).toEqual([]);
    let value: unknown = result.frontmatter.x;
    let depth = 0;
    while (Array.isArray(value)) {
      value = value[0];
      depth++;
    }
    expect([depth, value]).toEqual([50, 1]);
  });

  test("gray-matter's cache hands back no shared objects and keeps no documents", () => {
    const text = md(
      "---",
      "name: cached",
      "output:",
      "  type: object",
      "  properties:",
      "    file-path: {type: string}",
      "---",
      "b",
    );
    const cacheSize = Object.keys((matter as unknown as { cache: object }).cache).length;
    const first = parseFrontmatter(text);
    (first.frontmatter.output as { type: string }).type = "mutated";
    first.frontmatter.name = "mutated";
    const second = parseFrontmatter(text);
    expect(second.frontmatter.name).toBe("cached");
    expect((second.frontmatter.output as { type: string }).type).toBe("object");
    expect(Object.keys((matter as unknown as { cache: object }).cache).length).toBe(cacheSize);
  });
});

describe("rule 4: YAML errors and non-mappings at each level", () => {
  test("warn: a yaml-error diagnostic with the file line, the fallback fields, and a fallback warning", () => {
    const result = parseFrontmatter(MALFORMED, { location: "agents/reviewer.md" });
    expect(result.diagnostics).toEqual([
      expect.objectContaining({ code: "frontmatter/yaml-error", filePath: "agents/reviewer.md", line: 5 }),
      expect.objectContaining({
        severity: "warning",
        code: "frontmatter/fallback",
        filePath: "agents/reviewer.md",
      }),
    ]);
    expect(result.frontmatter).toEqual({
      name: "reviewer",
      description: "Reviews code",
      tools: "[Read, Grep",
      model: "opus",
    });
    expect(result.body).toBe("Body");
  });

  test("warn: the line points at the offending line of the file", () => {
    const result = parseFrontmatter(md("---", "name: a", "description: b", "bad: one: two", "---"));
    expect(result.diagnostics[0]).toEqual(
      expect.objectContaining({ code: "frontmatter/yaml-error", line: 4 }),
    );
  });

  test("`key: a: b` gives yaml's wording and line, with or without the fast path", () => {
    const lines = ["---", "name: a", "description: Use it. Triggers on: 'GDPR', 'CCPA'.", "tools: Read"];
    // In the fast path's subset; then the same with a number after it, which only the engine reads.
    const fast = parseFrontmatter(md(...lines, "---", "Body"), { location: "a.md" });
    const engine = parseFrontmatter(md(...lines, "retries: 3", "---", "Body"), { location: "a.md" });
    const expected = {
      severity: "warning",
      code: "frontmatter/yaml-error",
      message: "invalid YAML frontmatter: Nested mappings are not allowed in compact mappings",
      filePath: "a.md",
      line: 3,
    };
    expect(fast.diagnostics[0]).toEqual(expected);
    expect(engine.diagnostics[0]).toEqual(expected);
    expect(fast.frontmatter).toEqual({
      name: "a",
      description: "Use it. Triggers on: 'GDPR', 'CCPA'.",
      tools: "Read",
    });
    expect(fast.body).toBe("Body");
  });

  test("warn: the line still counts from the file when a multi-line HTML comment came before", () => {
    const result = parseFrontmatter(md("---", "name: a", "<!-- a", "comment -->", "bad: one: two", "---"));
    expect(result.diagnostics[0]).toEqual(
      expect.objectContaining({ code: "frontmatter/yaml-error", line: 5 }),
    );
  });

  test("fatal: throws a FrontmatterError naming the location and line", () => {
    let error: unknown;
    try {
      parseFrontmatter(MALFORMED, { location: "agents/reviewer.md", level: "fatal" });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(FrontmatterError);
    const fe = error as FrontmatterError;
    expect(fe.message).toMatch(/^agents\/reviewer\.md:5: invalid YAML frontmatter/);
    expect([fe.name, fe.location, fe.line]).toEqual(["FrontmatterError", "agents/reviewer.md", 5]);
    expect(fe.cause).toBeInstanceOf(Error);
  });

  test("off: no diagnostics, but the fallback fields are still returned", () => {
    const result = parseFrontmatter(MALFORMED, { location: "agents/reviewer.md", level: "off" });
    expect(result.diagnostics).toEqual([]);
    expect(result.frontmatter).toEqual({
      name: "reviewer",
      description: "Reviews code",
      tools: "[Read, Grep",
      model: "opus",
    });
  });

  test("the fallback normalises kebab keys and trims values", () => {
    const result = parseFrontmatter(md("---", "thinking-level:   high  ", "bad: [", "---"), { level: "off" });
    expect(result.frontmatter).toEqual({ thinkingLevel: "high", bad: "[" });
  });

  test("a line inside the block starting with `---` is an error, not a silent early end", () => {
    const result = parseFrontmatter(md("---", "name: a", "---note", "description: b", "---", "body"));
    expect(result.diagnostics[0]).toEqual(
      expect.objectContaining({ code: "frontmatter/yaml-error", line: 3 }),
    );
    expect(result.frontmatter).toEqual({ name: "a", description: "b" });
  });

  test.each([
    ["a list", md("---", "- name: a", "- b", "---", "body"), /a list/],
    ["a scalar", md("---", "just some text", "---", "body"), /a string/],
    ["a number", md("---", "42", "---", "body"), /a number/],
  ])("YAML that is %s: not-a-mapping at warn, silent at off, thrown at fatal", (_, text, kind) => {
    const warn = parseFrontmatter(text, { location: "x.md" });
    expect(warn.diagnostics).toEqual([
      expect.objectContaining({
        code: "frontmatter/not-a-mapping",
        filePath: "x.md",
        line: 2,
        message: expect.stringMatching(kind),
      }),
    ]);
    expect(warn.frontmatter).toEqual({});
    expect(warn.body).toBe("body");
    const off = parseFrontmatter(text, { level: "off" });
    expect([off.frontmatter, off.diagnostics, off.body]).toEqual([{}, [], "body"]);
    expect(() => parseFrontmatter(text, { location: "x.md", level: "fatal" })).toThrow(
      /^x\.md:2: frontmatter must be a YAML mapping/,
    );
  });

  test("an empty block (or YAML null) is an empty mapping, not an error", () => {
    for (const text of ["---\n---\nbody", "---\n\n---\nbody", "---\n~\n---\nbody"]) {
      expect(parseFrontmatter(text, { level: "fatal" })).toEqual({
        frontmatter: {},
        body: "body",
        diagnostics: [],
      });
    }
  });
});

describe("rule 5: key normalisation and disabled code engines", () => {
  test("kebab-case keys become camelCase at every depth, through lists", () => {
    const result = parseFrontmatter(
      md(
        "---",
        "thinking-level: high",
        "run-options:",
        "  max-turns: 3",
        "  extra-args:",
        "    - arg-name: x",
        "---",
      ),
    );
    expect(result.frontmatter).toEqual({
      thinkingLevel: "high",
      runOptions: { maxTurns: 3, extraArgs: [{ argName: "x" }] },
    });
  });

  test("`output` is left untouched: nested property names like `file-path` survive", () => {
    const result = parseFrontmatter(
      md(
        "---",
        "output:",
        "  type: object",
        "  properties:",
        "    file-path: {type: string}",
        "    line-ranges: {type: array, items: {type: object, properties: {start-line: {type: integer}}}}",
        "  required: [file-path]",
        "---",
      ),
    );
    expect(result.frontmatter.output).toEqual({
      type: "object",
      properties: {
        "file-path": { type: "string" },
        "line-ranges": {
          type: "array",
          items: { type: "object", properties: { "start-line": { type: "integer" } } },
        },
      },
      required: ["file-path"],
    });
  });

  describe("a `---js` / `---javascript` / `---coffee` block is never executed", () => {
    const hit = globalThis as { __hit?: number };
    afterEach(() => {
      delete hit.__hit;
    });

    const blocks = [
      ["js", md("---js", '{ name: (globalThis.__hit = 1, "x") }', "---", "body")],
      ["javascript", md("---javascript", '({ name: (globalThis.__hit = 1, "x") })', "---", "body")],
      ["coffee", md("---coffee", 'name: (globalThis.__hit = 1; "x")', "---", "body")],
    ] as const;

    for (const level of LEVELS) {
      test.each(blocks)(`---%s at level ${level}`, (language, text) => {
        let result: ReturnType<typeof parseFrontmatter> | undefined;
        let error: unknown;
        try {
          result = parseFrontmatter(text, { location: "evil.md", level });
        } catch (caught) {
          error = caught;
        }
        expect(hit.__hit).toBeUndefined();
        if (level === "fatal") {
          expect(error).toBeInstanceOf(FrontmatterError);
          expect((error as Error).message).toContain(`"${language}"`);
          return;
        }
        expect(error).toBeUndefined();
        // Evaluated, the block would give name "x"; the fallback may at most read its text.
        expect(result!.frontmatter.name).not.toBe("x");
        expect(result!.body).toBe("body");
        if (level === "off") expect(result!.diagnostics).toEqual([]);
        else
          expect(result!.diagnostics[0]).toEqual(
            expect.objectContaining({ code: "frontmatter/engine-refused", line: 1 }),
          );
      });
    }
  });

  test("`---yaml` is an explicit YAML block and is read", () => {
    expect(parseFrontmatter("---yaml\nname: a\n---\nbody").frontmatter).toEqual({ name: "a" });
  });
});

describe("rule 6: the body", () => {
  test("is the text after the closing line, trimmed", () => {
    const result = parseFrontmatter("---\nname: a\n---\n\n  Hello\n\nWorld  \n\n");
    expect(result.body).toBe("Hello\n\nWorld");
  });

  test("`---` lines inside the body stay in the body and are not read as frontmatter", () => {
    const result = parseFrontmatter(md("---", "name: a", "---", "Intro", "---", "name: b", "---", "Outro"));
    expect(result.frontmatter).toEqual({ name: "a" });
    expect(result.body).toBe(md("Intro", "---", "name: b", "---", "Outro"));
  });

  test("a closing line with trailing spaces still closes the block", () => {
    const result = parseFrontmatter("---\nname: a\n---   \nbody");
    expect([result.frontmatter, result.body]).toEqual([{ name: "a" }, "body"]);
  });
});

describe("cyclic aliases", () => {
  test("an alias inside its own anchor is a yaml-error and the fallback keeps the plain fields", () => {
    const result = parseFrontmatter("---\nname: a\ndescription: d\nloop: &x [*x]\n---\nbody", {
      location: "c.md",
    });
    expect(result.frontmatter).toEqual({ name: "a", description: "d", loop: "&x [*x]" });
    expect(result.diagnostics.map((d) => d.code)).toEqual(["frontmatter/yaml-error", "frontmatter/fallback"]);
    expect(result.diagnostics[0]!.message).toContain("cycle");
  });

  test("a shared, non-cyclic alias is fine", () => {
    const result = parseFrontmatter("---\nbase: &b [x, y]\ncopy: *b\n---\n");
    expect(result.frontmatter).toEqual({ base: ["x", "y"], copy: ["x", "y"] });
    expect(result.diagnostics).toEqual([]);
  });

  test("at level fatal a cycle throws", () => {
    expect(() => parseFrontmatter("---\nk: &a [*a]\n---\n", { level: "fatal", location: "c.md" })).toThrow(
      /cycle/,
    );
  });
});
