import { isUtf8 } from "node:buffer";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { heapAfterGc } from "@roster/testkit";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { parseFrontmatter } from "./parse-frontmatter.js";
import { parseFrontmatterBytes, parseFrontmatterHead, readBody } from "./parse-frontmatter-bytes.js";
import type { ParseLevel } from "./types.js";

/** What the string API gives for the same bytes, in the shape the bytes API answers in. */
function viaString(bytes: Buffer, level: ParseLevel = "warn") {
  try {
    const r = parseFrontmatter(bytes.toString("utf8"), { location: "a.md", level });
    return { frontmatter: r.frontmatter, body: r.body, diagnostics: r.diagnostics, validUtf8: isUtf8(bytes) };
  } catch (error) {
    return { threw: (error as Error).message };
  }
}

function viaBytes(bytes: Buffer, level: ParseLevel = "warn") {
  try {
    const r = parseFrontmatterBytes(bytes, { location: "a.md", level });
    return { frontmatter: r.frontmatter, body: r.body(), diagnostics: r.diagnostics, validUtf8: r.validUtf8 };
  } catch (error) {
    return { threw: (error as Error).message };
  }
}

describe("parseFrontmatterBytes", () => {
  test("decodes the frontmatter now and the body on demand, from the same bytes", () => {
    const bytes = Buffer.from("---\nname: a\ndescription: The reviewer\n---\n\nYou review. é\n");
    const parsed = parseFrontmatterBytes(bytes);
    expect(parsed.frontmatter).toEqual({ name: "a", description: "The reviewer" });
    expect(parsed.bodyStart).toBe(Buffer.byteLength("---\nname: a\ndescription: The reviewer\n---\n"));
    expect(parsed.validUtf8).toBe(true);
    // The body is read from the bytes when asked for: a change to them before that shows.
    bytes.write("Y", parsed.bodyStart! + 1);
    expect(parsed.body()).toBe("You review. é");
    expect(readBody(bytes, parsed.bodyStart!)).toBe("You review. é");
  });

  test("checks UTF-8 over the whole file, body included", () => {
    const bytes = Buffer.concat([
      Buffer.from("---\nname: a\n---\nbody "),
      Buffer.from([0xff]),
      Buffer.from("\n"),
    ]);
    const parsed = parseFrontmatterBytes(bytes);
    expect(parsed.validUtf8).toBe(false);
    expect(parsed.body()).toBe("body \ufffd");
  });

  test.each([
    ["no frontmatter", "just text\n", 0],
    ["a BOM and CRLF", "\ufeff---\r\nname: a\r\n---\r\nBody\r\n", 22],
    ["a comment over the closing line (it closes)", "---\nname: a\n<!--\n---\n-->\n---\nBody", 21],
    ["a lone CR before the closing line", "---\nname: a\r---\rBody", undefined],
    ["an unclosed block", "---\nname: a\nBody", undefined],
    ["NBSP after the closing dashes", "---\nname: a\n---\u00a0\nBody", undefined],
    ["a `---foo` line before the close", "---\nname: a\n---foo\n---\nBody", 23],
    ["a comment before the opening line (none)", "<!-- c -->---\nname: a\n---\nBody", 0],
    ["a comment at the third byte", "  <!-- c -->---\nname: a\n---\nBody", 0],
    ["a comment after a BOM", "\ufeff<!-- c -->---\nname: a\n---\nBody", 0],
    ["a comment in the body only", "---\nname: a\n---\nBody <!-- late --> text", 16],
  ])("%s: the same result as parseFrontmatter (body start %s)", (_, text, start) => {
    const bytes = Buffer.from(text);
    expect(viaBytes(bytes)).toEqual(viaString(bytes));
    expect(parseFrontmatterBytes(bytes).bodyStart).toBe(start);
  });

  // Files built from the pieces that move block boundaries and line numbers.
  const piece = fc.constantFrom(
    ...["---", "---\n", "\n---\n", "---foo", "--- ", "---\t", "---\u00a0", "---\u2003", "\r", "\r\n", "\n"],
    ...["name: a", "description: b c", "tools:\n  - Read", "x: |\n  y", "bad: a: b", "n: [", "k: 12"],
    ...["<!--", "-->", "<!-- c -->", "\ufeff", "é", "日本", "\t", " ", "Body text", "---js"],
  );
  const file = fc
    .tuple(
      fc.boolean(),
      fc.array(piece, { maxLength: 14 }),
      fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 2 }),
    )
    .map(([open, pieces, raw]) =>
      Buffer.concat([Buffer.from((open ? "---\n" : "") + pieces.join("")), Buffer.from(raw)]),
    );

  test("equals parseFrontmatter on random files, at every level (property, fixed seed)", () => {
    let lazyBodies = 0;
    fc.assert(
      fc.property(file, fc.constantFrom<ParseLevel>("warn", "off", "fatal"), (bytes, level) => {
        expect(viaBytes(bytes, level)).toEqual(viaString(bytes, level));
        if (level === "warn" && parseFrontmatterBytes(bytes).bodyStart !== undefined) lazyBodies++;
      }),
      { seed: 20261202, numRuns: 20_000 },
    );
    expect(lazyBodies).toBeGreaterThan(2_000);
  });
});

const corpus = fileURLToPath(new URL("../../../../shared/corpus", import.meta.url));

describe.skipIf(!existsSync(corpus))("parseFrontmatterBytes over the shared corpus", () => {
  test("every .md file gives what parseFrontmatter gives; nearly all decode only the frontmatter first", () => {
    const files = (readdirSync(corpus, { recursive: true, encoding: "utf8" }) as string[])
      .filter((f) => f.endsWith(".md"))
      .sort();
    let lazy = 0;
    let headOnly = 0;
    for (const file of files) {
      const bytes = readFileSync(join(corpus, file));
      expect(viaBytes(bytes), file).toEqual(viaString(bytes));
      const start = parseFrontmatterBytes(bytes).bodyStart;
      if (start !== undefined) lazy++;
      if (start !== undefined && start > 0) headOnly++;
    }
    expect(files.length).toBe(514);
    expect({ lazy, headOnly }).toEqual(LAZY_IN_CORPUS);
  });
});

/** Corpus files whose body is left undecoded until asked for, and of those the ones with a
 * frontmatter block decoded on its own (recorded from the corpus). */
const LAZY_IN_CORPUS = { lazy: 514, headOnly: 444 };

describe("what a parse keeps alive", () => {
  test("frontmatter strings of 40 files of 500 KB hold none of the files' text", () => {
    const body = `${"Prompt text. ".repeat(40_000)}\n`; // 520 KB
    const description = "A description long enough to be a slice of the text it was cut from.";
    const files = Array.from({ length: 40 }, (_, i) =>
      // A lone CR before the closing line: the whole file is decoded (the slow path).
      Buffer.from(
        `---\nname: agent-${i}\ndescription: ${description} ${i}\ntools: [Read, Grep]\n---\r${body}`,
      ),
    );
    const before = heapAfterGc();
    const kept = files.map((bytes) => parseFrontmatterHead(bytes).frontmatter);
    const grew = heapAfterGc() - before;
    expect(kept[39]?.description).toBe(`${description} 39`);
    expect(parseFrontmatterHead(files[0]!).bodyStart).toBeUndefined();
    // 40 decoded files would be 40 MB (two bytes a character once any is wide) or 20 MB.
    expect(grew).toBeLessThan(2_000_000);
  });
});
