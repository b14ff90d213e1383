// Shared by the loaders-*.test.ts files (pnpm test:hosts): installs the real tools once into
// one temporary prefix that every test file reuses, builds temporary worlds (a project with
// `.git`, a home, XDG folders; no credentials) and asks the built roster what a tool loads.
import { execFile } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { CORPUS_DIR } from "@roster/testkit";

export const enabled = process.env.ROSTER_TEST_HOSTS === "1";
const bin = fileURLToPath(new URL("../../../apps/cli/dist/roster.js", import.meta.url));

/** Runs the built roster in `world` (its home, the project as cwd). */
export function roster(world: World, args: string[]): Promise<Ran> {
  return run(process.execPath, [bin, "--home", world.home, "--cwd", world.project, ...args], {
    cwd: world.project,
    env: { PATH: process.env.PATH, HOME: world.home, ...world.xdg, ROSTER_NO_CACHE: "1" },
    timeout: 60_000,
  });
}
/** One prefix for every loaders test file of a run (and later runs): the install is slow. */
const CACHE = join(tmpdir(), "roster-loaders-tools");

export interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function run(
  cmd: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; cwd?: string; timeout: number },
): Promise<Ran> {
  return new Promise((resolve) => {
    execFile(cmd, args, { ...options, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) =>
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/**
 * The prefix holding `pkg` (installed from the npm registry on first use), or why it is not
 * available. `binName` is the command the package installs.
 */
export async function installTool(
  pkg: string,
  binName: string,
): Promise<{ prefix: string } | { unavailable: string }> {
  const prefix = join(CACHE, pkg.replace(/[@/]/g, "_"));
  if (existsSync(join(prefix, "bin", binName))) return { prefix };
  mkdirSync(prefix, { recursive: true });
  const install = await run("npm", ["install", "-g", "--prefix", prefix, "--no-audit", "--no-fund", pkg], {
    timeout: 400_000,
  });
  if (install.code !== 0 || !existsSync(join(prefix, "bin", binName)))
    return {
      unavailable: `npm install ${pkg} failed: ${install.stderr.trim().split("\n").slice(-2).join(" ")}`,
    };
  return { prefix };
}

/** A world: files below `project/` and `home/` (and symlinks), in a fresh temporary folder. */
export interface World {
  root: string;
  project: string;
  home: string;
  /** XDG_CONFIG_HOME, XDG_DATA_HOME, … inside the world. */
  xdg: Record<string, string>;
  cleanup(): void;
}

export function makeWorld(files: Record<string, string>, links: Record<string, string> = {}): World {
  const root = mkdtempSync(join(tmpdir(), "roster-loaders-"));
  const project = join(root, "project");
  const home = join(root, "home");
  mkdirSync(join(project, ".git"), { recursive: true });
  mkdirSync(home, { recursive: true });
  writeFileSync(join(project, ".git", "HEAD"), "ref: refs/heads/main\n");
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
  for (const [rel, target] of Object.entries(links)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    symlinkSync(target, join(root, rel));
  }
  const xdg: Record<string, string> = {};
  for (const kind of ["CONFIG", "DATA", "CACHE", "STATE"]) {
    xdg[`XDG_${kind}_HOME`] = join(root, "xdg", kind.toLowerCase());
    mkdirSync(xdg[`XDG_${kind}_HOME`]!, { recursive: true });
  }
  return { root, project, home, xdg, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}

/** One agent as a tool loads it: the part every loader can report. */
export interface LoadedAgent {
  id: string;
  prompt: string;
}

/** What the built roster says TOOL loads in `world` (`roster list --as TOOL --json`), files only. */
export async function rosterAs(
  tool: string,
  world: World,
  cwd = world.project,
  env: Record<string, string> = {},
): Promise<{ agents: LoadedAgent[]; refusedBy?: string }> {
  const out = join(world.root, `roster-${tool}.json`);
  const ran = await run(
    "sh",
    [
      "-c",
      `"${process.execPath}" "${bin}" --home "${world.home}" --cwd "${cwd}" list --as ${tool} --json > "${out}"`,
    ],
    { cwd, env: { PATH: process.env.PATH, HOME: world.home, ...world.xdg, ...env }, timeout: 60_000 },
  );
  if (ran.code !== 0) throw new Error(`roster list --as ${tool} failed: ${ran.stderr}`);
  const view = JSON.parse(readFileSync(out, "utf8")) as {
    // An agent's `name`, and `id` beside it only where the tool calls it otherwise (CLI README, JSON).
    agents: { name: string; id?: string; prompt?: string; filePath?: string }[];
    refusedBy?: { filePath: string };
  };
  const agents = view.agents
    .filter((a) => a.filePath !== undefined)
    .map((a) => ({ id: a.id ?? a.name, prompt: a.prompt ?? "" }))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return view.refusedBy ? { agents, refusedBy: view.refusedBy.filePath } : { agents };
}

/** Runs `tasks` at most `limit` at a time (two cores are shared). */
export async function inBatches<T>(tasks: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await tasks[i]!();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}

/**
 * The corpus of real third-party agent files (`../shared/corpus` beside the repository root,
 * as every corpus test finds it), when this machine has it: tests that read it skip, visibly,
 * where it is absent.
 */
export const CORPUS = CORPUS_DIR;

/**
 * Agent files whose `name` YAML gives without writing it letter for letter (base64, numbers,
 * escapes, folding, doubled quotes, null, a boolean) or writes whole in odd ways (alias, merge
 * key, tag), by file name. `why NAME` passes unparsed a file whose bytes hold neither NAME nor
 * a `\`: whatever a real tool loads from these, the sifted answer must find.
 */
export const YAML_NAME_CASES: Record<string, string> = Object.fromEntries(
  Object.entries({
    "binary.md": "name: !!binary YmluYXJ5LW5hbWU=\ndescription: a name given as base64",
    "hex.md": "name: 0x1F\ndescription: a number in hex",
    "exp.md": "name: 1e3\ndescription: a number in exponent form",
    "alias.md": "base: &n aliased-name\nname: *n\ndescription: an alias",
    "merge.md": "<<: {name: merged-name}\ndescription: a merge key",
    "tagged.md": "name: !!str tagged-name\ndescription: a tag",
    "escaped.md": 'name: "esc\\x61ped-name"\ndescription: an escape',
    "folded.md": "name: folded\n  over\ndescription: a folded plain scalar",
    "folded-slug.md": "name: folded-\n  slug\ndescription: a folded plain scalar without a space",
    "quoted.md": "name: 'it''s-quoted'\ndescription: a doubled quote",
    "dq-folded.md": 'name: "multi\n  line"\ndescription: a folded double-quoted scalar',
    "null.md": "name: ~\ndescription: a null",
    "bool.md": "name: true\ndescription: a boolean",
    "plain.md": "name: plain-name\ndescription: a plain name",
  }).map(([file, front]) => [file, `---\n${front}\n---\nBody.\n`]),
);

/** One skill as a tool lists it: the part every tool's listing reports. */
export interface ListedSkill {
  name: string;
  description: string;
  /** Its `SKILL.md`, real path (a tool may list a linked folder by either path). */
  path: string;
}

function realOr(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/** `skills`, each path made real, sorted by path then name. */
export function listed(skills: ListedSkill[]): ListedSkill[] {
  return skills
    .map((s) => ({ ...s, path: realOr(s.path) }))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.name < b.name ? -1 : 1));
}

/**
 * The skill cases every tool's suite writes into each of its skills folders (`tag` keeps the
 * names of two folders apart): one small case per rule the issue measured.
 */
export function skillCases(dir: string, tag: string): Record<string, string> {
  const skill = (front: string | undefined, body = "Body.") =>
    front === undefined ? `${body}\n` : `---\n${front}\n---\n${body}\n`;
  const cases: Record<string, string> = {
    [`ok-${tag}/SKILL.md`]: skill(`name: ok-${tag}\ndescription: fine`),
    [`no-frontmatter-${tag}/SKILL.md`]: skill(undefined, "Just text\nsecond line"),
    [`spaces-${tag}/SKILL.md`]: skill(`name: has spaces ${tag}\ndescription: d`),
    [`no-description-${tag}/SKILL.md`]: skill(`name: no-description-${tag}`, "# Heading line\nSecond line"),
    [`bad-yaml-${tag}/SKILL.md`]: skill(`name: bad-yaml-${tag}\ndescription: [oops`),
    [`folder-${tag}/SKILL.md`]: skill(`name: display-${tag}\ndescription: d`),
    [`no-name-${tag}/SKILL.md`]: skill("description: no name"),
    [`deep-${tag}/inner/SKILL.md`]: skill(`name: inner-${tag}\ndescription: nested one folder down`),
    [`.dot-${tag}/SKILL.md`]: skill(`name: dot-${tag}\ndescription: a dot folder`),
    [`colon-${tag}/SKILL.md`]: skill(`name: "a:b-${tag}"\ndescription: a colon`),
  };
  return Object.fromEntries(Object.entries(cases).map(([rel, text]) => [`${dir}/${rel}`, text]));
}

/** The skill folder outside the project that `dir/link-<tag>` points at (every tool follows it). */
export function skillLinkCase(
  dir: string,
  tag: string,
): { files: Record<string, string>; links: Record<string, string> } {
  return {
    files: { [`outside/ext-${tag}/SKILL.md`]: `---\nname: ext-${tag}\ndescription: outside\n---\nBody.\n` },
    links: { [`${dir}/link-${tag}`]: `${"../".repeat(dir.split("/").length)}outside/ext-${tag}` },
  };
}

/** Every `SKILL.md` below the world's folders `dirs` (links followed), as paths. */
export function skillFiles(world: World, dirs: string[]): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.name === "SKILL.md") found.push(path);
      else if (entry.isDirectory() || entry.isSymbolicLink()) walk(path);
    }
  };
  for (const dir of dirs) walk(join(world.root, dir));
  return found;
}

