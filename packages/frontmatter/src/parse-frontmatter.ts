import { FrontmatterError } from "./errors.js";
import { readSimpleYaml } from "./fast-yaml.js";
import { loadLazily } from "./load-lazily.js";
import { containsCycle, normalizeContent, normalizeKeys, setOwn, stripComments } from "./normalize.js";
import type { Diagnostic, ParsedFrontmatter, ParseFrontmatterOptions } from "./types.js";

/** Alias expansions allowed in one document; a "billion laughs" document fails fast. */
const MAX_ALIAS_COUNT = 100;
/** Nesting deeper than this is refused before YAML sees it (stack safety). */
const MAX_NESTING = 256;

const refuse = (language: string) => () => {
  throw new Error(`the "${language}" frontmatter engine evaluates code and is disabled`);
};

type Matter = (input: string, options: object) => { data: unknown };
type Yaml = typeof import("yaml");
const grayMatter = loadLazily<Matter>({
  url: import.meta.url,
  id: "gray-matter",
  bundled: () => require("gray-matter"),
});
const yamlLib = loadLazily<Yaml>({ url: import.meta.url, id: "yaml", bundled: () => require("yaml") });

/**
 * gray-matter and the YAML engine, loaded on first use: frontmatter the fast path reads
 * (most real files) never needs them, and a CLI start-up should not pay for them.
 */
let engines: { parse: (input: string) => { data: unknown } } | undefined;
function fullParser(): NonNullable<typeof engines> {
  if (engines) return engines;
  const matter = grayMatter();
  const YAML = yamlLib();
  /* gray-matter options: a safe YAML engine and no code-evaluating engines. Passing any
   * options object also keeps gray-matter's unbounded content cache out of the way. */
  const options = {
    language: "yaml",
    engines: {
      yaml: {
        // logLevel "error": still throw on errors, but never print warnings via process.emitWarning.
        parse: (source: string) =>
          YAML.parse(source, { maxAliasCount: MAX_ALIAS_COUNT, logLevel: "error" }) as object,
        stringify: (data: object) => YAML.stringify(data),
      },
      js: { parse: refuse("js"), stringify: refuse("js") },
      javascript: { parse: refuse("javascript"), stringify: refuse("javascript") },
      coffee: { parse: refuse("coffee"), stringify: refuse("coffee") },
      coffeescript: { parse: refuse("coffeescript"), stringify: refuse("coffeescript") },
    },
  };
  engines = { parse: (input) => matter(input, options) };
  return engines;
}

const FALLBACK_LINE = /^([\w-]+):\s*(.*)$/;

interface Block {
  /** The opening line after `---` (a gray-matter language such as `js`), trimmed. */
  language: string;
  yaml: string;
  body: string;
}

/** Finds the frontmatter block: `---` on the first line, closed by a line that is `---`. */
function splitBlock(text: string): Block | "unclosed" | null {
  if (!text.startsWith("---")) return null;
  const firstEnd = text.indexOf("\n");
  if (firstEnd === -1) return "unclosed";
  const language = text.slice(3, firstEnd).trim();
  // A first line like `----` or `--- x: 1` is not an opening delimiter.
  if (language !== "" && !/^[a-zA-Z]+$/.test(language)) return null;
  let lineStart = firstEnd + 1;
  while (lineStart <= text.length) {
    let lineEnd = text.indexOf("\n", lineStart);
    if (lineEnd === -1) lineEnd = text.length;
    if (text.startsWith("---", lineStart) && text.slice(lineStart + 3, lineEnd).trim() === "") {
      return {
        language,
        yaml: text.slice(firstEnd + 1, lineStart),
        body: text.slice(Math.min(lineEnd + 1, text.length)),
      };
    }
    if (lineEnd === text.length) break;
    lineStart = lineEnd + 1;
  }
  return "unclosed";
}

