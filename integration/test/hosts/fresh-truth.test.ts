// The fresh measurement of issue 52 (ROSTER_TEST_FRESH=1, after `pnpm build`; never in the
// normal suite): worlds the differential suite does not write — every agent file of
// `../shared/corpus` and every `SKILL.md` of `../shared/skills-corpus`, each once, spread over
// every place each tool reads (the suite takes every 6th skill and a stride of the agents into
// one place) — fed to each real tool's own loader (real-tools.ts) and to `roster … --as TOOL`.
// It prints per tool "agents N/M agree, skills N/M agree" and each disagreement (the file, what
// the tool did, what `--as` said), and fails on any. BENCHMARKS.md "Truth" keeps the figures.
import { readFileSync } from "node:fs";
import { basename, dirname, join, relative } from "node:path";
import { checkFileAs } from "@roster/profiles";
import { opencodeProfile } from "@roster/source-opencode";
import { CORPUS_DIR, corpusFiles } from "@roster/testkit";
import { afterAll, describe, expect, test } from "vitest";
import {
  type ListedSkill,
  listed,
  makeWorld,
  run,
  SKILLS_CORPUS,
  skillAgreement,
  skillFiles,
  type World,
} from "./loaders-harness.js";
import {
  claudeTool,
  codexTool,
  copilotTool,
  geminiTool,
  opencodeTool,
  type RealTool,
  type SeenAgent,
} from "./real-tools.js";

const enabled = process.env.ROSTER_TEST_FRESH === "1";
const bin = join(import.meta.dirname, "../../../apps/cli/dist/roster.js");
const worlds: World[] = [];
afterAll(() => {
  for (const world of worlds) world.cleanup();
});

