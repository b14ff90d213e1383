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
import { codexTool, type RealTool } from "./real-tools.js";

let codex: RealTool | undefined;
let unavailable: string | undefined;
const worlds: World[] = [];

beforeAll(async () => {
  if (!enabled) return;
  const found = await codexTool();
  if ("unavailable" in found) unavailable = found.unavailable;
  else codex = found;
}, 420_000);
afterAll(() => {
  for (const world of worlds) world.cleanup();
});

/** Codex's skills folders, each with its own tag. */
const PLACES: Record<string, string> = {
  "project/.agents/skills": "ag",
  "project/.codex/skills": "cx",
  "home/.agents/skills": "hag",
  "home/.codex/skills": "hcx",
};

describe.skipIf(!enabled)("Codex's skills/list agrees with roster skills list --as codex", () => {
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
    files["project/.agents/skills/SKILL.md"] = "---\nname: root-skill\ndescription: at the root\n---\nB\n";
    // The same name in two places: Codex lists both.
    files["project/.codex/skills/twice/SKILL.md"] = "---\nname: twice\ndescription: repo\n---\nB\n";
    files["home/.agents/skills/twice/SKILL.md"] = "---\nname: twice\ndescription: user\n---\nB\n";
    // A sample of real skills (../shared/skills-corpus), when this machine has it.
    const corpus = corpusSkillSample("project/.agents/skills");
    if (corpus.skipped) console.log(`corpus sample skipped: ${corpus.skipped}`);
    files = { ...files, ...corpus.files };
    const world = makeWorld(files, links);
    worlds.push(world);
    const [real, ours] = await Promise.all([codex!.skills(world), rosterSkillsAs("codex", world)]);
    const { agree, total, differ } = skillAgreement(
      skillFiles(world, Object.keys(PLACES)),
      real,
      ours.skills,
    );
    console.log(`Codex skills: roster agrees on ${agree}/${total} SKILL.md files`);
    expect(differ).toEqual([]);
    expect(real.map((s) => s.name)).toContain("ext-ag");
    expect(ours.skills).toEqual(real);
  }, 300_000);
});

test.skipIf(enabled)(
  "the Codex skills comparison runs only with ROSTER_TEST_HOSTS=1 (pnpm test:hosts)",
  () => {
    expect(enabled).toBe(false);
  },
);