/** The deepest bracket/indent nesting of a YAML text, cheaply over-estimated. */
function nestingDepth(yaml: string): number {
  let depth = 0;
  let max = 0;
  for (let i = 0; i < yaml.length; i++) {
    const c = yaml.charCodeAt(i);
    if (c === 0x5b || c === 0x7b) {
      depth++;
      if (depth > max) max = depth;
    } else if (c === 0x5d || c === 0x7d) {
      if (depth > 0) depth--;
    }
  }
  if (max > MAX_NESTING) return max;
  // Block-style nesting: leading spaces of the most indented line, in steps of one space.
  let indent = 0;
  for (const line of yaml.split("\n")) {
    let n = 0;
    // Leading spaces, and `- ` list markers, which also open a level.
    while (n < line.length) {
      const c = line.charCodeAt(n);
      if (c === 0x20) n++;
      else if (c === 0x2d && line.charCodeAt(n + 1) === 0x20) n += 2;
      else break;
    }
    if (n > indent) indent = n;
  }
  // Two columns per level is the narrowest YAML indentation people write.
  return Math.max(max, Math.floor(indent / 2));
}

/** Reads simple `key: value` lines; the fallback for frontmatter YAML cannot read. */
function parseFallback(yaml: string): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const line of yaml.split("\n")) {
    const match = FALLBACK_LINE.exec(line);
    if (match) setOwn(fields, match[1]!, match[2]!.trim());
  }
  return normalizeKeys(fields) as Record<string, unknown>;
}

function yamlErrorLine(error: unknown): number | undefined {
  const pos = (error as { linePos?: Array<{ line: number }> } | null)?.linePos?.[0];
  // gray-matter hands the engine the block with the newline that ends the opening `---`
  // line, so YAML's line numbers already count from the top of the file.
  return pos ? pos.line : undefined;
}

function describe(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text
    .split("\n")[0]!
    .replace(/\s+at line \d+, column \d+:?\s*$/, "")
    .trim();
}

/** What {@link parseNormalized} found; `rest` is the body text before trimming. */
export interface ParsedText {
  frontmatter: Record<string, unknown>;
  diagnostics: Diagnostic[];
  /** `block`: a closed frontmatter block, `rest` is the text after its closing line;
   * `none` / `unclosed`: no frontmatter, `rest` is the whole text. */
  split: "block" | "none" | "unclosed";
  rest: string;
}

/**
 * Splits markdown into YAML frontmatter and body, safely.
 *
 * @example
 * const { frontmatter, body } = parseFrontmatter("---\nname: x\n---\nHello");
 * // frontmatter = { name: "x" }, body = "Hello"
 */
export function parseFrontmatter(content: string, options: ParseFrontmatterOptions = {}): ParsedFrontmatter {
  const parsed = parseNormalized(normalizeContent(content), options);
  return { frontmatter: parsed.frontmatter, body: parsed.rest.trim(), diagnostics: parsed.diagnostics };
}

/**
 * {@link parseFrontmatter} over normalised text (no BOM, LF line ends), the body left
 * untrimmed in `rest`. HTML comments are removed from the frontmatter block only, after it
 * is found: a comment never hides or moves a fence, and the body keeps its comments.
 */
