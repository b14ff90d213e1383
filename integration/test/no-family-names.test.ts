// Each fact has one owner (issue 51, SPEC §14): outside the family packages (`packages/source-*`),
// the one list that names the built-in families and the help examples, no source file names a
// built-in family — no `"claude"`, no `codexFamily`, no `COPILOT_TOOL_IDS`. The app, the hosts
// and the MCP server reach a family through the app's family set, so a config family gets
// everything a built-in has. Comments may name them (they explain); code may not.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));

/** Files allowed to name the built-ins: the one list of them, and the examples `--help` prints. */
const ALLOWED = new Set(["apps/cli/src/families.ts", "packages/usage/src/command-table.ts"]);

/** The built-in families' ids: one per family package (`packages/source-claude` → `claude`). */
const IDS = readdirSync(join(root, "packages"))
  .filter((name) => name.startsWith("source-"))
  .map((name) => name.slice("source-".length));

/** Every non-test `.ts` file under `dir`, recursively. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    const test = /\.test\.ts$|(^|\/)test-[^/]*\.ts$/.test(entry.name);
    return entry.isFile() && entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts") && !test
      ? [path]
      : [];
  });
}

/** The files the rule covers: every package's and app's `src`, but the family packages'. */
function coveredFiles(): string[] {
  const under = (group: string) =>
    readdirSync(join(root, group), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !(group === "packages" && entry.name.startsWith("source-")))
      .flatMap((entry) => {
        const src = join(root, group, entry.name, "src");
        try {
          return sourceFiles(src);
        } catch {
          return [];
        }
      });
  return [...under("packages"), ...under("apps")]
    .map((path) => relative(root, path))
    .filter((path) => !ALLOWED.has(path))
    .sort();
}

/** One token of code: a string's text (template parts without `${}`), or an identifier. */
interface Token {
  kind: "string" | "identifier";
  text: string;
  line: number;
  /** The identifier before it on its line, if any (`provider` in `provider === "x"`). */
  after?: string;
}

/**
 * The strings that are also a definition's source scope (SPEC §3: `project`, `user`,
 * `bundled`): `source: "bundled"` is the scope, and names the family only when compared with a
 * `provider` (`agent.provider === "bundled"`).
 */
const SCOPES = new Set(["project", "user", "bundled"]);

/**
 * The strings and identifiers of TypeScript source, comments skipped. A small scanner: quotes,
 * template literals (with `${…}` read as code), regular expression literals and both comment
 * forms are told apart; enough for this repository's code.
 */
