import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, test } from "vitest";
import { EMBEDDED_AGENTS, EMBEDDED_COMMANDS, EMBEDDED_PARSED } from "./embedded.generated.js";
import { parseBundledFile } from "./parse-bundled.js";

const srcDir = dirname(fileURLToPath(import.meta.url));
const script = join(srcDir, "..", "scripts", "embed.mjs");
const normalise = (text: string) => text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");

function markdownIn(folder: string): Record<string, string> {
  const dir = join(srcDir, folder);
  const texts: Record<string, string> = {};
  for (const name of readdirSync(dir).filter((n) => n.endsWith(".md"))) {
    texts[name] = normalise(readFileSync(join(dir, name), "utf8"));
  }
  return texts;
}

function runEmbed(args: string[]) {
  return spawnSync(process.execPath, [script, ...args], { encoding: "utf8" });
}

const temps: string[] = [];
function tempCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), "roster-embed-"));
  temps.push(dir);
  for (const folder of ["agents", "commands"])
    cpSync(join(srcDir, folder), join(dir, folder), { recursive: true });
  return dir;
}
afterEach(() => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("src/embedded.generated.ts", () => {
  test("holds exactly the texts of src/agents/*.md and src/commands/*.md", () => {
    expect(EMBEDDED_AGENTS).toEqual(markdownIn("agents"));
    expect(EMBEDDED_COMMANDS).toEqual(markdownIn("commands"));
  });

  test("its build-time parses equal a run-time parse at level fatal of every text", () => {
    const texts = { ...EMBEDDED_AGENTS, ...EMBEDDED_COMMANDS };
    expect(Object.keys(EMBEDDED_PARSED).sort()).toEqual(Object.keys(texts).sort());
    for (const [file, text] of Object.entries(texts)) {
      const { frontmatter, body } = parseBundledFile(file, text);
      expect(EMBEDDED_PARSED[file], file).toEqual({ frontmatter, body });
    }
  });

  test("is byte-for-byte what scripts/embed.mjs writes (run it when this fails)", () => {
    const check = runEmbed(["--check"]);
    expect(check.stderr).toBe("");
    expect(check.status).toBe(0);
  });
});

describe("scripts/embed.mjs", () => {
  test("--check fails when a markdown file changed after generation", () => {
    const dir = tempCopy();
    execFileSync(process.execPath, [script, "--src", dir]);
    expect(runEmbed(["--check", "--src", dir]).status).toBe(0);
    writeFileSync(
      join(dir, "agents", "plan.md"),
      `${readFileSync(join(dir, "agents", "plan.md"), "utf8")}\nMore.\n`,
    );
    const stale = runEmbed(["--check", "--src", dir]);
    expect(stale.status).toBe(1);
    expect(stale.stderr).toMatch(/out of date/);
  });

  test("--check fails when the generated file is missing, and the files are sorted by code units", () => {
    const dir = tempCopy();
    expect(runEmbed(["--check", "--src", dir]).status).toBe(1);
    writeFileSync(join(dir, "agents", "Zeta.md"), "---\nname: Zeta\ndescription: z\n---\nz\n");
    execFileSync(process.execPath, [script, "--src", dir]);
    const out = readFileSync(join(dir, "embedded.generated.ts"), "utf8").split("EMBEDDED_PARSED")[0]!;
    const keys = [...out.matchAll(/^ {2}"([^"]+)":/gm)].map((m) => m[1]);
    expect(keys).toEqual([
      "Zeta.md",
      "designer.md",
      "explore.md",
      "plan.md",
      "reviewer.md",
      "task.md",
      "init.md",
    ]);
  });

  test("output does not depend on line endings or a BOM", () => {
    const lf = tempCopy();
    const crlf = tempCopy();
    const file = join(crlf, "agents", "explore.md");
    writeFileSync(file, `\uFEFF${readFileSync(file, "utf8").replace(/\n/g, "\r\n")}`);
    execFileSync(process.execPath, [script, "--src", lf]);
    execFileSync(process.execPath, [script, "--src", crlf]);
    expect(readFileSync(join(crlf, "embedded.generated.ts"), "utf8")).toBe(
      readFileSync(join(lf, "embedded.generated.ts"), "utf8"),
    );
  });
});
