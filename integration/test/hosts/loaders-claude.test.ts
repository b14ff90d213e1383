// Differential test (pnpm test:hosts): the same worlds fed to the REAL Claude Code and to
// `roster list --as claude --json`. Claude Code's offline way to say what it loaded: logged
// out (a temporary HOME, no credentials), `claude -p hi --agent <missing>` stops before any
// model call with "--agent '<missing>' not found. Available agents: a, b, …". That answer
// names the agents, not their prompts: this suite compares the loaded set and the ids; the
// prompts of Claude Code are not observable offline (see integration/README.md). SPEC §15.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  enabled,
  makeWorld,
  type Ran,
  roster,
  rosterAs,
  type World,
  YAML_NAME_CASES,
} from "./loaders-harness.js";
import { type ClaudeTool, claudeTool } from "./real-tools.js";

let claudeCode: ClaudeTool | undefined;
let unavailable: string | undefined;
const worlds: World[] = [];

beforeAll(async () => {
  if (!enabled) return;
  const found = await claudeTool();
  if ("unavailable" in found) unavailable = found.unavailable;
  else claudeCode = found;
}, 420_000);
afterAll(() => {
  for (const world of worlds) world.cleanup();
});

/** The installed Claude Code in `world`: logged out (its own HOME), no update check, stdin closed. */
function claude(world: World, args: string[]): Promise<Ran> {
  return claudeCode!.run(world, args);
}

/** The agent files Claude Code loads in `world`: its `--agent <missing>` answer less its built-ins, sorted. */
async function claudeLoads(world: World): Promise<string[]> {
  return (await claudeCode!.agents(world)).agents.map((a) => a.id);
}

const md = (front: string, body = "Body.") => `---\n${front}\n---\n${body}\n`;

/** One small case per rule of SPEC §15's Claude Code facts; names unique unless a case is about a clash. */
const CASES: Record<string, string> = {
  "ok.md": md("name: ok\ndescription: fine", "Prompt <!-- kept -->"),
  "colon.md": md("name: beta:x\ndescription: a colon is accepted"),
  "dash.md": md("name: -dash\ndescription: a leading dash is refused"),
  "number.md": md("name: 5\ndescription: a name that is not a string"),
  "no-description.md": md("name: no-desc"),
  "no-name.md": md("description: no name"),
  "bad-yaml.md": "---\nname: bad-yaml\ndescription: [unclosed\n---\nB\n",
  "bom.md": `\uFEFF${md("name: bom\ndescription: a BOM means no frontmatter")}`,
  "Upper.md": md("name: UpperCase\ndescription: case is kept"),
  "sub/nested.md": md("name: nested\ndescription: sub-folders are read"),
  ".dot/dotted.md": md("name: dotted\ndescription: dot folders are entered"),
  "real/linked.md": md("name: linked\ndescription: through a symlinked folder"),
  "notes.txt": "not an agent",
  "no-frontmatter.md": "Just text\n",
};

