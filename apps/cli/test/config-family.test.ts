// A family named in a config gets what a built-in has (SPEC §14): the merged view, `--as`,
// `export`/`sync --to`, `run --host` — once the config that names it is trusted (§5.3).
// Through the BUILT binary, with the example family of examples/source-team.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { agentFile, writeTree } from "@roster/testkit";
import { afterEach, beforeEach, describe, expect, test } from "vitest";

const bin = fileURLToPath(new URL("../dist/roster.js", import.meta.url));
const team = fileURLToPath(new URL("../../../examples/source-team/dist/index.js", import.meta.url));
let root: string;
const at = (path: string) => join(root, path);

function roster(...args: string[]) {
  const result = spawnSync(process.execPath, [bin, "--home", at("home"), "--cwd", at("p"), ...args], {
    env: { PATH: process.env.PATH ?? "" },
    encoding: "utf8",
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

// A family with a host of its own, as plain data: what a module named in `providers` may export.
const HOSTED = `
const none = Object.fromEntries(["read","grep","find","ls","lsp","web_search","fetch","bash","edit","write","task","todo"].map((c) => [c, []]));
export const lab = {
  id: "lab",
  displayName: "Lab runner",
  provider: { id: "lab", locate: () => [] },
  vocabulary: { tools: { ...none, read: ["cat"] }, effort: { high: "hard" }, permissionModes: {}, modelAliases: [] },
  host: {
    id: "lab",
    displayName: "Lab runner",
    command: "lab",
    npmPackage: "lab-runner",
    login: { fix: "run lab login" },
    plan(invocation, ctx) {
      const tools = (invocation.tools ?? []).flatMap((t) => ctx.vocabulary.tools[t] ?? []);
      // The user's hosts.lab (command, args) as the built-in hosts take theirs.
      const args = [...(ctx.host?.args ?? []), "--tools", tools.join(","), "--effort", ctx.vocabulary.effort[invocation.thinkingLevel] ?? ""];
      return { host: "lab", command: ctx.host?.command ?? "lab", args, env: {}, stdin: invocation.prompt, files: [], notes: [], trustNotes: [] };
    },
    parse: ({ stdout }) => ({ output: stdout }),
  },
};
`;

beforeEach(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), "roster-config-family-")));
  writeTree(root, {
    "home/.keep": "",
    "p/.git/HEAD": "ref: refs/heads/main\n",
    "p/.agents/agents/reviewer.md": agentFile(
      "reviewer",
      "Reviews diffs",
      "tools: Read, Grep, Glob\nthinkingLevel: high",
      "You review.",
    ),
    "p/.claude/agents/helper.md": agentFile("helper", "Helps", "tools: Read, Bash", "You help."),
    // An agent whose family has no host of its own (the team family has one): run takes defaultHost.
    "p/.xcsh/agents/planner.md": agentFile(
      "planner",
      "Plans",
      "tools: Read\nthinkingLevel: high",
      "You plan.",
    ),
    "p/lab.mjs": HOSTED,
  });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** The project's own config naming the team family (a path relative to it, as a team writes it). */
function projectConfig(providers: string[]) {
  writeTree(root, { "p/roster.config.json": JSON.stringify({ providers }) });
}

