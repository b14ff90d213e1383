// Differential test (pnpm test:hosts): one world of skill cases fed to the REAL opencode's
// offline skill listing (`opencode debug skill`: every skill it loaded, no model call) and to
// `roster skills list --as opencode --json`; any difference in the listed set, names or
// descriptions fails. packages/source-opencode/README.md "Skills" lists each fact checked.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  corpusSkillSample,
  enabled,
  listed,
  makeWorld,
  rosterSkillsAs,
  skillAgreement,
  skillCases,
  skillFiles,
  skillLinkCase,
  type World,
} from "./loaders-harness.js";
import { opencodeTool, type RealTool } from "./real-tools.js";

let opencode: RealTool | undefined;
let unavailable: string | undefined;
const worlds: World[] = [];

beforeAll(async () => {
  if (!enabled) return;
  const found = await opencodeTool();
  if ("unavailable" in found) unavailable = found.unavailable;
  else opencode = found;
}, 420_000);
afterAll(() => {
  for (const world of worlds) world.cleanup();
});

/** opencode's skills folders, each with its own tag. */
const PLACES: Record<string, string> = {
  "project/.opencode/skills": "oc",
  "project/.opencode/skill": "ocs",
  "project/.claude/skills": "cl",
  "project/.agents/skills": "ag",
  "xdg/config/opencode/skills": "glob",
  "home/.claude/skills": "hcl",
};

describe.skipIf(!enabled)("opencode's own skill listing agrees with roster skills list --as opencode", () => {
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
    // A SKILL.md at the root of a skills folder is a skill of its own (Codex, Gemini CLI, opencode).
    files["home/.agents/skills/SKILL.md"] = "---\nname: root-skill\ndescription: at the root\n---\nB\n";
    files["home/.agents/skills/beside/SKILL.md"] = "---\nname: beside-root\ndescription: beside it\n---\nB\n";
    // A sample of real skills (../shared/skills-corpus), when this machine has it.
    const corpus = corpusSkillSample("project/.opencode/skills");
    if (corpus.skipped) console.log(`corpus sample skipped: ${corpus.skipped}`);
    files = { ...files, ...corpus.files };
    const world = makeWorld(files, links);
    worlds.push(world);
    const [real, ours] = await Promise.all([opencode!.skills(world), rosterSkillsAs("opencode", world)]);
    const all = skillFiles(world, [...Object.keys(PLACES), "home/.agents/skills"]);
    const { agree, total, differ } = skillAgreement(all, real, ours.skills);
    console.log(`opencode skills: roster agrees on ${agree}/${total} SKILL.md files`);
    expect(differ).toEqual([]);
    expect(real.map((s) => s.name)).toContain("ext-oc");
    expect(ours.skills).toEqual(real);
  }, 300_000);
});

describe.skipIf(!enabled)("opencode's pick between two skills of one name", () => {
  test("roster names no winner: the one opencode lists is among the ones roster calls ambiguous", async ({
    skip,
  }) => {
    if (unavailable) skip(unavailable);
    const twin = (where: string) => `---\nname: twin\ndescription: ${where}\n---\nB\n`;
    const world = makeWorld({
      "project/.opencode/skills/a/SKILL.md": twin("opencode a"),
      "project/.opencode/skills/b/SKILL.md": twin("opencode b"),
      "project/.claude/skills/c/SKILL.md": twin("claude"),
    });
    worlds.push(world);
    const [real, ours] = await Promise.all([opencode!.skills(world), rosterSkillsAs("opencode", world)]);
    expect(real.map((s) => s.name)).toEqual(["twin"]);
    const listedByRoster = (ours.view.skills as { name: string; ambiguous?: string[] }[]).find(
      (s) => s.name === "twin",
    );
    expect(listedByRoster?.ambiguous).toHaveLength(3);
    expect(
      listed(listedByRoster!.ambiguous!.map((path) => ({ name: "twin", description: "", path }))).map(
        (s) => s.path,
      ),
    ).toContain(real[0]!.path);
  }, 300_000);
});

test.skipIf(enabled)(
  "the opencode skills comparison runs only with ROSTER_TEST_HOSTS=1 (pnpm test:hosts)",
  () => {
    expect(enabled).toBe(false);
  },
);