describe.skipIf(!enabled)("Claude Code's own answer agrees with roster list --as claude", () => {
  test("every rule of its loader: the loaded set and ids (project and user folders)", async ({ skip }) => {
    if (unavailable) skip(unavailable);
    const world = makeWorld(
      {
        ...Object.fromEntries(
          Object.entries(CASES).map(([rel, text]) => [`project/.claude/agents/${rel}`, text]),
        ),
        "home/.claude/agents/personal.md": md("name: personal\ndescription: the user's own"),
        "home/.claude/agents/ok.md": md("name: ok\ndescription: the user's ok, shadowed by the project's"),
      },
      { "project/.claude/agents/link": "real" },
    );
    worlds.push(world);
    const [real, ours] = await Promise.all([claudeLoads(world), rosterAs("claude", world)]);
    expect(real).toContain("ok");
    expect({ ids: [...new Set(ours.agents.map((a) => a.id))].sort() }).toEqual({ ids: real });
  }, 300_000);

  test("why NAME --as claude, about NAME alone, finds every agent Claude Code loads, however its YAML writes the name", async ({
    skip,
  }) => {
    if (unavailable) skip(unavailable);
    // `why NAME` passes unparsed a file whose bytes hold neither NAME nor a `\` (a name with a
    // space, a quote or a `:` is never passed so). Here YAML gives names it does not write letter
    // for letter (base64, numbers, escapes, folding) and names it writes in odd ways (alias,
    // merge key, tag): whatever Claude Code loads, the sifted answer must find.
    const world = makeWorld(
      Object.fromEntries(
        Object.entries(YAML_NAME_CASES).map(([rel, text]) => [`project/.claude/agents/${rel}`, text]),
      ),
    );
    worlds.push(world);
    const real = await claudeLoads(world);
    const ours = await rosterAs("claude", world);
    expect([...new Set(ours.agents.map((a) => a.id))].sort()).toEqual(real);
    expect(real.length).toBeGreaterThan(3);
    for (const name of real) {
      const ran = await roster(world, ["why", name, "--as", "claude", "--json"]);
      const answer = JSON.parse(ran.stdout) as { winner?: { name: string; id?: string } };
      expect([name, ran.code, answer.winner?.id ?? answer.winner?.name]).toEqual([name, 0, name]);
    }
  }, 300_000);

  test("an agent's tools, permission rules included: run --host claude gives what Claude Code gives the agent itself", async ({
    skip,
  }) => {
    if (unavailable) skip(unavailable);
    // Offline, logged out, `claude -p … --output-format stream-json --verbose` first prints its
    // init message, whose `tools` are the session's tools: with `--agent a`, the agent's own.
    const initTools = async (world: World, args: string[]): Promise<string[]> => {
      const ran = await claude(world, [...args, "-p", "hi", "--output-format", "stream-json", "--verbose"]);
      const init = JSON.parse(ran.stdout.split("\n")[0]!) as { subtype?: string; tools?: string[] };
      expect(init.subtype).toBe("init");
      return [...(init.tools ?? [])].sort();
    };
    const cases = [
      "Read, Bash",
      "Read, Bash(git diff:*)",
      '["Read", "Bash(a\\nb)"]',
      // Rules Claude Code reads as the name of no tool.
      "Read, Bash(git status",
      "Read, Bash(x)y",
      "Read, (x)",
      "Read, Grep(x",
      // A tools key written empty: Claude Code gives the agent no tool, not every tool.
      "[]",
      "",
      '""',
      // A `*` entry: every tool, as without the key.
      "Read, *",
      '["*"]',
      // Names as Claude Code reads them: case by case, its own aliases (`Task`), and names it
      // has no tool for (`LS`, `TodoWrite`, `MultiEdit` in 2.1.197), never translated into one.
      "read, grep",
      "Read, Task",
      "Read, LS",
      "Read, WebSearch, TodoWrite, NotebookEdit, MultiEdit",
    ];
    for (const tools of cases) {
      const world = makeWorld({
        "project/.claude/agents/a.md": md(`name: a\ndescription: probe\ntools: ${tools}`),
      });
      worlds.push(world);
      const own = await initTools(world, ["--agent", "a"]);
      const plan = await roster(world, [
        "run",
        "a",
        "--dry-run",
        "--host",
        "claude",
        "--task",
        "x",
        "--json",
      ]);
      const args = (JSON.parse(plan.stdout) as { invocations: Array<{ args: string[] }> }).invocations[0]!
        .args;
      // No --tools in the plan: every tool.
      const at = args.indexOf("--tools");
      const given = await initTools(world, at === -1 ? [] : ["--tools", args[at + 1]!]);
      expect({ tools, given }).toEqual({ tools, given: own });
    }
  }, 600_000);

  test("roster's sync copies load in Claude Code as their own agents (the generated-by key is ignored)", async ({
    skip,
  }) => {
    if (unavailable) skip(unavailable);
    const world = makeWorld({
      "project/.claude/agents/copy.md": md("name: copy\ndescription: a copy\ngenerated-by: roster"),
    });
    worlds.push(world);
    expect(await claudeLoads(world)).toEqual(["copy"]);
  }, 300_000);
});

test.skipIf(enabled)(
  "the Claude Code comparison runs only with ROSTER_TEST_HOSTS=1 (pnpm test:hosts)",
  () => {
    expect(enabled).toBe(false);
  },
);