export function parseNormalized(text: string, options: ParseFrontmatterOptions): ParsedText {
  const level = options.level ?? "warn";
  const location = options.location;
  const diagnostics: Diagnostic[] = [];

  const block = splitBlock(text);
  if (block === null) return { frontmatter: {}, rest: text, diagnostics, split: "none" };

  // The file's line of a line of the block with its comments removed (the block starts on line 2).
  let originalLine = (line: number): number => line;
  const report = (code: string, message: string, blockLine?: number, cause?: unknown): void => {
    const line = blockLine === undefined ? undefined : originalLine(blockLine);
    if (level === "fatal") {
      const where = location ? `${location}${line ? `:${line}` : ""}: ` : "";
      throw new FrontmatterError(`${where}${message}`, { location, line, cause });
    }
    if (level === "warn") {
      const diagnostic: Diagnostic = { severity: "warning", code, message };
      if (location !== undefined) diagnostic.filePath = location;
      if (line !== undefined) diagnostic.line = line;
      diagnostics.push(diagnostic);
    }
  };

  if (block === "unclosed") {
    report("frontmatter/unclosed", "frontmatter starts with `---` but no closing `---` line follows", 1);
    return { frontmatter: {}, rest: text, diagnostics, split: "unclosed" };
  }

  let written = block.yaml;
  if (written.includes("<!--")) {
    const stripped = stripComments(written);
    written = stripped.text;
    originalLine = (line) => (line <= 1 ? line : stripped.originalLine(line - 1) + 1);
  }
  const yaml = written.includes("\t") ? written.replace(/\t/g, "  ") : written;
  let data: unknown;
  let failure: { code: string; message: string; line?: number; cause?: unknown } | undefined;

  // gray-matter ends the block at the first line starting with `---` (even `---foo`), which
  // would silently drop the fields after it: refuse such a block instead.
  const earlyClose = /^---/m.exec(yaml);
  const yamlLanguage = block.language === "" || block.language.toLowerCase() === "yaml";
  const simple = yamlLanguage && !earlyClose ? readSimpleYaml(yaml) : undefined;
  if (block.language !== "" && block.language.toLowerCase() !== "yaml") {
    failure = {
      code: "frontmatter/engine-refused",
      message: `frontmatter language "${block.language}" is not supported (only YAML is read; code is never evaluated)`,
      line: 1,
    };
  } else if (earlyClose) {
    failure = {
      code: "frontmatter/yaml-error",
      message:
        "invalid YAML frontmatter: a line inside the block starts with `---` (a closing line must be `---` alone)",
      line: 2 + (yaml.slice(0, earlyClose.index).match(/\n/g)?.length ?? 0),
    };
  } else if (simple !== undefined && "error" in simple) {
    // `key: a: b`: the message and line YAML gives (its line 1 is the opening `---`).
    failure = {
      code: "frontmatter/yaml-error",
      message: `invalid YAML frontmatter: ${simple.error.message}`,
      line: simple.error.line + 1,
    };
  } else if (simple !== undefined) {
    // Frontmatter in the simple subset: exactly what YAML would give, without the engine.
    data = simple.data;
  } else if (nestingDepth(yaml) > MAX_NESTING) {
    failure = {
      code: "frontmatter/too-deep",
      message: `frontmatter nests deeper than ${MAX_NESTING} levels`,
      line: 2,
    };
  } else {
    try {
      data = fullParser().parse(`---\n${yaml}---\n`).data;
    } catch (error) {
      failure = {
        code: "frontmatter/yaml-error",
        message: `invalid YAML frontmatter: ${describe(error)}`,
        line: yamlErrorLine(error),
        cause: error,
      };
    }
    if (
      !failure &&
      data !== null &&
      data !== undefined &&
      (typeof data !== "object" || Array.isArray(data))
    ) {
      failure = {
        code: "frontmatter/not-a-mapping",
        message: `frontmatter must be a YAML mapping, got ${Array.isArray(data) ? "a list" : `a ${typeof data}`}`,
        line: 2,
      };
    }
    if (!failure && containsCycle(data)) {
      failure = {
        code: "frontmatter/yaml-error",
        message: "invalid YAML frontmatter: an alias refers to the node that contains it (a cycle)",
        line: 2,
      };
    }
  }

  const body = block.body;
  if (failure) {
    report(failure.code, failure.message, failure.line, failure.cause);
    const frontmatter = parseFallback(yaml);
    const keys = Object.keys(frontmatter);
    if (keys.length > 0) {
      report(
        "frontmatter/fallback",
        `read ${keys.length} plain field(s) with the fallback parser: ${keys.join(", ")}`,
      );
    }
    return { frontmatter, rest: body, diagnostics, split: "block" };
  }
  const frontmatter = (data ?? {}) as Record<string, unknown>;
  return {
    frontmatter: normalizeKeys(frontmatter) as Record<string, unknown>,
    rest: body,
    diagnostics,
    split: "block",
  };
}