/** What the built roster says TOOL loads (`roster skills list --as TOOL --json`). */
export async function rosterSkillsAs(
  tool: string,
  world: World,
  env: Record<string, string> = {},
): Promise<{ skills: ListedSkill[]; view: Record<string, unknown> }> {
  const out = join(world.root, `roster-skills-${tool}.json`);
  const ran = await run(
    "sh",
    [
      "-c",
      `"${process.execPath}" "${bin}" --home "${world.home}" --cwd "${world.project}" skills list --as ${tool} --json > "${out}"`,
    ],
    {
      cwd: world.project,
      env: { PATH: process.env.PATH, HOME: world.home, ...world.xdg, ...env },
      timeout: 60_000,
    },
  );
  if (ran.code !== 0) throw new Error(`roster skills list --as ${tool} failed: ${ran.stderr}`);
  const view = JSON.parse(readFileSync(out, "utf8")) as {
    skills: { name: string; displayName?: string; description: string; filePath: string }[];
  };
  const skills = view.skills.map((s) => ({
    name: s.displayName ?? s.name,
    description: s.description,
    path: s.filePath,
  }));
  return { skills: listed(skills), view };
}

/** How many `SKILL.md` files two listings agree on (listed alike, or both left out). */
export function skillAgreement(
  files: string[],
  real: ListedSkill[],
  ours: ListedSkill[],
): { agree: number; total: number; differ: string[] } {
  const key = (s: ListedSkill | undefined) => (s ? `${s.name} | ${s.description}` : "(not listed)");
  const differ: string[] = [];
  for (const file of files.map(realOr)) {
    const a =
      real
        .filter((s) => s.path === file)
        .map(key)
        .sort()
        .join(", ") || key(undefined);
    const b =
      ours
        .filter((s) => s.path === file)
        .map(key)
        .sort()
        .join(", ") || key(undefined);
    if (a !== b) differ.push(`${file}: tool ${a}; roster ${b}`);
  }
  return { agree: files.length - differ.length, total: files.length, differ };
}

