// A config family gets everything a built-in has (SPEC §14, issue 51), end to end through the
// BUILT binary: the example team family (examples/source-team: provider, profile, writer, host
// and skills) and a family of plain data with skills in a folder no built-in reads (lab), both
// named by a trusted project config. It lists, views, exports, syncs, runs on its own host (a
// fake program) and shows its skills in `skills list` (merged and --as), MCP and doctor.
import { spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { agentFile, writeTree } from "@roster/testkit";
import { afterEach, beforeEach, expect, test } from "vitest";

const bin = fileURLToPath(new URL("../dist/roster.js", import.meta.url));
const team = fileURLToPath(new URL("../../../examples/source-team/dist/index.js", import.meta.url));
let root: string;
const at = (path: string) => join(root, path);
const env = () => ({ PATH: process.env.PATH ?? "" });

function roster(...args: string[]) {
  const result = spawnSync(process.execPath, [bin, "--home", at("home"), "--cwd", at("p"), ...args], {
    env: env(),
    encoding: "utf8",
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** A family as plain data whose skills live in `.lab/skills`, a folder no built-in family reads. */
const LAB = `
import { join } from "node:path";
const none = Object.fromEntries(["read","grep","find","ls","lsp","web_search","fetch","bash","edit","write","task","todo"].map((c) => [c, []]));
export const lab = {
  id: "lab",
  displayName: "Lab runner",
  provider: { id: "lab", locate: () => [] },
  vocabulary: { tools: none, effort: {}, permissionModes: {}, modelAliases: [] },
  skills: {
    id: "lab",
    tool: "lab",
    displayName: "Lab runner",
    places: (ctx) => [{ dir: join(ctx.cwd, ".lab", "skills"), scope: "project", root: ctx.cwd }],
    rules: {
      layout: "one-level", identity: "name", duplicates: "first-wins", requiresDescription: true,
      badYaml: "skip", requiresFrontmatter: true, invocable: true, knownKeys: ["name", "description"],
    },
  },
};
`;

/** The team's agent host: prints its arguments and what it read on stdin. */
const TEAM_AGENT = `#!/usr/bin/env node
let input = "";
process.stdin.on("data", (chunk) => (input += chunk));
process.stdin.on("end", () => console.log("team-agent " + process.argv.slice(2).join(" ") + " | " + input.trim().split("\\n").pop()));
`;

const skill = (name: string, description?: string) =>
  `---\nname: ${name}\n${description ? `description: ${description}\n` : ""}---\n\nDo ${name}.\n`;

beforeEach(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), "roster-config-family-all-")));
  writeTree(root, {
    "p/.git/HEAD": "ref: refs/heads/main\n",
    "p/.agents/agents/reviewer.md": agentFile(
      "reviewer",
      "Reviews diffs",
      "tools: Read, Grep",
      "You review.",
    ),
    "p/.agents/skills/deploy/SKILL.md": skill("deploy", "Deploys the app"),
    "p/.agents/skills/nodesc/SKILL.md": skill("nodesc"),
    "p/.lab/skills/ship/SKILL.md": skill("ship", "Ships a release"),
    "p/.lab/skills/unsaid/SKILL.md": skill("unsaid"),
    "p/.claude/agents/helper.md": agentFile("helper", "Helps", "tools: Read, Bash", "You help."),
    "p/lab.mjs": LAB,
    "bin/team-agent": TEAM_AGENT,
  });
  chmodSync(at("bin/team-agent"), 0o755);
  writeTree(root, {
    "home/.config/roster/config.json": JSON.stringify({ hosts: { team: { command: at("bin/team-agent") } } }),
    "p/roster.config.json": JSON.stringify({ providers: ["./lab.mjs", relative(at("p"), team)] }),
  });
  expect(roster("trust").code).toBe(0);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

type Skills = { skills: Array<{ name: string; provider: string }> };

test("a trusted config family lists, views, exports, syncs, runs and shows its skills everywhere", async () => {
  // 1. Lists and views.
  const list = JSON.parse(roster("list", "--json").stdout) as {
    agents: Array<{ name: string; provider: string }>;
  };
  expect(list.agents.find((a) => a.name === "reviewer")?.provider).toBe("team");
  const as = roster("list", "--as", "team", "--names");
  expect([as.code, as.stdout]).toEqual([0, "reviewer\n"]);

  // 2. Exports and syncs, in the team's words.
  expect(roster("export", "helper", "--to", "team", "--stdout").stdout).toContain(
    "tools:\n  - read\n  - bash\n",
  );
  expect(roster("sync", "--to", "team").code).toBe(0);
  expect(readFileSync(at("p/.agents/agents/helper.md"), "utf8")).toContain("generated-by: roster");

  // 3. Runs on its own host (--host auto: the team agent's family has one), the program from hosts.team.
  const run = roster("run", "reviewer", "--task", "go");
  expect(run.code, run.stderr).toBe(0);
  expect(run.stdout).toContain("team-agent --agent reviewer --tools read,grep | go");

  // 4. Skills: the merged view holds both families' folders (Codex reads .agents/skills first,
  // so the merged view files it under Codex); --as reads each as its own tool does.
  const merged = JSON.parse(roster("skills", "list", "--json").stdout) as Skills;
  expect(merged.skills.map((s) => `${s.name}:${s.provider}`)).toEqual(
    expect.arrayContaining(["deploy:codex", "ship:lab"]),
  );
  const asTeam = JSON.parse(roster("skills", "list", "--as", "team", "--json").stdout) as Skills;
  expect(asTeam.skills.map((s) => `${s.name}:${s.provider}`)).toEqual(["deploy:team"]);
  const asLab = JSON.parse(roster("skills", "list", "--as", "lab", "--json").stdout) as Skills;
  expect(asLab.skills.map((s) => `${s.name}:${s.provider}`)).toEqual(["ship:lab"]);

  // 5. `commands list` and MCP offer the skill a config family makes invocable (`/ship`).
  const commands = JSON.parse(roster("commands", "list", "--json").stdout) as Skills;
  expect(commands.skills.map((s) => `${s.name}:${s.provider}`)).toEqual(["ship:lab"]);
  const client = new Client({ name: "roster-test", version: "0.0.0" });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [bin, "mcp", "--home", at("home"), "--cwd", at("p")],
      env: env(),
      stderr: "pipe",
    }),
  );
  try {
    const prompts = await client.listPrompts();
    expect(prompts.prompts.map((p) => p.name)).toContain("ship");
    const got = await client.getPrompt({ name: "ship", arguments: {} });
    expect(JSON.stringify(got.messages)).toContain("Do ship.");
  } finally {
    await client.close();
  }

  // 6. Doctor checks the config families' skills: merged, and as the team's tool reads them.
  const doctor = roster("doctor", "--json");
  const found = JSON.parse(doctor.stdout) as { diagnostics: Array<{ filePath?: string; severity: string }> };
  expect(found.diagnostics.map((d) => d.filePath)).toContain(at("p/.lab/skills/unsaid/SKILL.md"));
  const doctorAs = roster("doctor", "--as", "team", "--json");
  expect(doctorAs.code).toBe(1);
  const teamFound = JSON.parse(doctorAs.stdout) as {
    diagnostics: Array<{ filePath?: string; severity: string }>;
    summary: { skills?: number };
  };
  expect(teamFound.summary.skills).toBe(1);
  expect(teamFound.diagnostics).toContainEqual(
    expect.objectContaining({ filePath: at("p/.agents/skills/nodesc/SKILL.md"), severity: "error" }),
  );
});
