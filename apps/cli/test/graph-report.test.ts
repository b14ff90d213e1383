// End-to-end: `roster graph` and `roster report --html` of the BUILT binary, on a temporary
// project and home; the report opened by a real headless Chromium where one is installed.
import { spawnSync } from "node:child_process";
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { writeTree } from "@roster/testkit";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

const bin = fileURLToPath(new URL("../dist/roster.js", import.meta.url));
const HOSTILE = "<img src=x onerror=alert(1)></script>";
const CHROMIUM = process.env.ROSTER_CHROMIUM ?? "/usr/bin/chromium";
const hasChromium = existsSync(CHROMIUM);
const hasDot = spawnSync("dot", ["-V"]).status === 0;
const hasScript = spawnSync("script", ["--version"]).status === 0;
if (!hasChromium) console.warn(`skipping the report's browser check: no Chromium at ${CHROMIUM}`);
if (!hasDot) console.warn("skipping roster graph --format dot | dot -Tsvg: no Graphviz `dot` on the PATH");

let root: string;
const project = () => join(root, "project");
const home = () => join(root, "home");

function roster(args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, [bin, "--home", home(), "--cwd", project(), ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? "", ...env },
    encoding: "utf8",
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

beforeAll(() => {
  expect(existsSync(bin), "apps/cli is not built: run pnpm build (pnpm test does)").toBe(true);
  root = mkdtempSync(join(tmpdir(), "roster-pictures-"));
  writeTree(root, {
    "project/.claude/agents/lead.md":
      "---\nname: lead\ndescription: leads\ntools: Read, Agent(reviewer, lead)\n---\nx",
    "project/.claude/agents/reviewer.md":
      "---\nname: reviewer\ndescription: reviews\nspawns: fixer, ghost\n---\nx",
    "project/.claude/agents/fixer.md": "---\nname: fixer\ndescription: fixes\nspawns: '*'\n---\nx",
    "project/.claude/agents/evil.md": `---\nname: ${JSON.stringify(HOSTILE)}\ndescription: "</script><script>alert(2)</script>"\n---\nx`,
    "project/.gemini/agents/bad.md": "---\nname: Bad Name\ndescription: not a slug\n---\nx",
    "home/.claude/agents/reviewer.md": "---\nname: reviewer\ndescription: the old one\n---\nx",
  });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("roster graph", () => {
  test("text: a tree per family with spawns, refusals and the shadowed definition", () => {
    const r = roster(["graph"]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      [
        "├─ lead · project · via tools",
        "│  ├─→ reviewer",
        "│  │   ├─→ fixer  ✗ depth 2",
        "│  │   └─→ ghost (no such agent)  ✗ no such agent",
        "│  └─→ lead  ✗ itself",
      ].join("\n"),
    );
    expect(r.stdout).toContain("   ├─ hides reviewer · claude user · ~/.claude/agents/reviewer.md");
    expect(r.stdout).toContain("Cannot spawn 'fixer'. Allowed: none (spawns disabled for this agent)");
  });

  test.skipIf(!hasScript)("on an 80-column terminal every line fits", () => {
    const command = `stty cols 80; ${process.execPath} ${bin} --home ${home()} --cwd ${project()} graph`;
    const r = spawnSync("script", ["-qc", command, "/dev/null"], {
      encoding: "utf8",
      env: { PATH: process.env.PATH ?? "" },
    });
    const lines = r.stdout.replaceAll("\r", "").split("\n");
    expect(lines.length).toBeGreaterThan(10);
    for (const line of lines) expect([...line].length, line).toBeLessThanOrEqual(80);
  });

  test("NAME: only that agent's part; an unknown name answers with the closest names", () => {
    const r = roster(["graph", "reviewer", "--format", "mermaid"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('["reviewer · claude user (hidden)"]:::shadowed');
    expect(r.stdout).not.toContain("Bad Name");
    const unknown = roster(["graph", "revewer", "--json"]);
    expect(unknown.code).toBe(1);
    expect(JSON.parse(unknown.stdout)).toMatchObject({
      code: "cli/unknown-agent",
      suggestions: ["reviewer"],
    });
    expect(roster(["graph", "--format", "svg"]).code).toBe(2);
  });

  test("--json: the graph with schemaVersion 1", () => {
    const out = JSON.parse(roster(["graph", "--json"]).stdout);
    expect(Object.keys(out)).toEqual(["schemaVersion", "nodes", "edges", "groups", "session"]);
    const lead = out.nodes.find((n: { name: string }) => n.name === "lead");
    expect(out.edges).toContainEqual({
      from: lead.id,
      to: lead.id,
      kind: "spawns",
      refusal: {
        code: "executor/blocked-recursion",
        message:
          "Cannot spawn lead agent from within itself (recursion prevention). Use a different agent type.",
        label: "itself",
      },
    });
  });

  test("the session's limits: ROSTER_TASK_DEPTH and a config's maxRecursionDepth", () => {
    const deep = JSON.parse(roster(["graph", "--json"], { ROSTER_TASK_DEPTH: "1" }).stdout);
    expect(deep.session).toMatchObject({ depth: 1, chainLimit: 1 });
    expect(
      deep.edges.filter((e: { kind: string; refusal?: unknown }) => e.kind === "spawns" && !e.refusal),
    ).toEqual([]);
    writeTree(root, { "cfg/roster/config.json": '{ "maxRecursionDepth": 3, "disabledAgents": ["fixer"] }' });
    const configured = JSON.parse(roster(["graph", "--json"], { XDG_CONFIG_HOME: join(root, "cfg") }).stdout);
    expect(configured.session).toMatchObject({
      maxRecursionDepth: 3,
      chainLimit: 3,
      disabledAgents: ["fixer"],
    });
    const fixer = configured.nodes.find((n: { name: string }) => n.name === "fixer");
    expect(fixer.sessionRefusal).toEqual({
      code: "executor/disabled-agent",
      message: 'Agent "fixer" is disabled in settings.',
      label: "disabled",
    });
  });

  test.skipIf(!hasDot)("--format dot passes dot -Tsvg", () => {
    const r = roster(["graph", "--format", "dot"]);
    const svg = spawnSync("dot", ["-Tsvg"], { input: r.stdout, encoding: "utf8" });
    expect(svg.status, svg.stderr).toBe(0);
    expect(svg.stdout).toContain("&lt;img src=x onerror=alert(1)&gt;");
  });
});

describe("roster report --html", () => {
  test("writes one self-contained page by a rename, leaving no temporary file", () => {
    const out = join(root, "out");
    spawnSync("mkdir", ["-p", out]);
    const file = join(out, "report.html");
    writeFileSync(file, "old");
    const r = roster(["report", "--html", file, "--json"]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const answer = JSON.parse(r.stdout);
    expect(answer).toMatchObject({
      schemaVersion: 2,
      file,
      tools: ["xcsh", "claude", "codex", "gemini", "opencode", "copilot", "cursor"],
    });
    const html = readFileSync(file, "utf8");
    expect(answer.bytes).toBe(Buffer.byteLength(html));
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).not.toContain("<img");
    expect(readdirSync(out)).toEqual(["report.html"]);
  });

  test("refuses to write through a symbolic link, and leaves its target alone", () => {
    const target = join(root, "target.txt");
    writeFileSync(target, "keep me");
    const link = join(root, "link.html");
    symlinkSync(target, link);
    const r = roster(["report", "--html", link]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `roster: ${link} is a symbolic link; roster never writes through one (remove it or pick another file).\n`,
    );
    expect(readFileSync(target, "utf8")).toBe("keep me");
  });

  test("refuses a link at any folder on the way below the shell's folder: out/link → home is not written through (issue 49)", () => {
    const away = join(root, "away-home");
    spawnSync("mkdir", ["-p", join(root, "out"), away]);
    symlinkSync(away, join(root, "out/link"));
    for (const path of ["out/link/r.html", join(root, "out/link/r.html"), "out/link/new/r.html"]) {
      const r = roster(["report", "--html", path]);
      expect(r.code, path).toBe(2);
      expect(r.stderr).toBe(
        `roster: ${join(root, "out/link")} is a symbolic link; roster never writes through one (remove it or pick another file).\n`,
      );
      expect(readdirSync(away)).toEqual([]);
    }
    // A folder that does not exist yet below the shell's folder is made, one at a time.
    expect(roster(["report", "--html", "out/new/r.html"]).code).toBe(0);
    expect(readFileSync(join(root, "out/new/r.html"), "utf8")).toMatch(/^<!doctype html>/);
  });

  test("--html with an empty name is a usage error (without --html: roster-report.html, test/contracts.test.ts)", () => {
    const r = roster(["report", "--html", ""]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe("roster: --html needs a file name: the page to write\n");
  });

  test.skipIf(!hasChromium)(
    "Chromium opens it from file:// and its script draws the agents, hostile name as text",
    () => {
      const file = join(root, "dom.html");
      expect(roster(["report", "--html", file]).code).toBe(0);
      const profile = mkdtempSync(join(tmpdir(), "roster-chromium-"));
      try {
        const r = spawnSync(
          CHROMIUM,
          [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            `--user-data-dir=${profile}`,
            "--dump-dom",
            pathToFileURL(file).href,
          ],
          { encoding: "utf8", timeout: 120_000 },
        );
        expect(r.stdout).toContain('data-ready="true"');
        expect(r.stdout).toContain('<td class="name">&lt;img src=x onerror=alert(1)&gt;&lt;/script&gt;</td>');
        expect(r.stdout).toContain('<td class="name">lead</td>');
        expect(r.stdout).not.toContain("<img");
      } finally {
        rmSync(profile, { recursive: true, force: true });
      }
    },
    150_000,
  );
});
