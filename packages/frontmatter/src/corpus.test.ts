import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { CORPUS_DIR, corpusFiles, hasCorpus } from "@roster/testkit";
import { describe, expect, test } from "vitest";
import { parseFrontmatter } from "./parse-frontmatter.js";

const corpus = CORPUS_DIR;

/** Every `.md` file of the corpus, relative to it, in a stable order. */
function markdownFiles(): string[] {
  return corpusFiles().map((file) => relative(corpus, file));
}

/**
 * An independent reading of `name:`: the first frontmatter line `name: value` whose value is a
 * plain scalar YAML reads as itself (no quotes, flow, block, anchor, tag, comment, or number).
 */
function scanName(raw: string): string | undefined {
  const lines = raw.replace(/^\uFEFF/, "").split(/\r\n|\r|\n/);
  if (lines[0]?.trim() !== "---") return undefined;
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === "---") return undefined;
    const match = /^name:[ ]+(.+?)\s*$/.exec(line);
    if (!match) continue;
    const value = match[1]!;
    if (!/^[A-Za-z][\w .\-/]*$/.test(value) || /^(true|false|null)$/i.test(value)) return undefined;
    return value;
  }
  return undefined;
}

describe.skipIf(!hasCorpus())("the real-world corpus (../shared/corpus)", () => {
  // Computed once from the corpus with this parser, then fixed: a change in parsing moves them.
  const EXPECTED = { files: 514, clean: 506, withFrontmatter: 444, fallback: 8 };

  test("every .md file parses at `warn` without throwing; the counts are as recorded", () => {
    const files = markdownFiles();
    let clean = 0;
    let withFrontmatter = 0;
    let fallback = 0;
    const otherCodes = new Set<string>();
    for (const file of files) {
      const result = parseFrontmatter(readFileSync(join(corpus, file), "utf8"), {
        location: file,
        level: "warn",
      });
      if (result.diagnostics.length === 0) clean++;
      if (Object.keys(result.frontmatter).length > 0) withFrontmatter++;
      if (result.diagnostics.some((d) => d.code === "frontmatter/fallback")) fallback++;
      for (const d of result.diagnostics) {
        expect(d.filePath).toBe(file);
        if (d.code !== "frontmatter/fallback" && d.code !== "frontmatter/yaml-error") otherCodes.add(d.code);
      }
    }
    expect({ files: files.length, clean, withFrontmatter, fallback }).toEqual(EXPECTED);
    expect([...otherCodes]).toEqual([]);
  });

  test("each file's parsed `name` equals a plain line scan of its simple `name:` line", () => {
    let compared = 0;
    const drift: Array<[string, unknown, string]> = [];
    for (const file of markdownFiles()) {
      const raw = readFileSync(join(corpus, file), "utf8");
      const scanned = scanName(raw);
      if (scanned === undefined) continue;
      compared++;
      const parsed = parseFrontmatter(raw, { location: file, level: "warn" }).frontmatter.name;
      if (parsed !== scanned) drift.push([file, parsed, scanned]);
    }
    expect(drift).toEqual([]);
    // Recorded like the counts above: a change means the scan or the corpus changed.
    expect(compared).toBe(380);
  });
});
