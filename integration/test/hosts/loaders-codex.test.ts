// Differential test (pnpm test:hosts): the same worlds fed to the REAL Codex CLI and to
// `roster list --as codex --json`. Codex's offline way to say what it loaded: `codex debug
// prompt-input x` (a temporary HOME and CODEX_HOME, no credentials, no model call) prints the
// model-visible input as JSON, and its `spawn_agent` tool's `agent_type` parameter lists
// "Available roles:" as `name: {\ndescription\n}`, every custom agent it loaded followed by
// its built-ins. That lists ids and descriptions, not prompts: a role's
// `developer_instructions` reach only the agent it spawns, which takes a model call (see
// integration/README.md). SPEC §15, §16.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { enabled, makeWorld, roster, run, type World } from "./loaders-harness.js";
import { type CodexTool, codexTool } from "./real-tools.js";

let codex: CodexTool | undefined;
let unavailable: string | undefined;
const worlds: World[] = [];

interface Role {
  id: string;
  description: string;
}

/** A world whose project is a real git repository (Codex finds the project root with git). */
async function codexWorld(files: Record<string, string>, links: Record<string, string> = {}): Promise<World> {
  const world = makeWorld(files, links);
  worlds.push(world);
  mkdirSync(join(world.home, ".codex"), { recursive: true });
  rmSync(join(world.project, ".git"), { recursive: true, force: true });
  const init = await run("git", ["init", "-q", world.project], { timeout: 60_000 });
  if (init.code !== 0) throw new Error(`git init failed: ${init.stderr}`);
  return world;
}

/** `$CODEX_HOME/config.toml` trusting `dir`, as Codex's first-run question writes it. */
const trusts = (dir: string, level = "trusted") => `[projects."${dir}"]\ntrust_level = "${level}"\n`;

beforeAll(async () => {
  if (!enabled) return;
  const found = await codexTool();
  if ("unavailable" in found) unavailable = found.unavailable;
  else codex = found;
}, 420_000);
afterAll(() => {
  for (const world of worlds) world.cleanup();
});

const byId = (a: Role, b: Role) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The agent files Codex loads (`codex debug prompt-input`): its roles less its untouched built-ins. */
async function codexLoads(world: World, cwd = world.project): Promise<Role[]> {
  const tool = codex!;
  return (await tool.roles(world, cwd))
    .map((r) => ({ id: r.id, description: r.seen }))
    .filter((r) => !tool.builtins.has(`${r.id}: ${r.description}`))
    .sort(byId);
}

/** What the built roster says Codex loads (`roster list --as codex --json`), files only. */
async function rosterLoads(world: World, cwd = world.project): Promise<Role[]> {
  const ran = await run(
    process.execPath,
    [
      join(import.meta.dirname, "../../../apps/cli/dist/roster.js"),
      "--home",
      world.home,
      "--cwd",
      cwd,
      "list",
      "--as",
      "codex",
      "--json",
    ],
    {
      cwd,
      env: { PATH: process.env.PATH, HOME: world.home, ...world.xdg, ROSTER_NO_CACHE: "1" },
      timeout: 60_000,
    },
  );
  if (ran.code !== 0) throw new Error(`roster list --as codex failed: ${ran.stderr}`);
  const view = JSON.parse(ran.stdout) as {
    agents: { name: string; id?: string; description?: string; filePath?: string }[];
  };
  return view.agents
    .filter((a) => a.filePath !== undefined)
    .map((a) => ({ id: a.id ?? a.name, description: (a.description ?? "").trim() }))
    .sort(byId);
}

/** A role file: `extra` goes before `developer_instructions` (keys, not tables). */
const role = (name: string, description: string, extra = "", tables = "") =>
  `name = ${JSON.stringify(name)}\ndescription = ${JSON.stringify(description)}\n${extra}developer_instructions = """\nYou are ${name}.\n"""\n${tables}`;

const P = "project/.codex/agents";
const U = "home/.codex/agents";

