// roster list, issue 50: SOURCE at 80 columns, --sort, --wide, --full-text, one-line descriptions.
// Through the BUILT binary; a terminal is a real pseudo-terminal (`script`) of 80 columns.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { agentFile, writeTree } from "@roster/testkit";
import { afterEach, beforeEach, describe, expect, test } from "vitest";

const bin = fileURLToPath(new URL("../dist/roster.js", import.meta.url));
let root: string;
const args = (...rest: string[]) => ["--home", join(root, "home"), "--cwd", join(root, "project"), ...rest];

function roster(...rest: string[]) {
  const r = spawnSync(process.execPath, [bin, ...args(...rest)], {
    env: { PATH: process.env.PATH ?? "", XDG_CACHE_HOME: join(root, "cache") },
    encoding: "utf8",
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}
const hasScript = spawnSync("script", ["--version"]).status === 0;
/** The lines a terminal of 80 columns shows, colours off. */
function at80(...rest: string[]): string[] {
  const command = `stty cols 80; ${process.execPath} ${bin} ${args(...rest).join(" ")}`;
  const r = spawnSync("script", ["-qc", command, "/dev/null"], {
    encoding: "utf8",
    env: { PATH: process.env.PATH ?? "", TERM: "xterm", NO_COLOR: "1", XDG_CACHE_HOME: join(root, "cache") },
  });
  return r.stdout.split(/\r?\n/).filter((l) => l !== "");
}

const LONG = "application-performance-observability-engineer";
const EXAMPLES = "Use this agent when X.\\n\\n<example>\\nuser: hi\\n</example>";

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "roster-list50-"));
  writeTree(root, {
    "project/.git/HEAD": "ref: refs/heads/main\n",
    "project/.claude/agents/zeta.md": agentFile("zeta", "Project agent", "", "The secret word is zanzibar."),
    "project/.claude/agents/exampler.md": `---\nname: exampler\ndescription: ${EXAMPLES}\n---\nbody\n`,
    "home/.claude/agents/alpha.md": agentFile("alpha", "A user agent"),
    [`plugins/application-performance/agents/${LONG}.md`]: agentFile(LONG, "Builds monitoring"),
    "plugins/application-performance/.claude-plugin/plugin.json": JSON.stringify({
      name: "application-performance",
    }),
    "home/.claude/plugins/installed_plugins.json": JSON.stringify({
      version: 2,
      plugins: {
        "application-performance@m": [
          { scope: "user", installPath: join(root, "plugins/application-performance"), version: "1.0.0" },
        ],
      },
    }),
  });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("roster list (issue 50)", () => {
  test.skipIf(!hasScript)(
    "at 80 columns SOURCE stays (project, user, the plugin's name) and names stay whole",
    () => {
      const lines = at80("list");
      expect(lines[0]).toMatch(/^NAME +SOURCE +DESCRIPTION$/);
      const row = (name: string) => lines.find((l) => l.startsWith(`${name} `)) ?? "";
      expect(row("zeta")).toMatch(/^zeta +project +Project agent$/);
      expect(row("alpha")).toMatch(/^alpha +user +A user agent$/);
      // The plugin's name, cut from its end when it must be; the agent's name whole.
      expect(row(LONG)).toMatch(new RegExp(`^${LONG} +applicat[a-z-]*…? +Builds`));
      for (const l of lines) expect([...l].length, l).toBeLessThanOrEqual(80);
    },
  );

  test.skipIf(!hasScript)("--wide: every column whole on a terminal, as piped", () => {
    const lines = at80("list", "--wide");
    expect(lines[0]).toMatch(/^NAME +SOURCE +PROVIDER +FILE +DESCRIPTION$/);
    expect(lines.some((l) => l.includes("application-performance  ") && l.includes(`/${LONG}.md`))).toBe(
      true,
    );
    expect(lines.join("\n")).not.toContain("…");
  });

  test("--sort name|source|provider, on the table, --names and --json; a wrong key is a usage error", () => {
    const names = (...rest: string[]) =>
      roster("list", "--names", ...rest)
        .stdout.trim()
        .split("\n");
    expect(names().slice(0, 4)).toEqual(["exampler", "zeta", "alpha", LONG]);
    expect(names("--sort", "name").slice(0, 4)).toEqual(["alpha", LONG, "designer", "exampler"]);
    expect(names("--sort", "source").slice(0, 4)).toEqual(["exampler", "zeta", "alpha", LONG]);
    expect(names("--sort", "provider")[0]).toBe("designer");
    // The stored listing (a second run) prints the same order.
    expect(names("--sort", "name")).toEqual(names("--sort", "name"));
    const json = JSON.parse(roster("list", "--json", "--sort", "name").stdout) as {
      agents: Array<{ name: string }>;
    };
    expect(json.agents[0]?.name).toBe("alpha");
    const wrong = roster("list", "--sort", "nme");
    expect([wrong.code, wrong.stderr]).toEqual([
      2,
      'roster: unknown sort key "nme" for --sort; did you mean name? (one of name, source, provider)\n',
    ]);
  });

  test("WORD matches the prompt with --full-text only, also after a stored listing", () => {
    expect(roster("list").code).toBe(0);
    expect(roster("list", "zanzibar", "--names").stdout).toBe("");
    expect(roster("list", "zanzibar", "--full-text", "--names").stdout).toBe("zeta\n");
    expect(roster("list", "zanzibar", "--full-text", "--names").stdout).toBe("zeta\n");
    expect(roster("list", "--full-text").code).toBe(2);
  });

  test("piped, a description is one line: a written \\n is a space, never a wall of \\n\\n<example>", () => {
    const out = roster("list", "exampler").stdout;
    const row = out.split("\n").find((l) => l.startsWith("exampler")) ?? "";
    expect(row).toMatch(/Use this agent when X\. <example> user: hi <\/example>$/);
    expect(out).not.toContain("\\n");
    // --json keeps the text exact.
    const json = JSON.parse(roster("list", "--json").stdout) as {
      agents: Array<{ name: string; description: string }>;
    };
    expect(json.agents.find((a) => a.name === "exampler")?.description).toBe(
      EXAMPLES.replaceAll("\\\\", "\\"),
    );
  });
});