/** Every agent file of the corpus (`…/agents/…/*.md`), in path order. */
function corpusAgents(): { path: string; text: string }[] {
  return corpusFiles()
    .filter((path) => /\/agents\//.test(path))
    .map((path) => ({ path, text: readFileSync(path, "utf8") }));
}

/** Every `SKILL.md` of the skills corpus, once per `name:` line (two of one name are a rule of their own). */
function corpusSkills(): { path: string; text: string }[] {
  const all = corpusFiles({ under: relative(CORPUS_DIR, SKILLS_CORPUS), extension: "SKILL.md" });
  const names = new Set<string>();
  return all.flatMap((path) => {
    const text = readFileSync(path, "utf8");
    const name = /^name:\s*(.*)$/m.exec(text)?.[1]?.trim() ?? "";
    if (names.has(name)) return [];
    names.add(name);
    return [{ path, text }];
  });
}

/** A TOML basic string. */
const tomlString = (value: string) => JSON.stringify(value).replace(/\\u007f/gi, "\\u007F");

/**
 * A corpus agent as a Codex role file: its frontmatter's plain values as TOML keys (lists of
 * plain values too; mappings left out), its body as `developer_instructions`. Codex then
 * judges real key sets (`tools`, `color`, `model` …) as it judges any role file.
 */
function asCodexRole(text: string): string | undefined {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text);
  if (!match) return undefined;
  const lines: string[] = [];
  for (const line of match[1]!.split(/\r?\n/)) {
    const kv = /^([A-Za-z_][A-Za-z0-9_-]*):[ \t]*(.*)$/.exec(line);
    if (!kv || kv[2] === "") continue;
    let value = kv[2]!.trim();
    if (/^["'].*["']$/.test(value)) value = value.slice(1, -1);
    lines.push(
      /^(true|false|-?\d+(\.\d+)?)$/.test(value) ? `${kv[1]} = ${value}` : `${kv[1]} = ${tomlString(value)}`,
    );
  }
  lines.push(`developer_instructions = ${tomlString(match[2]!)}`);
  return `${lines.join("\n")}\n`;
}

/** `files` spread over `places`, one each in turn: `<place>/<name(i, path)>`. */
function spread(
  files: { path: string; text: string }[],
  places: string[],
  name: (i: number, path: string) => string,
): Record<string, string> {
  return Object.fromEntries(files.map((f, i) => [`${places[i % places.length]}/${name(i, f.path)}`, f.text]));
}

/** What `roster list --as TOOL --json` says: each loaded agent as the tool would show it, and the files. */
async function rosterAgents(
  tool: string,
  world: World,
): Promise<{ agents: SeenAgent[]; refusedBy?: string; files: { relativePath: string; id?: string }[] }> {
  const out = join(world.root, `roster-${tool}.json`);
  const ran = await run(
    "sh",
    [
      "-c",
      `"${process.execPath}" "${bin}" --home "${world.home}" --cwd "${world.project}" list --as ${tool} --json > "${out}"`,
    ],
    { cwd: world.project, env: { PATH: process.env.PATH, HOME: world.home, ...world.xdg }, timeout: 120_000 },
  );
  if (ran.code !== 0) throw new Error(`roster list --as ${tool} failed: ${ran.stderr}`);
  const view = JSON.parse(readFileSync(out, "utf8")) as {
    agents: { name: string; id?: string; prompt?: string; description?: string; filePath?: string }[];
    files: { relativePath: string; filePath: string; id?: string }[];
    refusedBy?: { filePath: string };
  };
  const seen = (a: { prompt?: string; description?: string }) =>
    tool === "codex" ? (a.description ?? "").trim() : tool === "claude" ? "" : (a.prompt ?? "");
  const agents = view.agents
    .filter((a) => a.filePath !== undefined)
    .map((a) => ({ id: a.id ?? a.name, seen: seen(a) }));
  const files = view.files.map((f) => ({
    relativePath: relative(world.root, f.filePath),
    ...(f.id ? { id: f.id } : {}),
  }));
  return view.refusedBy ? { agents, files, refusedBy: view.refusedBy.filePath } : { agents, files };
}

const short = (text: string) => JSON.stringify(text.length > 60 ? `${text.slice(0, 57)}…` : text);

/**
 * Agents agree id by id, over every id either side lists: the tool lists it exactly when
 * roster does, and roster's prompt (Codex: description) is one the tool gives it.
 */
function agentAgreement(
  real: SeenAgent[],
  ours: { agents: SeenAgent[]; files: { relativePath: string; id?: string }[] },
): { agree: number; total: number; differ: string[] } {
  const ids = [...new Set([...real, ...ours.agents].map((a) => a.id))].sort();
  const differ: string[] = [];
  for (const id of ids) {
    const tool = real.filter((a) => a.id === id).map((a) => a.seen);
    const mine = ours.agents.filter((a) => a.id === id).map((a) => a.seen);
    if (tool.length > 0 && mine.length > 0 && mine.every((s) => tool.includes(s))) continue;
    const files = ours.files.filter((f) => f.id === id).map((f) => f.relativePath);
    differ.push(
      `${id} (${files.join(", ") || "no file roster names"}): tool ${tool.length ? tool.map(short).join(" / ") : "(not loaded)"}; roster ${mine.length ? mine.map(short).join(" / ") : "(not loaded)"}`,
    );
  }
  return { agree: ids.length - differ.length, total: ids.length, differ };
}

/** What `roster skills list --as TOOL --json` lists. */
async function rosterSkills(tool: string, world: World): Promise<ListedSkill[]> {
  const out = join(world.root, `roster-skills-${tool}.json`);
  const ran = await run(
    "sh",
    [
      "-c",
      `"${process.execPath}" "${bin}" --home "${world.home}" --cwd "${world.project}" skills list --as ${tool} --json > "${out}"`,
    ],
    { cwd: world.project, env: { PATH: process.env.PATH, HOME: world.home, ...world.xdg }, timeout: 120_000 },
  );
  if (ran.code !== 0) throw new Error(`roster skills list --as ${tool} failed: ${ran.stderr}`);
  const view = JSON.parse(readFileSync(out, "utf8")) as {
    skills: { name: string; displayName?: string; description: string; filePath: string }[];
  };
  return listed(
    view.skills.map((s) => ({ name: s.displayName ?? s.name, description: s.description, path: s.filePath })),
  );
}

/** Skills listed without paths (Claude Code): by `name | description`, each listing as a multiset. */
function skillAgreementByName(
  real: ListedSkill[],
  ours: ListedSkill[],
): { agree: number; total: number; differ: string[] } {
  const key = (s: ListedSkill) => `${s.name} | ${s.description}`;
  const names = [...new Set([...real, ...ours].map((s) => s.name))].sort();
  const differ: string[] = [];
  for (const name of names) {
    const a = real
      .filter((s) => s.name === name)
      .map(key)
      .sort()
      .join(", ");
    const b = ours
      .filter((s) => s.name === name)
      .map(key)
      .sort()
      .join(", ");
    if (a !== b) differ.push(`${name}: tool ${a || "(not listed)"}; roster ${b || "(not listed)"}`);
  }
  return { agree: names.length - differ.length, total: names.length, differ };
}

interface ToolPlan {
  tool: string;
  real: () => Promise<RealTool | { unavailable: string }>;
  /** Where the tool reads agents, and the name a corpus file gets there. */
  agentPlaces: string[];
  agentName: (i: number) => string;
  /** Where it reads skills. */
  skillPlaces: string[];
  /** Files its worlds also need (trust). */
  setup?: (world: World) => Promise<void>;
}

const trustGemini = async (world: World) => {
  const { writeFileSync } = await import("node:fs");
  writeFileSync(
    join(world.home, ".gemini/trustedFolders.json"),
    JSON.stringify({ [world.project]: "TRUST_FOLDER" }),
  );
};

const trustCodex = async (world: World) => {
  const { mkdirSync, rmSync, writeFileSync } = await import("node:fs");
  mkdirSync(join(world.home, ".codex"), { recursive: true });
  rmSync(join(world.project, ".git"), { recursive: true, force: true });
  await run("git", ["init", "-q", world.project], { timeout: 60_000 });
  writeFileSync(
    join(world.home, ".codex/config.toml"),
    `[projects."${world.project}"]\ntrust_level = "trusted"\n`,
  );
};

const PLANS: ToolPlan[] = [
  {
    tool: "claude",
    real: claudeTool,
    agentPlaces: ["project/.claude/agents", "home/.claude/agents"],
    agentName: (i) => `f${i}.md`,
    skillPlaces: ["project/.claude/skills", "home/.claude/skills"],
  },
  {
    tool: "gemini",
    real: geminiTool,
    agentPlaces: ["home/.gemini/agents"],
    agentName: (i) => `f${i}.md`,
    skillPlaces: [
      "project/.gemini/skills",
      "project/.agents/skills",
      "home/.gemini/skills",
      "home/.agents/skills",
    ],
    setup: async (world) => {
      const { mkdirSync } = await import("node:fs");
      mkdirSync(join(world.home, ".gemini"), { recursive: true });
      await trustGemini(world);
    },
  },
  {
    tool: "opencode",
    real: opencodeTool,
    agentPlaces: ["project/.opencode/agents", "xdg/config/opencode/agents", "home/.opencode/agents"],
    agentName: (i) => `f${i}.md`,
    skillPlaces: [
      "project/.opencode/skills",
      "project/.opencode/skill",
      "project/.claude/skills",
      "project/.agents/skills",
      "xdg/config/opencode/skills",
      "home/.claude/skills",
    ],
  },
  {
    tool: "copilot",
    real: copilotTool,
    agentPlaces: ["project/.github/agents", "project/.claude/agents", "home/.copilot/agents"],
    agentName: (i) => `f${i}.agent.md`,
    skillPlaces: [
      "project/.github/skills",
      "project/.agents/skills",
      "project/.claude/skills",
      "home/.copilot/skills",
    ],
  },
  {
    tool: "codex",
    real: codexTool,
    agentPlaces: ["project/.codex/agents", "home/.codex/agents"],
    agentName: (i) => `f${i}.toml`,
    skillPlaces: [
      "project/.agents/skills",
      "project/.codex/skills",
      "home/.agents/skills",
      "home/.codex/skills",
    ],
    setup: trustCodex,
  },
];

describe.skipIf(!enabled)(
  "fresh measurement (issue 52): every corpus file, every place, each real tool",
  () => {
    for (const plan of PLANS)
      test(`${plan.tool}: agents and skills agree`, async ({ skip }) => {
        const real = await plan.real();
        if ("unavailable" in real) skip(real.unavailable);
        const tool = real as RealTool;
        const lines: string[] = [];
        const differ: string[] = [];
        // Agents: every corpus agent file once, over the tool's places.
        const agents = corpusAgents();
        if (agents.length === 0) lines.push(`agents: skipped (no corpus at ${CORPUS_DIR})`);
        else {
          let texts = agents;
          if (plan.tool === "codex")
            texts = agents.flatMap((f) => {
              const role = asCodexRole(f.text);
              return role === undefined ? [] : [{ path: f.path, text: role }];
            });
          const build = async (files: { path: string; text: string }[]) => {
            const world = makeWorld(spread(files, plan.agentPlaces, (i) => plan.agentName(i)));
            worlds.push(world);
            await plan.setup?.(world);
            return world;
          };
          const world = await build(texts);
          const [theirs, ours] = await Promise.all([tool.agents(world), rosterAgents(plan.tool, world)]);
          if (theirs.refusedBy !== undefined || ours.refusedBy !== undefined) {
            // opencode refuses its whole configuration. With several files it would refuse, it
            // names one of them, in its file system's listing order (source-opencode README):
            // both must refuse, and the file it names must be one roster says it refuses.
            const refusing = new Set<string>();
            const accepted = texts.filter((f, i) => {
              const check = checkFileAs(opencodeProfile, f.text, plan.agentName(i), plan.agentName(i));
              if (!check.ok && check.refusesAll)
                refusing.add(
                  join(world.root, plan.agentPlaces[i % plan.agentPlaces.length]!, plan.agentName(i)),
                );
              return check.ok || !check.refusesAll;
            });
            const same =
              theirs.refusedBy !== undefined &&
              ours.refusedBy !== undefined &&
              refusing.has(theirs.refusedBy);
            lines.push(
              `whole configuration refused: ${same ? "agree" : "DIFFER"} (opencode names ${theirs.refusedBy ? relative(world.root, theirs.refusedBy) : "none"}, one of the ${refusing.size} files roster says it refuses)`,
            );
            if (!same)
              differ.push(
                `refused by: tool ${theirs.refusedBy ?? "none"}; roster ${ours.refusedBy ?? "none"}`,
              );
            const again = await build(accepted);
            const [t2, o2] = await Promise.all([tool.agents(again), rosterAgents(plan.tool, again)]);
            if (t2.refusedBy !== undefined || o2.refusedBy !== undefined)
              differ.push(
                `the files roster says opencode takes: tool refuses at ${t2.refusedBy ?? "none"}; roster at ${o2.refusedBy ?? "none"}`,
              );
            const r = agentAgreement(t2.agents, o2);
            lines.push(
              `agents ${r.agree}/${r.total} agree (${accepted.length} of ${texts.length} files, the ones roster says opencode takes)`,
            );
            differ.push(...r.differ);
          } else {
            const r = agentAgreement(theirs.agents, ours);
            lines.push(
              `agents ${r.agree}/${r.total} agree (${texts.length} files in ${plan.agentPlaces.length} places)`,
            );
            differ.push(...r.differ);
          }
        }
        // Skills: every SKILL.md once (one per name), over the tool's places.
        const skills = corpusSkills();
        if (skills.length === 0) lines.push(`skills: skipped (no skills corpus at ${SKILLS_CORPUS})`);
        else {
          const world = makeWorld(
            spread(skills, plan.skillPlaces, (i, path) => `s${i}-${basename(dirname(path))}/SKILL.md`),
          );
          worlds.push(world);
          await plan.setup?.(world);
          const [theirs, ours] = await Promise.all([tool.skills(world), rosterSkills(plan.tool, world)]);
          // Codex writes its own built-in skills below $CODEX_HOME/skills/.system: not ours to count.
          const files = skillFiles(world, plan.skillPlaces).filter((path) => !path.includes("/.system/"));
          const r =
            plan.tool === "claude" ? skillAgreementByName(theirs, ours) : skillAgreement(files, theirs, ours);
          lines.push(
            `skills ${r.agree}/${r.total} agree (${skills.length} SKILL.md in ${plan.skillPlaces.length} places)`,
          );
          differ.push(...r.differ.map((d) => d.replace(`${world.root}/`, "")));
        }
        console.log(`${plan.tool}: ${lines.join("; ")}${differ.map((d) => `\n  differs: ${d}`).join("")}`);
        expect(differ).toEqual([]);
      }, 900_000);
  },
);

test.skipIf(enabled)("the fresh measurement runs only with ROSTER_TEST_FRESH=1", () => {
  expect(enabled).toBe(false);
});