/** One file per rule; each loaded one has its own description so a swap would show. */
const RULES: Record<string, string> = {
  [`${P}/ok.toml`]: role("ok", "fine"),
  [`${P}/stem-differs.toml`]: role("other-name", "named by name, not file"),
  [`${P}/no-name.toml`]: 'description = "d"\ndeveloper_instructions = "x"\n',
  [`${P}/no-description.toml`]: 'name = "no-description"\ndeveloper_instructions = "x"\n',
  [`${P}/blank-description.toml`]: role("blank-description", "   "),
  [`${P}/no-instructions.toml`]: 'name = "no-instructions"\ndescription = "d"\n',
  [`${P}/blank-instructions.toml`]:
    'name = "blank-instructions"\ndescription = "d"\ndeveloper_instructions = "  "\n',
  [`${P}/bad-toml.toml`]: 'name = "bad-toml"\ndescription = "d\ndeveloper_instructions = "x"\n',
  [`${P}/markdown.md`]: "---\nname: markdown\ndescription: d\n---\nBody\n",
  [`${P}/sub/deeper/nested.toml`]: role("nested", "in a sub-folder"),
  [`${P}/.hidden/hidden.toml`]: role("hidden", "in a dot folder"),
  [`${P}/names.toml`]: role("a:b c", "any non-blank name"),
  [`${P}/worker.toml`]: role("worker", "my worker overrides the built-in"),
  [`${P}/aa-twin.toml`]: role("twin", "first in file order wins"),
  [`${P}/zz-twin.toml`]: role("twin", "second is skipped"),
  // roster's old marker key, an unknown key, roster's own extension keys: Codex skips the file.
  [`${P}/marker.toml`]: role("marker", "d", 'generated-by = "roster"\n'),
  [`${P}/unknown.toml`]: role("unknown", "d", 'foo = "x"\n'),
  [`${P}/spawns.toml`]: role("spawns", "d", 'spawns = ["a"]\n'),
  [`${P}/blocking.toml`]: role("blocking", "d", "blocking = true\n"),
  [`${P}/tools-list.toml`]: role("tools-list", "d", 'tools = ["read"]\n'),
  [`${P}/skills-list.toml`]: role("skills-list", "d", 'skills = ["review"]\n'),
  [`${P}/model-number.toml`]: role("model-number", "d", "model = 5\n"),
  [`${P}/sandbox-bogus.toml`]: role("sandbox-bogus", "d", 'sandbox_mode = "bogus"\n'),
  [`${P}/nickname-blank.toml`]: role("nickname-blank", "d", 'nickname_candidates = [" "]\n'),
  [`${P}/mcp-no-command.toml`]: role("mcp-no-command", "d", "", "[mcp_servers.m]\nnope = 1\n"),
  // Codex's config keys a role file may set.
  [`${P}/settings.toml`]: role(
    "settings",
    "runtime settings",
    'model = "gpt-5"\nmodel_reasoning_effort = "high"\nsandbox_mode = "read-only"\nnickname_candidates = ["Al", "b_c"]\napproval_policy = "never"\nmodel_provider = "openai"\npersonality = "friendly"\nweb_search = "cached"\n',
    '[features]\nx = true\n[tools]\nweb_search = true\n[mcp_servers.m]\ncommand = "run"\n',
  ),
  [`${P}/same.toml`]: role("same", "the project's"),
  [`${U}/same.toml`]: role("same", "the user's"),
  [`${U}/user-only.toml`]: role("user-only", "from $CODEX_HOME/agents"),
  // Issue 52: roles of `[agents.<key>] config_file` tables in $CODEX_HOME/config.toml.
  "home/.codex/roles/reviewer.toml": 'developer_instructions = "Review."\n',
  "home/.codex/roles/named.toml": role("file-name", "the file's description"),
  "elsewhere/linked.toml": role("linked", "a symlinked file"),
  "elsewhere/dir/in-linked-dir.toml": role("in-linked-dir", "in a symlinked folder"),
};

