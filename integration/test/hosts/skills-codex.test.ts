// Differential test (pnpm test:hosts): one world of skill cases fed to the REAL Codex's
// `codex app-server` JSON-RPC method `skills/list` (offline: temp HOME and CODEX_HOME, no
// credentials, no model call) and to `roster skills list --as codex --json`; any difference in
// the listed set, names or descriptions fails. packages/source-codex/README.md "Skills".
import { mkdirSync, readFileSync } from "node:fs";
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

let prefix = "";
let unavailable: string | undefined;
const worlds: World[] = [];

beforeAll(async () => {
  if (!enabled) return;
  const installed = await installTool("@openai/codex@0.171.0", "codex");
  if ("unavailable" in installed) unavailable = installed.unavailable;
  else prefix = installed.prefix;
}, 420_000);
afterAll(() => {
  for (const world of worlds) world.cleanup();
});

/** Every skill Codex's `skills/list` answers for the project (its `.system` built-ins left out). */
async function codexSkills(world: World): Promise<ListedSkill[]> {
  const codexHome = join(world.home, ".codex");
  mkdirSync(codexHome, { recursive: true });
  const out = join(world.root, "codex-skills.jsonl");
  const requests = [
    { id: 1, method: "initialize", params: { clientInfo: { name: "roster-test", version: "1" } } },
    { method: "initialized" },
    { id: 2, method: "skills/list", params: { cwds: [world.project] } },
  ]
    .map((r) => JSON.stringify(r))
    .join("\n");
  // The server answers, then waits for more input: the shell keeps stdin open until the
  // answer is written, then closes it.
  const script = `(printf '%s\\n' '${requests}'; i=0; while [ $i -lt 300 ] && ! grep -q '"id":2' "${out}" 2>/dev/null; do sleep 0.1; i=$((i+1)); done) | codex app-server > "${out}"`;
  const ran = await run("sh", ["-c", script], {
    cwd: world.project,
    timeout: 120_000,
    env: {
      PATH: `${join(prefix, "bin")}:/usr/local/bin:/usr/bin:/bin`,
      HOME: world.home,
      CODEX_HOME: codexHome,
      ...world.xdg,
    },
  });
  const answer = readFileSync(out, "utf8")
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map(
      (line) =>
        JSON.parse(line) as { id?: number; result?: { data: { skills: Record<string, string>[] }[] } },
    )
    .find((m) => m.id === 2);
  if (!answer?.result)
    throw new Error(`codex app-server gave no skills/list answer: ${ran.stderr.slice(0, 400)}`);
  return listed(
    answer.result.data
      .flatMap((entry) => entry.skills)
      .filter((s) => s.scope !== "system")
      .map((s) => ({ name: s.name!, description: s.description ?? "", path: s.path! })),
  );
}

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
    const [real, ours] = await Promise.all([codexSkills(world), rosterSkillsAs("codex", world)]);
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
