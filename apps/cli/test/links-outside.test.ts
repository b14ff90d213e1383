// A linked file leaves the project (issue #49, SPEC §17 fourth round): a project's
// `.claude/commands/x.md -> ~/.ssh/id_rsa` (or an agent or SKILL.md linked out) is skipped with
// `load/outside-root`, as such a folder is, on every surface of the BUILT binary: list, show,
// commands, skills, run (the executor's system prompt), export, doctor and the MCP server's
// prompts and run_task. A link in the user's own folder is the user's choice and still loads.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { agentFile, createSandbox, type Sandbox } from "@roster/testkit";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

const bin = fileURLToPath(new URL("../dist/roster.js", import.meta.url));

/** What the linked files hold: none of it may reach any output. */
const KEY =
  "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----\n";
const SECRET = "SECRET-SYSTEM-PROMPT";

let box: Sandbox;
beforeAll(() => {
  expect(existsSync(bin), "apps/cli is not built: run pnpm build").toBe(true);
  box = createSandbox("roster-links-");
  box.write({
    "home/.ssh/id_rsa": KEY,
    "home/private/agent.md": agentFile("stolen", "a personal agent", "", SECRET),
    "elsewhere/mine.md": agentFile("mine", "the user's own link"),
    "project/.claude/agents/ok.md": agentFile("ok", "a project agent"),
    "project/.claude/commands/ok.md": "Say ok.\n",
    "project/.claude/skills/fine/SKILL.md": "---\nname: fine\ndescription: a fine skill\n---\nBe fine.\n",
    "project/.claude/skills/leak/placeholder": "",
  });
  const project = (rel: string) => join(box.project, rel);
  symlinkSync(join(box.home, "private/agent.md"), project(".claude/agents/x.md"));
  symlinkSync(join(box.home, ".ssh/id_rsa"), project(".claude/commands/x.md"));
  symlinkSync(join(box.home, ".ssh/id_rsa"), project(".claude/skills/leak/SKILL.md"));
  mkdirSync(join(box.home, ".claude/agents"), { recursive: true });
  symlinkSync(join(box.root, "elsewhere/mine.md"), join(box.home, ".claude/agents/mine.md"));
});
afterAll(() => box?.cleanup());

function roster(...args: string[]) {
  const r = spawnSync(process.execPath, [bin, "--home", box.home, "--cwd", box.project, ...args], {
    env: { PATH: process.env.PATH ?? "" },
    encoding: "utf8",
  });
  const all = r.stdout + r.stderr;
  // Whatever the command, nothing of the linked files gets out.
  expect(all).not.toContain("OPENSSH");
  expect(all).not.toContain(SECRET);
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const LINKED = [".claude/agents/x.md", ".claude/commands/x.md", ".claude/skills/leak/SKILL.md"];

describe("a project file linked outside the project is skipped everywhere", () => {
  test("agents: list and show leave it out; the user's own link loads", () => {
    const list = JSON.parse(roster("list", "--json").stdout) as { agents: Array<{ name: string }> };
    const names = list.agents.map((a) => a.name);
    expect(names).toContain("ok");
    expect(names).toContain("mine");
    expect(names).not.toContain("stolen");
    expect(roster("show", "stolen").code).toBe(1);
    expect(roster("list", "--names").stdout.split("\n")).not.toContain("stolen");
  });

  test("commands: commands list and show leave it out", () => {
    const list = JSON.parse(roster("commands", "list", "--json").stdout) as {
      commands: Array<{ name: string }>;
      diagnostics: Array<{ code: string; filePath?: string }>;
    };
    expect(list.commands.map((c) => c.name)).not.toContain("x");
    expect(list.commands.map((c) => c.name)).toContain("ok");
    expect(list.diagnostics).toContainEqual(
      expect.objectContaining({
        code: "load/outside-root",
        filePath: join(box.project, ".claude/commands/x.md"),
      }),
    );
    expect(roster("commands", "show", "x").code).toBe(1);
    expect(roster("commands", "expand", "x").code).toBe(1);
  });

  test("skills: its SKILL.md never becomes a skill, a description or a prompt", () => {
    const list = JSON.parse(roster("skills", "list", "--json").stdout) as { skills: Array<{ name: string }> };
    expect(list.skills.map((s) => s.name)).toEqual(["fine"]);
    expect(roster("skills", "show", "leak").code).toBe(1);
  });

  test("run: the executor never takes it as a system prompt (dry run)", () => {
    const run = roster("run", "stolen", "--dry-run", "--task", "x");
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('unknown agent "stolen"');
  });

  test("export: neither the agent nor the skill is copied anywhere", () => {
    expect(roster("export", "stolen", "--to", "codex").code).toBe(1);
    expect(roster("export", "leak", "--skills", "--to", "codex").code).toBe(1);
    expect(existsSync(join(box.project, ".codex"))).toBe(false);
    expect(existsSync(join(box.project, ".agents"))).toBe(false);
  });

  test("doctor names each linked file with load/outside-root (human and JSON)", () => {
    const doctor = JSON.parse(roster("doctor", "--json").stdout) as {
      diagnostics: Array<{ code: string; filePath?: string; message: string }>;
    };
    const outside = doctor.diagnostics.filter((d) => d.code === "load/outside-root");
    expect(outside.map((d) => d.filePath).sort()).toEqual(LINKED.map((rel) => join(box.project, rel)).sort());
    for (const d of outside) expect(d.message).toMatch(/^file skipped: its real path .* is outside /);
    const human = roster("doctor").stdout;
    for (const rel of LINKED) expect(human).toContain(rel);
    expect(human).toContain("load/outside-root");
  });
});

describe("roster mcp: a linked file is no prompt and no agent", () => {
  let client: Client;
  beforeAll(async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [bin, "mcp", "--home", box.home, "--cwd", box.project, "--dry-run"],
      env: { PATH: process.env.PATH ?? "" },
      cwd: box.root,
      stderr: "pipe",
    });
    client = new Client({ name: "roster-test", version: "0.0.0" });
    await client.connect(transport);
  });
  afterAll(() => client?.close());

  test("prompts/list and prompts/get leave out the linked command and skill", async () => {
    const { prompts } = await client.listPrompts();
    const names = prompts.map((p) => p.name);
    expect(names).toContain("ok");
    expect(names).toContain("fine");
    expect(names).not.toContain("x");
    expect(names).not.toContain("leak");
    expect(JSON.stringify(prompts)).not.toContain("OPENSSH");
    await expect(client.getPrompt({ name: "x" })).rejects.toThrow(/Unknown prompt "x"/);
    await expect(client.getPrompt({ name: "leak" })).rejects.toThrow(/Unknown prompt "leak"/);
  });

  test("run_task refuses the linked agent: its file is never a system prompt", async () => {
    const result = (await client.callTool({
      name: "run_task",
      arguments: { agent: "stolen", tasks: [{ id: "a", assignment: "x" }] },
    })) as CallToolResult;
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result)).not.toContain(SECRET);
    const ok = (await client.callTool({
      name: "run_task",
      arguments: { agent: "mine", tasks: [{ id: "a", assignment: "x" }] },
    })) as CallToolResult;
    expect(ok.isError).toBeFalsy();
  });
});
