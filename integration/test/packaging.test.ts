// Packages as a downstream project sees them: publint on every published package, and
// @roster/frontmatter + @roster/core packed, installed outside the workspace and used.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { publint } from "publint";
import { formatMessage } from "publint/utils";
import { afterAll, describe, expect, test } from "vitest";

const repo = fileURLToPath(new URL("../..", import.meta.url));
const published = ["packages", "apps"].flatMap((group) =>
  readdirSync(join(repo, group))
    .map((name) => join(repo, group, name))
    .filter((dir) => existsSync(join(dir, "package.json")))
    .filter((dir) => JSON.parse(readFileSync(join(dir, "package.json"), "utf8")).private !== true),
);

describe("publint", () => {
  test.each(published.map((dir) => [dir.slice(repo.length), dir]))("%s passes publint", async (_, dir) => {
    expect(existsSync(join(dir, "dist")), `${dir} is not built: run pnpm build (pnpm test does)`).toBe(true);
    const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
    const { messages } = await publint({ pkgDir: dir, level: "suggestion", pack: "pnpm" });
    expect(messages.map((m) => `${m.type}: ${formatMessage(m, pkg)}`)).toEqual([]);
  });
});

describe("single-module use", () => {
  const work = mkdtempSync(join(tmpdir(), "roster-downstream-"));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  test("frontmatter and core, packed and installed outside the workspace, import and work", () => {
    const tarballs = ["frontmatter", "core"].map((name) => {
      const out = execFileSync("pnpm", ["pack", "--pack-destination", work], {
        cwd: join(repo, "packages", name),
        encoding: "utf8",
      });
      return out.trim().split("\n").pop()!.trim();
    });
    const app = join(work, "app");
    execFileSync("mkdir", ["-p", app]);
    writeFileSync(
      join(app, "package.json"),
      JSON.stringify({ name: "downstream", private: true, type: "module" }),
    );
    execFileSync(
      "npm",
      ["install", "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error", ...tarballs],
      {
        cwd: app,
        stdio: "pipe",
      },
    );
    writeFileSync(
      join(app, "main.js"),
      [
        'import { parseFrontmatter } from "@roster/frontmatter";',
        'import { createRegistry, defineProvider, discoverAgents } from "@roster/core";',
        'const parsed = parseFrontmatter("---\\nname: a\\nthinking-level: high\\n---\\nHello");',
        'const frontmatter = { ...parsed.frontmatter, description: "d" };',
        'const provider = defineProvider({ id: "mem", load: () => [{ filePath: "mem:a", frontmatter, body: parsed.body }] });',
        "const { agents } = await discoverAgents(createRegistry([provider]), { cwd: process.cwd(), home: process.cwd(), env: {} });",
        "console.log(JSON.stringify({ frontmatter: parsed.frontmatter, agents: agents.map((a) => [a.name, a.thinkingLevel, a.systemPrompt]) }));",
      ].join("\n"),
    );
    const out = execFileSync(process.execPath, ["main.js"], { cwd: app, encoding: "utf8" });
    expect(JSON.parse(out)).toEqual({
      frontmatter: { name: "a", thinkingLevel: "high" },
      agents: [["a", "high", "Hello"]],
    });
    // The installed copy is the packed one, not a link into the workspace.
    expect(existsSync(join(app, "node_modules/@roster/core/src"))).toBe(false);
  }, 120_000);
});

describe("a machine without pnpm on the PATH", () => {
  test("the root pins pnpm as a dev dependency at exactly the packageManager version, so turbo finds that pnpm", () => {
    const root = JSON.parse(readFileSync(join(repo, "package.json"), "utf8"));
    const pinned = /^pnpm@([^+]+)\+sha512\./.exec(root.packageManager)?.[1];
    expect(pinned, "packageManager pins pnpm with its hash").toBeTruthy();
    expect(root.devDependencies.pnpm).toBe(pinned);
    // What turbo will run: the linked binary reports the pinned version.
    const version = execFileSync(join(repo, "node_modules", ".bin", "pnpm"), ["--version"], {
      encoding: "utf8",
      env: { ...process.env, COREPACK_ENABLE_STRICT: "0" },
    }).trim();
    expect(version).toBe(pinned);
  });
});
