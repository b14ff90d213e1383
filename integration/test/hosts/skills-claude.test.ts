import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  corpusSkillSample,
  enabled,
  type ListedSkill,
  makeWorld,
  rosterSkillsAs,
  skillCases,
  skillLinkCase,
  type World,
} from "./loaders-harness.js";
import { claudeTool, type RealTool } from "./real-tools.js";

let claude: RealTool | undefined;
let unavailable: string | undefined;
const worlds: World[] = [];

beforeAll(async () => {
  if (!enabled) return;
  const found = await claudeTool();
  if ("unavailable" in found) unavailable = found.unavailable;
  else claude = found;
}, 420_000);
afterAll(() => {
  for (const world of worlds) world.cleanup();
});

/** The skills Claude Code offers in `world`: names and descriptions, sorted by name. */
async function claudeSkills(world: World): Promise<Omit<ListedSkill, "path">[]> {
  return (await claude!.skills(world))
    .map(({ name, description }) => ({ name, description }))
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
