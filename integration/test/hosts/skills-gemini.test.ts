// Differential test (pnpm test:hosts): one world of skill cases fed to the REAL Gemini CLI's
// `SkillManager.discoverSkills` (imported from its bundle chunk, with its own folder-trust
// answer `checkPathTrust`; no model call, no network) and to
// `roster skills list --as gemini --json`; any difference in the listed set, names or
// descriptions fails. packages/source-gemini/README.md "Skills" lists each fact checked.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
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

let chunk = "";
let unavailable: string | undefined;
const worlds: World[] = [];

beforeAll(async () => {
  if (!enabled) return;
  const installed = await installTool("@google/gemini-cli@0.61.0", "gemini");
  if ("unavailable" in installed) {
    unavailable = installed.unavailable;
    return;
  }
  const bundle = join(installed.prefix, "lib/node_modules/@google/gemini-cli/bundle");
  // The chunk the CLI's entry imports that defines the skill manager.
  const entry = readdirSync(bundle).find((f) => /^gemini-[A-Z0-9]+\.js$/.test(f));
  const imported = entry
    ? [...readFileSync(join(bundle, entry), "utf8").matchAll(/from "\.\/(chunk-[A-Z0-9]+\.js)"/g)].map(
        (m) => m[1]!,
      )
    : [];
  const found = imported.find((f) =>
    readFileSync(join(bundle, f), "utf8").includes("var SkillManager = class"),
  );
  if (found) chunk = join(bundle, found);
  else unavailable = "no bundle chunk of @google/gemini-cli defines SkillManager";
}, 420_000);
afterAll(() => {
  for (const world of worlds) world.cleanup();
});

/**
 * Every skill Gemini CLI's `SkillManager` lists in `world` (built-ins left out): the project is
 * trusted as its own `checkPathTrust` answers (folder trust on, the default).
 */
async function geminiSkills(world: World): Promise<ListedSkill[]> {
  const script = join(world.root, "gemini-skills.mjs");
  const out = join(world.root, "gemini-skills.json");
  writeFileSync(
    script,
    `const m = await import(${JSON.stringify(chunk)});
const trust = m.checkPathTrust({ path: process.cwd(), isFolderTrustEnabled: true, isHeadless: true });
const manager = new m.SkillManager();
await manager.discoverSkills(new m.Storage(process.cwd()), [], trust.isTrusted === true);
const skills = manager.getSkills().filter((s) => !s.isBuiltin);
const { writeFileSync } = await import("node:fs");
writeFileSync(${JSON.stringify(out)}, JSON.stringify(skills.map((s) => ({ name: s.name, description: s.description, path: s.location }))));
process.exit(0);
`,
  );
  const ran = await run(process.execPath, [script], {
    cwd: world.project,
    env: { PATH: process.env.PATH, HOME: world.home },
    timeout: 120_000,
  });
  if (ran.code !== 0) throw new Error(`Gemini CLI's SkillManager failed: ${ran.stderr.slice(0, 400)}`);
  return listed(JSON.parse(readFileSync(out, "utf8")) as ListedSkill[]);
}

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
      const [real, ours] = await Promise.all([geminiSkills(world), rosterSkillsAs("gemini", world)]);
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
