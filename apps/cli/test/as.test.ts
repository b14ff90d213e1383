// `--as <tool>` end to end: the BUILT binary against a temporary tree and home.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { agentFile } from "@roster/testkit";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

const bin = fileURLToPath(new URL("../dist/roster.js", import.meta.url));
let root: string;

function write(rel: string, text: string): void {
  const path = join(root, rel);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

function roster(...args: string[]) {
  const result = spawnSync(
    process.execPath,
    [bin, "--home", join(root, "home"), "--cwd", join(root, "p"), ...args],
    {
      env: { PATH: process.env.PATH ?? "" },
      encoding: "utf8",
    },
  );
  return { code: result.status, stdout: result.stdout.replaceAll(`${root}/`, ""), stderr: result.stderr };
}

const GEMINI_KEYS =
  "kind, name, description, display_name, tools, mcp_servers, model, temperature, max_turns, timeout_mins";

beforeAll(() => {
  expect(existsSync(bin), "apps/cli is not built: run pnpm build (pnpm test does)").toBe(true);
  root = mkdtempSync(join(tmpdir(), "roster-as-"));
  write("p/.git/HEAD", "ref: refs/heads/main\n");
  // A Claude Code agent copied into Gemini's folder as is: `color` is Claude's key.
  const claudeStyle = agentFile("code-reviewer", "Reviews code", "model: sonnet\ncolor: blue");
  write("p/.claude/agents/code-reviewer.md", claudeStyle);
  write("p/.gemini/agents/code-reviewer.md", claudeStyle);
  const sec = agentFile("sec", "Security audit", "tools: [read_file, grep_search]");
  write("p/.gemini/agents/sec.md", sec);
  // Gemini CLI reads project agents in a folder it trusts, once the user acknowledged them.
  write("home/.gemini/trustedFolders.json", JSON.stringify({ [join(root, "p")]: "TRUST_FOLDER" }));
  write(
    "home/.gemini/acknowledgments/agents.json",
    JSON.stringify({ [join(root, "p")]: { sec: createHash("sha256").update(sec).digest("hex") } }),
  );
  write(
    "p/.opencode/agents/team/reviewer.md",
    "---\ndescription: Team reviewer\npermission:\n  edit: deny\n---\nReview.\n",
  );
  write("p/sub/.opencode/agents/team/reviewer.md", "---\ndescription: Nearer reviewer\n---\nReview.\n");
  write(
    "p/.github/agents/planner.agent.md",
    "---\nname: The Planner\ndescription: Plans\ntools: [read, search]\n---\nPlan.\n",
  );
  write("p/.cursor/agents/verifier.md", agentFile("verifier", "Verifies", "readonly: true"));
  write("p/.codex/agents/helper.md", agentFile("helper", "A markdown file Codex does not read"));
  write("home/.codex/config.toml", "[agents]\nmax_depth = 1\nmax_threads = 2\n");
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("the new families take part in the merged view", () => {
  test("opencode, Copilot and Cursor agents are listed beside the others", () => {
    const r = roster("list", "--json");
    expect(r.code).toBe(0);
    const agents = JSON.parse(r.stdout).agents as Array<{ name: string; provider: string }>;
    const byName = Object.fromEntries(agents.map((a) => [a.name, a.provider]));
    expect(byName).toMatchObject({
      "code-reviewer": "claude",
      "team/reviewer": "opencode",
      planner: "copilot",
      verifier: "cursor",
      helper: "codex",
    });
  });
});

describe("roster doctor --as", () => {
  test("gemini: valid for Claude Code but Gemini CLI rejects it because of key `color`", () => {
    const r = roster("doctor", "--as", "gemini");
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(
      `valid for xcsh, Claude Code, Copilot CLI, Cursor, but Gemini CLI rejects it because of key \`color\` (it accepts only ${GEMINI_KEYS})`,
    );
    expect(r.stdout).toContain('README.md, "Every tool\'s rules"');
    const out = JSON.parse(roster("doctor", "--as", "gemini", "--json").stdout);
    expect(out.diagnostics.map((d: { code: string; filePath: string }) => [d.code, d.filePath])).toEqual([
      ["tool/unknown-key", "p/.gemini/agents/code-reviewer.md"],
    ]);
    expect(out.summary).toEqual({ tool: "gemini", files: 2, agents: 4, errors: 1, warnings: 0 });
  });

  test("codex: a markdown file in .codex/agents is not read, in Codex's terms; Codex's own limits", () => {
    const out = JSON.parse(roster("doctor", "--as", "codex", "--json").stdout);
    expect(out.diagnostics).toEqual([
      {
        severity: "warning",
        code: "tool/wrong-extension",
        message: "Codex reads only *.toml files here, not *.md",
        filePath: "p/.codex/agents/helper.md",
      },
      {
        severity: "info",
        code: "tool/host-limits",
        message:
          "Codex's own sub-agent limits: max_depth = 1, max_threads = 2 ([agents] in config.toml); roster's maxRecursionDepth and maxConcurrency apply on top",
        filePath: "home/.codex/config.toml",
      },
    ]);
  });

  test("an unknown tool is a usage error naming the tools", () => {
    const r = roster("list", "--as", "vim");
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      'roster: unknown tool "vim" for --as (one of xcsh, claude, codex, gemini, opencode, copilot, cursor)\n',
    );
  });
});

describe("roster list / why / show --as", () => {
  test("list --as gemini: the built-ins and the one file Gemini accepts", () => {
    const out = JSON.parse(roster("list", "--as", "gemini", "--json").stdout);
    expect(out.agents.map((a: { name: string }) => a.name)).toEqual([
      "codebase_investigator",
      "cli_help",
      "generalist",
      "sec",
    ]);
    // An agent has the shape `list --json` gives it: `name`, `source` (no `id` where the tool's is the name).
    expect(out.agents[0]).toEqual({
      name: "codebase_investigator",
      description: "Gemini CLI built-in",
      source: "builtin",
    });
    expect(out.agents[3]).toMatchObject({ name: "sec", source: "project" });
    expect(out.agents[3]).not.toHaveProperty("id");
    // --names and a word, as plain list takes them.
    expect(roster("list", "--as", "gemini", "--names").stdout).toBe(
      "codebase_investigator\ncli_help\ngeneralist\nsec\n",
    );
    expect(roster("list", "--as", "gemini", "--names", "gen").stdout).toBe("generalist\n");
  });

  test("why --as opencode: path identity; why without --as names the tools that differ", () => {
    const r = roster("why", "code-reviewer", "--as", "gemini");
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("Gemini CLI rejects it because of key `color`");
    // A file of the name is there: not an unknown name (issue 50), the reasons are in the table.
    expect(r.stderr).toBe('roster: Gemini CLI does not load "code-reviewer": the reasons are above\n');
    const opencode = roster("why", "team/reviewer", "--as", "opencode");
    expect(opencode.code).toBe(0);
    expect(opencode.stdout).toContain(
      "team/reviewer resolves to .opencode/agents/team/reviewer.md (project)",
    );
    const merged = roster("why", "planner");
    expect(merged.code).toBe(0);
    expect(merged.stdout).not.toContain("Other tools see");
  });

  test("why NAME adds one line per tool that resolves it differently", () => {
    const result = spawnSync(
      process.execPath,
      [bin, "--home", join(root, "home"), "--cwd", join(root, "p/sub"), "why", "team/reviewer"],
      { env: { PATH: process.env.PATH ?? "" }, encoding: "utf8" },
    );
    const out = result.stdout.replaceAll(`${root}/`, "");
    expect(out).toContain('Other tools see "team/reviewer" differently');
    expect(out).toContain(
      '  opencode: resolves "team/reviewer" to p/.opencode/agents/team/reviewer.md instead',
    );
    const json = spawnSync(
      process.execPath,
      [bin, "--home", join(root, "home"), "--cwd", join(root, "p/sub"), "why", "team/reviewer", "--json"],
      { env: { PATH: process.env.PATH ?? "" }, encoding: "utf8" },
    );
    expect(json.status).toBe(0);
    const others = JSON.parse(json.stdout).otherTools;
    expect(others).toContainEqual({
      tool: "opencode",
      displayName: "opencode",
      // opencode reads the nearer file too, but the farther one wins there.
      outcome: "shadowed",
      message: `resolves "team/reviewer" to ${join(root, "p/.opencode/agents/team/reviewer.md")} instead`,
      filePath: join(root, "p/.opencode/agents/team/reviewer.md"),
    });
    // One entry per line the human form prints.
    const lines = out.split("\n").filter((line) => /^ {2}\S[^:]*: /.test(line) && !line.includes("│"));
    expect(others.map((o: { displayName: string }) => o.displayName)).toEqual(
      lines.map((line) => line.trim().split(":")[0]),
    );
    expect(JSON.parse(roster("why", "planner", "--json").stdout).otherTools).toEqual([]);
  });

  test("show --as copilot: the stem is the name, the tools as written", () => {
    const out = JSON.parse(roster("show", "planner", "--as", "copilot", "--json").stdout);
    // The agent as `show --json` gives it (not nested), with the tool and its name for it.
    expect(out).toMatchObject({ tool: "copilot", name: "planner", source: "project" });
    expect(out).not.toHaveProperty("definition");
    expect(out.toolsAsWritten).toEqual(["read", "search"]);
    expect(out.extra).toEqual({ displayName: "The Planner" });
    expect(out.systemPrompt).toEqual(expect.any(String));
  });
});

test("show --as prints the thinking level its --json has", () => {
  write(
    "deep/.claude/agents/deep.md",
    "---\nname: deep\ndescription: Thinks hard\nthinking-level: high\n---\nThink.\n",
  );
  const run = (...args: string[]) =>
    spawnSync(process.execPath, [bin, "--home", join(root, "home"), "--cwd", join(root, "deep"), ...args], {
      env: { PATH: process.env.PATH ?? "" },
      encoding: "utf8",
    });
  expect(JSON.parse(run("show", "deep", "--as", "claude", "--json").stdout).thinkingLevel).toBe("high");
  expect(run("show", "deep", "--as", "claude").stdout).toMatch(/^thinkingLevel: +high$/m);
});