export function tokensOf(source: string): Token[] {
  const tokens: Token[] = [];
  let line = 1;
  let i = 0;
  // The last significant character, to tell a regular expression from a division.
  let last = "";
  // Open template literals: the brace depth each `${` started at.
  const templates: number[] = [];
  let depth = 0;
  // The last identifier and its line, for `after`.
  let word: Token | undefined;
  const push = (token: Token): void => {
    if (token.kind === "string" && word?.line === token.line) token.after = word.text;
    if (token.kind === "identifier") word = token;
    tokens.push(token);
  };
  const readString = (quote: string): void => {
    const start = line;
    let text = "";
    i++;
    while (i < source.length && source[i] !== quote) {
      if (source[i] === "\\") {
        text += source[i + 1] ?? "";
        i += 2;
        continue;
      }
      if (source[i] === "\n") line++;
      text += source[i];
      i++;
    }
    i++;
    push({ kind: "string", text, line: start });
  };
  // Reads template text from i (just after "`" or "}") to the closing "`" or the next "${".
  const readTemplate = (): void => {
    const start = line;
    let text = "";
    while (i < source.length) {
      const c = source[i]!;
      if (c === "\\") {
        text += source[i + 1] ?? "";
        i += 2;
        continue;
      }
      if (c === "`") {
        i++;
        push({ kind: "string", text, line: start });
        last = "`";
        return;
      }
      if (c === "$" && source[i + 1] === "{") {
        i += 2;
        templates.push(depth);
        depth++;
        push({ kind: "string", text, line: start });
        last = "{";
        return;
      }
      if (c === "\n") line++;
      text += c;
      i++;
    }
  };
  while (i < source.length) {
    const c = source[i]!;
    if (c === "\n") {
      line++;
      i++;
      continue;
    }
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === "/" && source[i + 1] === "/") {
      while (i < source.length && source[i] !== "\n") i++;
      continue;
    }
    if (c === "/" && source[i + 1] === "*") {
      const end = source.indexOf("*/", i + 2);
      const stop = end === -1 ? source.length : end + 2;
      for (; i < stop; i++) if (source[i] === "\n") line++;
      continue;
    }
    if (
      c === "/" &&
      (last === "" || /[(,=:[!&|?{};+\-*%<>~^]/.test(last) || /\b(return|typeof|case)$/.test(last))
    ) {
      // A regular expression literal: up to the unescaped "/" outside a class, then its flags.
      i++;
      let inClass = false;
      while (i < source.length && source[i] !== "\n") {
        const r = source[i]!;
        if (r === "\\") i++;
        else if (r === "[") inClass = true;
        else if (r === "]") inClass = false;
        else if (r === "/" && !inClass) break;
        i++;
      }
      i++;
      while (/[a-z]/.test(source[i] ?? "")) i++;
      last = "/re/";
      continue;
    }
    if (c === '"' || c === "'") {
      readString(c);
      last = c;
      continue;
    }
    if (c === "`") {
      i++;
      readTemplate();
      continue;
    }
    if (c === "{") depth++;
    if (c === "}") {
      depth--;
      if (templates.length > 0 && templates[templates.length - 1] === depth) {
        templates.pop();
        i++;
        readTemplate();
        continue;
      }
    }
    const name = /^[A-Za-z_$][\w$]*/.exec(source.slice(i, i + 200));
    if (name) {
      push({ kind: "identifier", text: name[0], line });
      i += name[0].length;
      last = name[0];
      continue;
    }
    last = c;
    i++;
  }
  return tokens;
}

/** Whether a token names a built-in family: its id as a string, or an identifier made from it. */
function namesFamily(token: Token): string | undefined {
  if (token.kind === "string") {
    if (SCOPES.has(token.text) && token.after !== "provider") return undefined;
    return IDS.find((id) => token.text === id);
  }
  return IDS.find((id) => {
    const upper = id.toUpperCase();
    // `claudeFamily`, `codexHost`, `COPILOT_TOOL_IDS`; a word of its own (`cursor`, `plugins`) is not a name.
    return (
      (token.text.startsWith(id) && /^[A-Z_]/.test(token.text.slice(id.length))) ||
      (token.text.startsWith(`${upper}_`) && token.text.length > upper.length + 1)
    );
  });
}

/** `file:line: what` for each mention of a built-in family in the covered files. */
function mentions(): string[] {
  return coveredFiles().flatMap((file) =>
    tokensOf(readFileSync(join(root, file), "utf8")).flatMap((token) => {
      const id = namesFamily(token);
      if (id === undefined) return [];
      const what = token.kind === "string" ? JSON.stringify(token.text) : token.text;
      return [`${file}:${token.line}: ${what}`];
    }),
  );
}

describe("no built-in family is named outside the family packages", () => {
  test("the scanner finds strings and identifiers in code, not in comments", () => {
    const source = [
      'const a = "claude"; // "codex" in a comment',
      // A template literal with code in it: `x${codexHost}y`.
      "/* geminiFamily */ const b = `x$" + "{codexHost}y`;",
      "const re = /\"opencode\"/; const c = 'copilot', d = COPILOT_TOOL_IDS, e = cursor;",
      'const f = { source: "bundled" }; if (agent.provider === "bundled") g();',
    ].join("\n");
    const found = tokensOf(source)
      .flatMap((t) => (namesFamily(t) ? [`${t.line}:${t.text}`] : []))
      .sort();
    expect(found).toEqual(["1:claude", "2:codexHost", "3:COPILOT_TOOL_IDS", "3:copilot", "4:bundled"]);
  });

  test("the ids are the family packages'", () => {
    expect(IDS).toEqual(expect.arrayContaining(["claude", "codex", "plugins", "bundled"]));
  });

  test("no source file outside the family packages, the family list and help examples names one", () => {
    expect(mentions()).toEqual([]);
  });
});
