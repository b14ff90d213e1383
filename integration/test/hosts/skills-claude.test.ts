// Differential test (pnpm test:hosts): one world of skill cases fed to the REAL Claude Code and
// to `roster skills list --as claude --json`. Claude Code's offline answer: logged out (a
// temporary HOME, no credentials), `claude -p --input-format stream-json` answers an
// `initialize` control request with every command it offers — skills included, each with its
// display name and description — before any model call. Its built-ins (what an empty world
// offers) are left out. packages/source-claude/README.md "Skills" lists each fact checked.
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  corpusSkillSample,
  enabled,
  installTool,
  type ListedSkill,
  makeWorld,
  rosterSkillsAs,
  run,
  skillCases,
  skillLinkCase,
  type World,
} from "./loaders-harness.js";

let prefix = "";
let unavailable: string | undefined;
const worlds: World[] = [];
/** The commands Claude Code offers in a world without a single file. */
let builtins = new Set<string>();

beforeAll(async () => {
  if (!enabled) return;
  const installed = await installTool("@anthropic-ai/claude-code@2.1.197", "claude");
  if ("unavailable" in installed) {
    unavailable = installed.unavailable;
    return;
  }
  prefix = installed.prefix;
  const empty = makeWorld({});
  worlds.push(empty);
  builtins = new Set((await claudeCommands(empty)).map((c) => c.name));
}, 420_000);
afterAll(() => {
  for (const world of worlds) world.cleanup();
});

/** Every command Claude Code offers in `world`, from its answer to `initialize`. */
async function claudeCommands(world: World): Promise<{ name: string; description: string }[]> {
  const request = JSON.stringify({
    type: "control_request",
    request_id: "r1",
    request: { subtype: "initialize" },
  });
  const out = join(world.root, "claude-initialize.jsonl");
  // stdin stays open until the answer is written: closing it first ends the session unanswered.
  const script = `(printf '%s\\n' '${request}'; i=0; while [ $i -lt 600 ] && ! grep -q control_response "${out}" 2>/dev/null; do sleep 0.1; i=$((i+1)); done) | claude -p --input-format stream-json --output-format stream-json --verbose > "${out}"`;
  const ran = await run("sh", ["-c", script], {
    cwd: world.project,
    timeout: 120_000,
    env: {
      PATH: `${join(prefix, "bin")}:/usr/local/bin:/usr/bin:/bin`,
      HOME: world.home,
      ...world.xdg,
      DISABLE_AUTOUPDATER: "1",
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
    },
  });
  const { readFileSync } = await import("node:fs");
  const answer = readFileSync(out, "utf8")
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as { type?: string; response?: { response?: { commands?: unknown } } })
    .find((m) => m.type === "control_response");
  const commands = answer?.response?.response?.commands;
  if (!Array.isArray(commands))
    throw new Error(`claude gave no initialize answer: ${(ran.stderr || ran.stdout).slice(0, 400)}`);
  return commands as { name: string; description: string }[];
}

/** The skills Claude Code offers in `world`: names and descriptions (its scope suffix left out). */
async function claudeSkills(world: World): Promise<Omit<ListedSkill, "path">[]> {
  return (await claudeCommands(world))
    .filter((c) => !builtins.has(c.name))
    .map((c) => ({ name: c.name, description: c.description.replace(/ \((project|user)\)$/, "") }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** Claude Code's skills folders, each with its own tag. */
const PLACES: Record<string, string> = {
  "project/.claude/skills": "cl",
  "home/.claude/skills": "hcl",
};

describe.skipIf(!enabled)(
  "Claude Code's initialize answer agrees with roster skills list --as claude",
  () => {
    test("every case in every place: display names, descriptions, links out of the project", async ({
      skip,
    }) => {
      if (unavailable) skip(unavailable);
      let files: Record<string, string> = {};
      let links: Record<string, string> = {};
      for (const [dir, tag] of Object.entries(PLACES)) {
        const link = skillLinkCase(dir, tag);
        files = { ...files, ...skillCases(dir, tag), ...link.files };
        links = { ...links, ...link.links };
      }
      // A SKILL.md at the root of Claude Code's skills folder is no skill.
      files["project/.claude/skills/SKILL.md"] = "---\nname: root-skill\ndescription: at the root\n---\nB\n";
      // A sample of real skills (../shared/skills-corpus), when this machine has it.
      const corpus = corpusSkillSample("project/.claude/skills");
      if (corpus.skipped) console.log(`corpus sample skipped: ${corpus.skipped}`);
      files = { ...files, ...corpus.files };
      const world = makeWorld(files, links);
      worlds.push(world);
      const [real, ours] = await Promise.all([claudeSkills(world), rosterSkillsAs("claude", world)]);
      const mine = ours.skills
        .map(({ name, description }) => ({ name, description }))
        .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      const key = (s: { name: string; description: string }) => `${s.name} | ${s.description}`;
      const theirs = new Set(real.map(key));
      const agree = mine.filter((s) => theirs.has(key(s))).length;
      console.log(
        `Claude Code skills: roster agrees on ${agree} of ${real.length} (roster lists ${mine.length})`,
      );
      expect(real.map((s) => s.name)).toContain("ext-cl");
      expect(mine).toEqual(real);
    }, 300_000);
  },
);

test.skipIf(enabled)(
  "the Claude Code skills comparison runs only with ROSTER_TEST_HOSTS=1 (pnpm test:hosts)",
  () => {
    expect(enabled).toBe(false);
  },
);