/** The corpus of real third-party Agent Skills, when this machine has it (beside `CORPUS`). */
export const SKILLS_CORPUS = join(dirname(CORPUS), "skills-corpus");

/**
 * A sample of real `SKILL.md` files (every `step`-th, their `name:` lines distinct) as world
 * files below `dir`, each in a folder of its own; none when the corpus is absent (`skipped`).
 */
export function corpusSkillSample(
  dir: string,
  step = 6,
): { files: Record<string, string>; skipped?: string } {
  if (!existsSync(SKILLS_CORPUS)) return { files: {}, skipped: `no skills corpus at ${SKILLS_CORPUS}` };
  const all: string[] = [];
  const walk = (at: string): void => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name === "SKILL.md") all.push(path);
    }
  };
  walk(SKILLS_CORPUS);
  all.sort();
  const files: Record<string, string> = {};
  const names = new Set<string>();
  for (let i = 0; i < all.length; i += step) {
    const text = readFileSync(all[i]!, "utf8");
    const name = /^name:\s*(.*)$/m.exec(text)?.[1]?.trim() ?? "";
    if (names.has(name)) continue;
    names.add(name);
    files[`${dir}/corpus-${i}-${basename(dirname(all[i]!))}/SKILL.md`] = text;
  }
  return { files };
}
