// SPEC §16 through the BUILT binary: sync copies never outrank their sources, a project sync
// writes project agents only, opencode copies are sub-agents, a large sync asks first, and
// --provider reaches a shadowed definition.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { agentFile, writeTree } from "@roster/testkit";
import { afterEach, beforeEach, describe, expect, test } from "vitest";

const bin = fileURLToPath(new URL("../dist/roster.js", import.meta.url));
let root: string;
const project = () => join(root, "project");
const home = () => join(root, "home");

function roster(...args: string[]) {
  const result = spawnSync(process.execPath, [bin, "--home", home(), "--cwd", project(), ...args], {
    env: { PATH: process.env.PATH ?? "", ROSTER_NO_CACHE: "1" },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}
const json = (...args: string[]) => {
  const r = roster("--json", ...args);
  return { ...r, value: JSON.parse(r.stdout) as Record<string, unknown> };
};
const copilotAgent = (name: string, description: string) =>
  `---\nname: ${name}\ndescription: ${description}\n---\nYou are ${name}.\n`;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "roster-sync-copies-"));
  writeTree(root, {
    "home/.claude/agents/personal.md": agentFile("personal", "a person's own agent"),
    "project/.git/HEAD": "ref: refs/heads/main\n",
    "project/.github/agents/checker.agent.md": copilotAgent("checker", "Checks code"),
    "project/.github/agents/planner.agent.md": copilotAgent("planner", "Plans work"),
  });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("sync copies (SPEC §16)", () => {
  test("after sync --to opencode, the project's Copilot agents stay Copilot's in list, why and run", () => {
    const sync = roster("sync", "--to", "opencode");
    expect(sync.stderr).toBe("");
    expect(sync.code).toBe(0);
    const copy = readFileSync(join(project(), ".opencode/agents/checker.md"), "utf8");
    expect(copy).toMatch(/^mode: subagent$/m);
    // opencode would send an unknown key to the model (agent options): the mark is the manifest.
    expect(copy).not.toMatch(/generated-by/);
    expect(
      JSON.parse(readFileSync(join(project(), ".opencode/agents/.roster-sync.json"), "utf8")).files,
    ).toEqual(["checker.md", "planner.md"]);

    const list = json("list").value as { agents: Array<Record<string, unknown>> };
    const checker = list.agents.find((a) => a.name === "checker");
    expect(checker?.provider).toBe("copilot");
    expect(checker?.copies).toEqual([join(project(), ".opencode/agents/checker.md")]);
    expect(list.agents.filter((a) => a.provider === "opencode")).toEqual([]);

    const why = json("why", "checker").value as Record<string, unknown>;
    expect((why.winner as { provider: string }).provider).toBe("copilot");
    expect(why.shadowed).toEqual([]);
    expect((why.copies as Array<{ filePath: string }>).map((c) => c.filePath)).toEqual([
      join(project(), ".opencode/agents/checker.md"),
    ]);
    const text = roster("why", "checker").stdout;
    expect(text).toMatch(
      /copy\s+\.opencode\/agents\/checker\.md \(roster's copy of \.github\/agents\/checker\.agent\.md\)/,
    );
    expect(text).toMatch(/roster wrote a copy of it \(sync, export\); a copy never takes its place/);

    const run = json("run", "checker", "--task", "look", "--dry-run").value as {
      invocations: Array<{ host: string }>;
    };
    expect(run.invocations[0]?.host).toBe("copilot");

    // A second sync updates nothing and writes no copy of a copy.
    const again = json("sync", "--to", "opencode,codex", "--dry-run").value as {
      entries: Array<{ tool: string; action: string; agent?: string }>;
    };
    expect(again.entries.filter((e) => e.tool === "opencode").map((e) => e.action)).toEqual([
      "unchanged",
      "unchanged",
    ]);
    expect(again.entries.filter((e) => e.tool === "codex").map((e) => [e.agent, e.action])).toEqual([
      ["checker", "create"],
      ["planner", "create"],
    ]);
  });

  test("an opencode copy an earlier roster marked with the key is still roster's: updated, then listed in the manifest", () => {
    writeTree(root, {
      "project/.opencode/agents/checker.md": "---\ndescription: old copy\ngenerated-by: roster\n---\nold\n",
      "project/.opencode/agents/gone.md": "---\ndescription: old copy\ngenerated-by: roster\n---\nold\n",
    });
    const plan = json("sync", "--to", "opencode").value as {
      entries: Array<{ action: string; filePath?: string }>;
    };
    expect(plan.entries.map((e) => [e.action, e.filePath?.replace(`${project()}/`, "")])).toEqual([
      ["update", ".opencode/agents/checker.md"],
      ["create", ".opencode/agents/planner.md"],
      ["remove", ".opencode/agents/gone.md"],
    ]);
    expect(readFileSync(join(project(), ".opencode/agents/checker.md"), "utf8")).not.toMatch(/generated-by/);
    expect(existsSync(join(project(), ".opencode/agents/gone.md"))).toBe(false);
    expect(
      JSON.parse(readFileSync(join(project(), ".opencode/agents/.roster-sync.json"), "utf8")).files,
    ).toEqual(["checker.md", "planner.md"]);
  });

  test("--scope project writes the project's agents only; --scope user writes the user's", () => {
    const r = roster("sync", "--to", "opencode");
    expect(r.code).toBe(0);
    expect(readdirSync(join(project(), ".opencode/agents")).sort()).toEqual([
      ".roster-sync.json",
      "checker.md",
      "planner.md",
    ]);
    expect(r.stdout).toMatch(
      /^1 user agent left out: a project sync writes project agents only \(--scope user writes those\)$/m,
    );
    const user = json("sync", "--to", "opencode", "--scope", "user").value as {
      entries: Array<{ agent?: string; action: string }>;
      otherScope: number;
    };
    expect(user.entries.map((e) => [e.agent, e.action])).toEqual([["personal", "create"]]);
    expect(user.otherScope).toBe(2);
    expect(existsSync(join(home(), ".config/opencode/agents/personal.md"))).toBe(true);
  });

  test("a sync of more than 20 files: refused without a terminal, written with --yes", () => {
    const many = Object.fromEntries(
      Array.from({ length: 20 }, (_, i) => [
        `project/.claude/agents/a${i}.md`,
        agentFile(`a${i}`, `agent ${i}`),
      ]),
    );
    writeTree(root, many);
    const refused = roster("sync", "--to", "codex");
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe(
      "roster: this sync would write or remove 22 files in Codex's project folders (more than 20): pass --yes to write them (--dry-run lists them first)\n",
    );
    expect(existsSync(join(project(), ".codex"))).toBe(false);
    expect(roster("sync", "--to", "codex", "--dry-run").code).toBe(0);
    const yes = roster("sync", "--to", "codex", "--yes");
    expect(yes.code).toBe(0);
    expect(readdirSync(join(project(), ".codex/agents")).filter((f) => f.endsWith(".toml"))).toHaveLength(22);
  });

  const hasScript = spawnSync("script", ["-V"]).status === 0;
  test.skipIf(!hasScript)("on a terminal a large sync asks; anything but yes writes nothing", () => {
    writeTree(
      root,
      Object.fromEntries(
        Array.from({ length: 20 }, (_, i) => [`project/.claude/agents/a${i}.md`, agentFile(`a${i}`)]),
      ),
    );
    const command = [process.execPath, bin, "--home", home(), "--cwd", project(), "sync", "--to", "codex"]
      .map((w) => `'${w}'`)
      .join(" ");
    const answer = (text: string) =>
      spawnSync("script", ["-qec", command, "/dev/null"], {
        input: text,
        encoding: "utf8",
        env: { PATH: process.env.PATH ?? "", ROSTER_NO_CACHE: "1" },
      });
    const no = answer("n\n");
    expect(no.stdout).toMatch(/Write them\? \[y\/N\]/);
    expect(no.status).toBe(1);
    expect(existsSync(join(project(), ".codex"))).toBe(false);
    const yes = answer("y\n");
    expect(yes.status).toBe(0);
    expect(readdirSync(join(project(), ".codex/agents")).filter((f) => f.endsWith(".toml"))).toHaveLength(22);
  });
});

describe("--provider (SPEC §16)", () => {
  beforeEach(() => {
    writeTree(root, {
      "home/.claude/agents/sre.md": agentFile("sre", "the user's claude sre"),
      "project/.codex/agents/sre.toml":
        'name = "sre"\ndescription = "the project codex sre"\ndeveloper_instructions = "codex sre"\n',
    });
  });

  test("show, why, run and export reach the shadowed definition of that provider", () => {
    expect((json("show", "sre").value as { provider: string }).provider).toBe("claude");
    const shown = json("show", "sre", "--provider", "codex").value as {
      provider: string;
      description: string;
    };
    expect([shown.provider, shown.description]).toEqual(["codex", "the project codex sre"]);

    const why = json("why", "sre", "--provider", "codex").value as Record<string, { filePath?: string }>;
    expect(why.winner?.filePath).toBe(join(home(), ".claude/agents/sre.md"));
    expect(why.picked?.filePath).toBe(join(project(), ".codex/agents/sre.toml"));
    expect(roster("why", "sre", "--provider", "codex").stdout).toMatch(
      /^--provider codex: \.codex\/agents\/sre\.toml \(project\), shadowed here; roster show\|run\|export sre --provider codex reaches it$/m,
    );

    const run = json("run", "sre", "--provider", "codex", "--task", "t", "--dry-run").value as {
      invocations: Array<{ host: string; args: string[] }>;
    };
    expect(run.invocations[0]?.host).toBe("codex");
    expect(run.invocations[0]?.args.join(" ")).toContain("codex sre");

    const exported = json("export", "sre", "--provider", "codex", "--to", "claude", "--stdout").value as {
      content: string;
    };
    expect(exported.content).toMatch(/^description: the project codex sre$/m);
  });

  test("an unknown provider is a usage error with did-you-mean; one that does not define NAME says who does", () => {
    for (const command of [
      ["show", "sre"],
      ["why", "sre"],
      ["export", "sre", "--to", "claude"],
      ["run", "sre", "--task", "t", "--dry-run"],
    ]) {
      const r = roster(...command, "--provider", "codx");
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(
        /^roster: unknown provider "codx" for --provider; did you mean codex\? \(one of xcsh, claude, codex/,
      );
    }
    const none = roster("show", "sre", "--provider", "gemini");
    expect(none.code).toBe(1);
    expect(none.stderr).toBe(
      'roster: gemini defines no agent "sre"; it comes from claude, codex (roster why sre)\n',
    );
    const run = roster("run", "sre", "--provider", "gemini", "--task", "t", "--dry-run");
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('gemini defines no agent "sre"');
    expect(roster("show", "sre", "--provider", "codex", "--as", "codex").code).toBe(2);
  });
});
