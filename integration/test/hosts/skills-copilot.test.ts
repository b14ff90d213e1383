import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  corpusSkillSample,
  enabled,
  makeWorld,
  rosterSkillsAs,
  skillAgreement,
  skillCases,
  skillFiles,
  skillLinkCase,
  type World,
} from "./loaders-harness.js";
import { copilotTool, type RealTool } from "./real-tools.js";

let copilot: RealTool | undefined;
let unavailable: string | undefined;
const worlds: World[] = [];

beforeAll(async () => {
  if (!enabled) return;
  const found = await copilotTool();
  if ("unavailable" in found) unavailable = found.unavailable;
  else copilot = found;
}, 420_000);
afterAll(() => {
  for (const world of worlds) world.cleanup();
});

/** Copilot CLI's skills folders, each with its own tag. */
const PLACES: Record<string, string> = {
  "project/.github/skills": "gh",
  "project/.agents/skills": "ag",
  "project/.claude/skills": "cl",
  "home/.copilot/skills": "hcp",
};

describe.skipIf(!enabled)("Copilot CLI's skillsLoad agrees with roster skills list --as copilot", () => {
  test("every case in every place: names, descriptions, links out of the project, a root SKILL.md", async ({
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
    // A SKILL.md at the root of a skills folder: Copilot CLI takes the folder as that one skill.
    files["home/.agents/skills/SKILL.md"] = "---\nname: root-skill\ndescription: at the root\n---\nB\n";
    files["home/.agents/skills/beside/SKILL.md"] = "---\nname: beside-root\ndescription: beside it\n---\nB\n";
    // The first line of the body, when there is no description.
    files["home/.copilot/skills/blank-first/SKILL.md"] =
      "---\nname: blank-first\n---\n\n\n  First words  \nmore\n";
    // A sample of real skills (../shared/skills-corpus), when this machine has it.
    const corpus = corpusSkillSample("project/.github/skills");
    if (corpus.skipped) console.log(`corpus sample skipped: ${corpus.skipped}`);
    files = { ...files, ...corpus.files };
    const world = makeWorld(files, links);
    worlds.push(world);
    const [real, ours] = await Promise.all([copilot!.skills(world), rosterSkillsAs("copilot", world)]);
    const all = skillFiles(world, [...Object.keys(PLACES), "home/.agents/skills"]);
    const { agree, total, differ } = skillAgreement(all, real, ours.skills);
    console.log(`Copilot CLI skills: roster agrees on ${agree}/${total} SKILL.md files`);
    expect(differ).toEqual([]);
    expect(real.map((s) => s.name)).toContain("ext-gh");
    expect(ours.skills).toEqual(real);
  }, 300_000);
});

test.skipIf(enabled)(
  "the Copilot CLI skills comparison runs only with ROSTER_TEST_HOSTS=1 (pnpm test:hosts)",
  () => {
    expect(enabled).toBe(false);
  },
);
