// Differential test (pnpm test:hosts): one world of skill cases fed to the REAL Copilot CLI's
// own skill loader (`skillsLoad` of the `runtime.node` it unpacks on its first run: the call its
// `cli-main.js` makes; no credentials, no model call, no network) and to
// `roster skills list --as copilot --json`; any difference in the listed set, names or
// descriptions fails. packages/source-copilot/README.md "Skills" lists each fact checked.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  corpusSkillSample,
  enabled,
  installTool,
  type ListedSkill,
  listed,
  makeWorld,
  rosterSkillsAs,
  run,
  skillAgreement,
  skillCases,
  skillFiles,
  skillLinkCase,
  type World,
} from "./loaders-harness.js";

const VERSION = "1.0.102";
let runtime = "";
let unavailable: string | undefined;
const worlds: World[] = [];

beforeAll(async () => {
  if (!enabled) return;
  const installed = await installTool(`@github/copilot@${VERSION}`, "copilot");
  if ("unavailable" in installed) {
    unavailable = installed.unavailable;
    return;
  }
  // The first run unpacks the package into HOME's cache: one home kept beside the install.
  const home = join(installed.prefix, "unpack-home");
  const pkg = join(home, ".cache/copilot/pkg");
  if (!existsSync(pkg)) {
    mkdirSync(home, { recursive: true });
    await run(join(installed.prefix, "bin", "copilot"), ["--version"], {
      env: { PATH: process.env.PATH, HOME: home },
      timeout: 180_000,
    });
  }
  const platform = existsSync(pkg) ? readdirSync(pkg)[0] : undefined;
  const found = platform ? join(pkg, platform, VERSION, "prebuilds", platform, "runtime.node") : "";
  if (found && existsSync(found)) runtime = found;
  else unavailable = `Copilot CLI ${VERSION} did not unpack a runtime.node below ${pkg}`;
}, 420_000);
afterAll(() => {
  for (const world of worlds) world.cleanup();
});

/**
 * Every skill Copilot CLI's own loader lists in `world`: `skillsLoad(projectRoot, customDirs,
 * ignoredLocations, configDir, home, envSkillDirs, additionalSources, cwd, commandSources,
 * enableConfigDiscovery, builtinDir, displayCwd, includePersonalAgents, useCache,
 * blockUserAndWorkspaceSkills)`, as `cli-main.js` calls it (built-ins left out: no builtinDir).
 */
async function copilotSkills(world: World): Promise<ListedSkill[]> {
  const script = join(world.root, "copilot-skills.cjs");
  const out = join(world.root, "copilot-skills.json");
  const args = [
    world.project,
    [],
    [],
    join(world.home, ".copilot"),
    world.home,
    null,
    [],
    world.project,
    [],
    true,
    null,
    world.project,
    // includePersonalAgents: true unless a config folder other than ~/.copilot is given.
    true,
    false,
    false,
  ];
  writeFileSync(
    script,
    `const m = require(${JSON.stringify(runtime)});
const a = ${JSON.stringify(args)}.map((v) => (v === null ? undefined : v));
m.skillsLoad(...a).then((r) => {
  require("node:fs").writeFileSync(${JSON.stringify(out)}, JSON.stringify(r.skills));
  process.exit(0);
}, (error) => { console.error(String(error)); process.exit(1); });
`,
  );
  const ran = await run(process.execPath, [script], {
    cwd: world.project,
    env: { PATH: process.env.PATH, HOME: world.home, ...world.xdg },
    timeout: 120_000,
  });
  if (ran.code !== 0) throw new Error(`Copilot CLI's skillsLoad failed: ${ran.stderr.slice(0, 400)}`);
  const found = JSON.parse(readFileSync(out, "utf8")) as {
    name: string;
    description?: string;
    filePath: string;
  }[];
  return listed(found.map((s) => ({ name: s.name, description: s.description ?? "", path: s.filePath })));
}

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
    const [real, ours] = await Promise.all([copilotSkills(world), rosterSkillsAs("copilot", world)]);
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