describe.skipIf(!enabled)("Codex's own loader agrees with roster list --as codex", () => {
  test("every rule of its role-file reader: the loaded set, ids and descriptions", async ({ skip }) => {
    if (unavailable) skip(unavailable);
    const world = await codexWorld(RULES, {
      [`${P}/link.toml`]: "../../../elsewhere/linked.toml",
      [`${P}/linked-dir`]: "../../../elsewhere/dir",
    });
    writeFileSync(
      join(world.home, ".codex/config.toml"),
      `${trusts(world.project)}
[agents.cfg-reviewer]
description = "the table's description"
config_file = "roles/reviewer.toml"

[agents.cfg-named]
description = "the table's, not used"
config_file = "roles/named.toml"

[agents.explorer]
description = "the table's explorer: a built-in's description replaced"

[agents.table-only]
description = "a role of a table alone"

[agents.blank-table]
description = "   "

[agents.user-only]
description = "the table, over the file of its name beside it"
`,
    );
    const [real, ours] = await Promise.all([codexLoads(world), rosterLoads(world)]);
    expect(real.map((r) => r.id)).toEqual(
      expect.arrayContaining([
        "ok",
        "nested",
        "settings",
        "worker",
        "cfg-reviewer",
        "file-name",
        "explorer",
        "table-only",
      ]),
    );
    expect(ours).toEqual(real);
  }, 300_000);

  test("project agents only in a project Codex trusts, keyed by the repository root", async ({ skip }) => {
    if (unavailable) skip(unavailable);
    const world = await codexWorld({
      [`${P}/mine.toml`]: role("mine", "the project's"),
      "project/src/.keep": "",
      [`${U}/theirs.toml`]: role("theirs", "the user's"),
    });
    const config = join(world.home, ".codex/config.toml");
    const src = join(world.project, "src");
    const cases: [string, string | undefined, string][] = [
      ["no entry", undefined, world.project],
      ["untrusted", trusts(world.project, "untrusted"), world.project],
      ["a trailing slash", trusts(`${world.project}/`), world.project],
      ["the parent folder", trusts(world.root), world.project],
      ["a sub-folder as cwd and key", trusts(src), src],
      ["the root, cwd below it", trusts(world.project), src],
      ["the root", trusts(world.project), world.project],
    ];
    const seen: Record<string, { real: string[]; ours: string[] }> = {};
    for (const [label, text, cwd] of cases) {
      if (text === undefined) rmSync(config, { force: true });
      else writeFileSync(config, text);
      const [real, ours] = await Promise.all([codexLoads(world, cwd), rosterLoads(world, cwd)]);
      seen[label] = { real: real.map((r) => r.id), ours: ours.map((r) => r.id) };
    }
    for (const label of Object.keys(seen))
      expect({ label, ids: seen[label]!.ours }).toEqual({ label, ids: seen[label]!.real });
    expect(seen["no entry"]!.real).toEqual(["theirs"]);
    expect(seen["the root"]!.real).toEqual(["mine", "theirs"]);
  }, 300_000);

  test("every .codex/agents from the cwd up to the repository root, the closest first", async ({ skip }) => {
    if (unavailable) skip(unavailable);
    const world = await codexWorld({
      [`${P}/outer.toml`]: role("outer", "at the root"),
      [`${P}/shared.toml`]: role("shared", "the root's"),
      "project/src/.codex/agents/inner.toml": role("inner", "below the root"),
      "project/src/.codex/agents/shared.toml": role("shared", "the closest"),
    });
    writeFileSync(join(world.home, ".codex/config.toml"), trusts(world.project));
    const src = join(world.project, "src");
    const [real, ours] = await Promise.all([codexLoads(world, src), rosterLoads(world, src)]);
    expect(real).toContainEqual({ id: "shared", description: "the closest" });
    expect(ours).toEqual(real);
  }, 300_000);

  test("what roster sync --to codex writes, Codex loads (no marker key in the file)", async ({ skip }) => {
    if (unavailable) skip(unavailable);
    const world = await codexWorld({
      "project/.claude/agents/reviewer.md":
        "---\nname: reviewer\ndescription: Reviews code\nmodel: opus\neffort: high\npermissionMode: plan\nskills: [review]\ntools: Read, Grep\ncolor: blue\n---\nYou review code.\n\nLine two.\n",
    });
    writeFileSync(join(world.home, ".codex/config.toml"), trusts(world.project));
    const synced = await roster(world, ["sync", "--to", "codex", "--scope", "project", "--yes"]);
    expect(synced.stderr).toBe("");
    const written = readFileSync(join(world.project, ".codex/agents/reviewer.toml"), "utf8");
    expect(written).not.toMatch(/generated-by/);
    const [real, ours] = await Promise.all([codexLoads(world), rosterLoads(world)]);
    expect(real).toEqual([{ id: "reviewer", description: "Reviews code" }]);
    expect(ours).toEqual(real);
  }, 300_000);
});

test.skipIf(enabled)(
  "the Codex loader comparison runs only with ROSTER_TEST_HOSTS=1 (pnpm test:hosts)",
  () => {
    expect(enabled).toBe(false);
  },
);