describe("a family from a trusted config", () => {
  test("untrusted, it is not loaded: --as and --to do not know it", () => {
    projectConfig([relative(at("p"), team)]);
    const as = roster("list", "--as", "team");
    expect(as.code).toBe(2);
    expect(as.stderr).toContain('unknown tool "team" for --as');
    expect(as.stderr).toMatch(/"providers" in this project config run code/);
    expect(roster("export", "reviewer", "--to", "team", "--stdout").stderr).toContain(
      'unknown tool "team" for --to',
    );
  });

  test("trusted, it lists, views, exports and syncs like a built-in", () => {
    projectConfig([relative(at("p"), team)]);
    expect(roster("trust").code).toBe(0);

    const list = JSON.parse(roster("list", "--json").stdout) as {
      agents: Array<{ name: string; provider: string }>;
    };
    expect(list.agents.find((a) => a.name === "reviewer")?.provider).toBe("team");

    const as = roster("list", "--as", "team", "--json");
    expect(as.code).toBe(0);
    expect((JSON.parse(as.stdout) as { agents: Array<{ name: string }> }).agents.map((a) => a.name)).toEqual([
      "reviewer",
    ]);

    // Exported to the team folder: roster's words (the team's vocabulary), loaded under its profile.
    const exported = roster("export", "helper", "--to", "team", "--stdout");
    expect(exported.code).toBe(0);
    expect(exported.stdout).toContain("tools:\n  - read\n  - bash\n");
    expect(exported.stderr).toContain("Team folder would load it as .agents/agents/helper.md");

    const sync = roster("sync", "--to", "team");
    expect(sync.code).toBe(0);
    expect(readFileSync(at("p/.agents/agents/helper.md"), "utf8")).toContain("generated-by: roster");
    // A person's file of the same name is left alone.
    expect(readFileSync(at("p/.agents/agents/reviewer.md"), "utf8")).toContain("You review.");

    // And Claude Code's words come back from the team's: `export --to claude` of a team agent.
    const claude = roster("export", "reviewer", "--to", "claude", "--stdout");
    expect(claude.stdout).toMatch(/^tools: Read, Grep, Glob$/m);
  });

  test("a config family with a host runs there: run --host in its own vocabulary", () => {
    projectConfig(["./lab.mjs", relative(at("p"), team)]);
    expect(roster("trust").code).toBe(0);
    const run = roster("run", "reviewer", "--host", "lab", "--dry-run", "--json", "--task", "go");
    expect(run.code, run.stderr).toBe(0);
    const plan = JSON.parse(run.stdout) as { invocations: Array<{ host: string; args: string[] }> };
    expect(plan.invocations[0]).toMatchObject({ host: "lab", args: ["--tools", "cat", "--effort", "hard"] });
    // Unknown hosts name the config's among the choices.
    expect(roster("run", "reviewer", "--host", "nope", "--task", "go").stderr).toContain(
      "one of claude, codex, gemini, opencode, copilot, lab, team, auto",
    );
    expect(existsSync(at("p/.agents/agents/helper.md"))).toBe(false);
  });

  test("a config family's host can be the user's defaultHost, checked as a built-in's is", () => {
    const userConfig = (config: object) =>
      writeTree(root, { "home/.config/roster/config.json": JSON.stringify(config) });
    // The family from a trusted project config, the default host the user's own choice.
    projectConfig(["./lab.mjs", relative(at("p"), team)]);
    expect(roster("trust").code).toBe(0);
    userConfig({ defaultHost: "lab" });
    // An xcsh agent has no host of its own: --host auto takes the default, in lab's vocabulary.
    const run = roster("run", "planner", "--dry-run", "--json", "--task", "go");
    expect(run.code, run.stderr).toBe(0);
    const plan = JSON.parse(run.stdout) as { invocations: Array<{ host: string; args: string[] }> };
    expect(plan.invocations[0]).toMatchObject({ host: "lab", args: ["--tools", "cat", "--effort", "hard"] });

    // The family from the user's config alone works the same.
    rmSync(at("p/roster.config.json"));
    userConfig({ providers: [at("p/lab.mjs"), team], defaultHost: "lab" });
    expect(roster("run", "planner", "--dry-run", "--json", "--task", "go").stdout).toContain('"host": "lab"');

    // An unknown name is refused with the sentence --host gives, the config's hosts among the choices.
    userConfig({ providers: [at("p/lab.mjs"), team], defaultHost: "lav" });
    const typo = roster("list");
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain(
      `unknown host "lav" for "defaultHost" in ${at("home/.config/roster/config.json")}; did you mean lab? (one of claude, codex, gemini, opencode, copilot, lab, team)`,
    );
    // A built-in's name too.
    userConfig({ defaultHost: "codx" });
    expect(roster("list").stderr).toContain('unknown host "codx" for "defaultHost"');
    expect(roster("list").stderr).toContain("did you mean codex?");
    // Without the family, its name is unknown.
    userConfig({ defaultHost: "lab" });
    rmSync(at("p/roster.config.json"), { force: true });
    expect(roster("list").stderr).toContain('unknown host "lab" for "defaultHost"');
  });

  test("a config family's host takes its program from hosts.<id>, checked as a built-in's is", () => {
    const userConfig = (config: object) =>
      writeTree(root, { "home/.config/roster/config.json": JSON.stringify(config) });
    const providers = [at("p/lab.mjs"), team];
    userConfig({ providers, hosts: { lab: { command: at("bin/lab-runner"), args: ["--quiet"] } } });
    const run = roster("run", "reviewer", "--host", "lab", "--dry-run", "--json", "--task", "go");
    expect(run.code, run.stderr).toBe(0);
    const plan = JSON.parse(run.stdout) as { invocations: Array<{ command: string; args: string[] }> };
    expect(plan.invocations[0]).toMatchObject({
      command: at("bin/lab-runner"),
      args: ["--quiet", "--tools", "cat", "--effort", "hard"],
    });

    // A typo is refused with the sentence --host gives, the config's hosts among the choices.
    userConfig({ providers, hosts: { lav: { command: "x" } } });
    const typo = roster("list");
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain(
      `unknown host "lav" for "hosts.lav" in ${at("home/.config/roster/config.json")}; did you mean lab? (one of claude, codex, gemini, opencode, copilot, lab, team)`,
    );
    // Without the family, its name is unknown; its shape is still the config's to check.
    userConfig({ hosts: { lab: { command: "x" } } });
    expect(roster("list").stderr).toContain('unknown host "lab" for "hosts.lab"');
    userConfig({ providers, hosts: { lab: { args: [] } } });
    expect(roster("list").stderr).toContain('"hosts.lab" must be an object with a "command" string');
  });
});
