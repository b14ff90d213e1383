// Every package exports its diagnostic codes as a string-literal union (and the array it
// is made from); this checks each README's codes, and the codes its sources emit, against it.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { CLI_DIAGNOSTIC_CODES } from "@roster/cli";
import { COMMANDS_DIAGNOSTIC_CODES } from "@roster/commands";
import { CORE_DIAGNOSTIC_CODES } from "@roster/core";
import { EXECUTOR_DIAGNOSTIC_CODES } from "@roster/executor";
import { FRONTMATTER_DIAGNOSTIC_CODES } from "@roster/frontmatter";
import { SKILL_DIAGNOSTIC_CODES } from "@roster/skills";
import { CODEX_DIAGNOSTIC_CODES } from "@roster/source-codex";
import { GEMINI_DIAGNOSTIC_CODES } from "@roster/source-gemini";
import { OPENCODE_DIAGNOSTIC_CODES } from "@roster/source-opencode";
import { PLUGINS_DIAGNOSTIC_CODES } from "@roster/source-plugins";
import { describe, expect, test } from "vitest";

const root = fileURLToPath(new URL("../../", import.meta.url));

const PACKAGES: Array<{ dir: string; namespaces: string[]; codes: readonly string[] }> = [
  { dir: "packages/frontmatter", namespaces: ["frontmatter"], codes: FRONTMATTER_DIAGNOSTIC_CODES },
  { dir: "packages/core", namespaces: ["agent", "load", "provider"], codes: CORE_DIAGNOSTIC_CODES },
  { dir: "packages/skills", namespaces: ["skill"], codes: SKILL_DIAGNOSTIC_CODES },
  { dir: "packages/commands", namespaces: ["command"], codes: COMMANDS_DIAGNOSTIC_CODES },
  { dir: "packages/executor", namespaces: ["executor"], codes: EXECUTOR_DIAGNOSTIC_CODES },
  { dir: "packages/source-codex", namespaces: ["codex"], codes: CODEX_DIAGNOSTIC_CODES },
  { dir: "packages/source-gemini", namespaces: ["gemini"], codes: GEMINI_DIAGNOSTIC_CODES },
  { dir: "packages/source-plugins", namespaces: ["plugins"], codes: PLUGINS_DIAGNOSTIC_CODES },
  { dir: "packages/source-opencode", namespaces: ["opencode"], codes: OPENCODE_DIAGNOSTIC_CODES },
  { dir: "apps/cli", namespaces: ["doctor", "config"], codes: CLI_DIAGNOSTIC_CODES },
];

const codePattern = (namespaces: string[]) =>
  new RegExp(`(?:${namespaces.join("|")})/[a-z][a-z0-9-]*[a-z0-9]`, "g");

/** Codes of the package's own namespaces written in backticks in its README. */
function readmeCodes(dir: string, namespaces: string[]): string[] {
  const text = readFileSync(join(root, dir, "README.md"), "utf8");
  const found = new Set<string>();
  const whole = new RegExp(`^${codePattern(namespaces).source}$`);
  for (const [, inner] of text.matchAll(/`([^`\n]+)`/g)) if (whole.test(inner!)) found.add(inner!);
  return [...found].sort();
}

/** Codes written as string literals in the package's sources (tests and the code list aside). */
function sourceCodes(dir: string, namespaces: string[]): string[] {
  const found = new Set<string>();
  const src = join(root, dir, "src");
  for (const name of readdirSync(src, { recursive: true, encoding: "utf8" })) {
    if (!name.endsWith(".ts") || name.endsWith(".test.ts") || name.endsWith("codes.ts")) continue;
    const text = readFileSync(join(src, name), "utf8");
    for (const [, code] of text.matchAll(new RegExp(`"(${codePattern(namespaces).source})"`, "g"))) {
      found.add(code!);
    }
  }
  return [...found].sort();
}

describe.each(PACKAGES)("$dir", ({ dir, namespaces, codes }) => {
  test("the README's code table lists exactly the exported codes", () => {
    expect(readmeCodes(dir, namespaces)).toEqual([...codes].sort());
  });

  test("every code the sources emit is an exported code", () => {
    const declared = new Set(codes);
    expect(sourceCodes(dir, namespaces).filter((code) => !declared.has(code))).toEqual([]);
  });
});
