// Differential test (pnpm test:hosts): one world of skill cases fed to the REAL Gemini CLI's
// `SkillManager.discoverSkills` (imported from its bundle chunk, with its own folder-trust
// answer `checkPathTrust`; no model call, no network) and to
// `roster skills list --as gemini --json`; any difference in the listed set, names or
// descriptions fails. packages/source-gemini/README.md "Skills" lists each fact checked.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
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
import { geminiTool, type RealTool } from "./real-tools.js";

let gemini: RealTool | undefined;
let unavailable: string | undefined;
const worlds: World[] = [];

beforeAll(async () => {
  if (!enabled) return;
  const found = await geminiTool();
  if ("unavailable" in found) unavailable = found.unavailable;
  else gemini = found;
}, 420_000);
afterAll(() => {
  for (const world of worlds) world.cleanup();
});

/** Gemini CLI's skills folders, each with its own tag. */
const PLACES: Record<string, string> = {
  "project/.gemini/skills": "gm",
  "project/.agents/skills": "ag",
  "home/.gemini/skills": "hgm",
  "home/.agents/skills": "hag",
};

function worldOf(trusted: boolean): World {
  let files: Record<string, string> = {};
  let links: Record<string, string> = {};
  for (const [dir, tag] of Object.entries(PLACES)) {
    const link = skillLinkCase(dir, tag);
    files = { ...files, ...skillCases(dir, tag), ...link.files };
    links = { ...links, ...link.links };
  }
  // A SKILL.md at the root of a skills folder is a skill of its own.
  files["project/.gemini/skills/SKILL.md"] = "---\nname: root-skill\ndescription: at the root\n---\nB\n";
  // A sample of real skills (../shared/skills-corpus), when this machine has it.
  const corpus = corpusSkillSample("project/.gemini/skills");
  if (corpus.skipped) console.log(`corpus sample skipped: ${corpus.skipped}`);
  files = { ...files, ...corpus.files };
  const world = makeWorld(files, links);
  worlds.push(world);
  if (trusted)
    writeFileSync(
      join(world.home, ".gemini", "trustedFolders.json"),
      JSON.stringify({ [world.project]: "TRUST_FOLDER" }),
    );
  return world;
}

describe.skipIf(!enabled)("Gemini CLI's SkillManager agrees with roster skills list --as gemini", () => {
  for (const trusted of [true, false])
    test(`every case in every place, in a ${trusted ? "trusted" : "untrusted"} folder`, async ({ skip }) => {
      if (unavailable) skip(unavailable);
      const world = worldOf(trusted);
      const [real, ours] = await Promise.all([gemini!.skills(world), rosterSkillsAs("gemini", world)]);
      const all = skillFiles(world, Object.keys(PLACES));
      const { agree, total, differ } = skillAgreement(all, real, ours.skills);
      console.log(
        `Gemini CLI skills (${trusted ? "trusted" : "untrusted"}): roster agrees on ${agree}/${total}`,
      );
      expect(differ).toEqual([]);
      expect(real.some((s) => s.name === "ext-gm")).toBe(trusted);
      expect(ours.skills).toEqual(real);
    }, 300_000);
});

test.skipIf(enabled)(
  "the Gemini CLI skills comparison runs only with ROSTER_TEST_HOSTS=1 (pnpm test:hosts)",
  () => {
    expect(enabled).toBe(false);
  },
);
