// Sources (SPEC §20, issue #53), whole processes as a user runs them (not a timed test):
//   1. `roster add file://<repo>` of a repository holding N agent files (default 300), into a
//      fresh project with an empty cache, against `git clone --depth 1` of the same repository
//      plus copying its agent files into the project (target: ≤ 1.5×);
//   2. `roster install --check` on the unchanged project (target: ≤ 0.3 s).
// Rounds are interleaved so load on the machine falls on both alike; figures are medians.
//
//   node bench/sources.mjs [N] [rounds]        (N = 300, rounds = 7; `pnpm build` first)
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { repoRoot } from "./lib.mjs";

const N = Number(process.argv[2] ?? 300);
const ROUNDS = Number(process.argv[3] ?? 7);
const cli = join(repoRoot, "apps/cli/bin/roster.cjs");
const corpus = join(repoRoot, "../shared/corpus");

const root = mkdtempSync(join(tmpdir(), "roster-bench-sources-"));
const env = {
  PATH: process.env.PATH ?? "",
  HOME: join(root, "git-home"),
  GIT_CONFIG_NOSYSTEM: "1",
  GIT_CONFIG_GLOBAL: "/dev/null",
  GIT_AUTHOR_NAME: "Bench",
  GIT_AUTHOR_EMAIL: "bench@example.com",
  GIT_COMMITTER_NAME: "Bench",
  GIT_COMMITTER_EMAIL: "bench@example.com",
};
mkdirSync(env.HOME, { recursive: true });
const git = (cwd, ...args) => execFileSync("git", args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });

/** Real agent files (renamed agent-NNN) where ../shared/corpus is, else synthetic ones. */
function agentTexts() {
  const found = [];
  const walk = (dir) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const path = join(dir, e.name);
      if (e.isDirectory()) walk(path);
      else if (e.name.endsWith(".md") && /\/agents\/|categories\//.test(path)) {
        const text = readFileSync(path, "utf8");
        if (/^---\r?\n(?:[\s\S]*?\n)?name:/.test(text)) found.push(text);
      }
    }
  };
  walk(corpus);
  const synthetic = found.length === 0;
  const texts = [];
  for (let i = 0; i < N; i++) {
    const name = `agent-${String(i).padStart(3, "0")}`;
    texts.push(
      synthetic
        ? `---\nname: ${name}\ndescription: Synthetic agent ${i} for the sources bench.\ntools: Read, Grep\n---\n${"You review code carefully and report findings.\n".repeat(40)}`
        : found[i % found.length].replace(/^name:.*$/m, `name: ${name}`),
    );
  }
  return { texts, synthetic };
}

// The source: a repository whose `.claude/agents` holds N agent files, pushed to a bare one.
const { texts, synthetic } = agentTexts();
const work = join(root, "work");
mkdirSync(join(work, ".claude/agents"), { recursive: true });
for (const [i, text] of texts.entries())
  writeFileSync(join(work, ".claude/agents", `agent-${String(i).padStart(3, "0")}.md`), text);
git(root, "init", "--quiet", "--initial-branch=main", work);
git(work, "add", "--all");
git(work, "commit", "--quiet", "-m", "agents");
const bare = join(root, "source.git");
git(root, "clone", "--quiet", "--bare", work, bare);
const url = pathToFileURL(bare).href;

function fresh(name) {
  const dir = join(root, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, "project/.git"), { recursive: true });
  mkdirSync(join(dir, "project/.claude"), { recursive: true });
  mkdirSync(join(dir, "home"), { recursive: true });
  return dir;
}

const TIME = "/usr/bin/time";
const cpuFile = join(root, "cpu.txt");
/** Runs a program; its wall time (ms) and its CPU time, user + system of it and its children (ms, via /usr/bin/time). */
function timed(command, args, options) {
  const start = process.hrtime.bigint();
  const r = spawnSync(TIME, ["-o", cpuFile, "-f", "%U %S", command, ...args], {
    ...options,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (r.status !== 0) throw new Error(`${command} ${args.join(" ")} failed (${r.status}): ${r.stderr}`);
  const [user, sys] = readFileSync(cpuFile, "utf8").trim().split(/\s+/).slice(-2).map(Number);
  return { ms, cpu: Math.round((user + sys) * 1000) };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const results = { add: [], clone: [], check: [], version: [], node: [] };
const cpu = { add: [], clone: [], check: [], version: [] };
const record = (name, t) => {
  results[name].push(t.ms);
  if (cpu[name]) cpu[name].push(t.cpu);
};
for (let round = 0; round < ROUNDS; round++) {
  // roster add: fresh project, empty cache (XDG_CACHE_HOME under the round's folder).
  const a = fresh("add");
  record(
    "add",
    timed(process.execPath, [cli, "add", url, "--cwd", join(a, "project"), "--home", join(a, "home")], {
      env: { ...env, XDG_CACHE_HOME: join(a, "cache"), ROSTER_NO_CACHE: "1" },
    }),
  );
  // install --check on the unchanged project just added.
  record(
    "check",
    timed(
      process.execPath,
      [cli, "install", "--check", "--cwd", join(a, "project"), "--home", join(a, "home")],
      {
        env: { ...env, XDG_CACHE_HOME: join(a, "cache"), ROSTER_NO_CACHE: "1" },
      },
    ),
  );
  // The floors of any roster command: Node starting, and the bin printing its version.
  record("node", timed(process.execPath, ["-e", ""], { env }));
  record("version", timed(process.execPath, [cli, "--version"], { env }));
  // The baseline: a shallow clone, then the agent files copied into the project.
  const c = fresh("clone");
  const cloned = timed("git", ["clone", "--quiet", "--depth", "1", url, join(c, "clone")], { env });
  const copied = timed("cp", ["-R", join(c, "clone/.claude/agents"), join(c, "project/.claude/agents")], {
    env,
  });
  record("clone", { ms: cloned.ms + copied.ms, cpu: cloned.cpu + copied.cpu });
}

const add = median(results.add);
const clone = median(results.clone);
const check = median(results.check);
const version = median(results.version);
const node = median(results.node);
const cpuOf = (name) => median(cpu[name]);
const files = readdirSync(join(root, "add/project/.claude/agents")).length;
console.log(
  `sources bench: ${N} agent files${synthetic ? " (SYNTHETIC)" : " (from ../shared/corpus, renamed)"}, ${ROUNDS} rounds, medians`,
);
const row = (what, ms, cpuMs, note = "") =>
  console.log(
    `  ${what.padEnd(44)} ${`${ms.toFixed(0)} ms`.padStart(8)}  ${`cpu ${cpuMs.toFixed(0)} ms`.padStart(12)}${note}`,
  );
row("roster add file://…", add, cpuOf("add"), `  (${files} files written)`);
row("git clone --depth 1 + cp -R the agent files", clone, cpuOf("clone"));
console.log(
  `  ratio add / (clone + copy)                   wall ${(add / clone).toFixed(2)}×, cpu ${(cpuOf("add") / cpuOf("clone")).toFixed(2)}×  (target ≤ 1.5×)`,
);
row("roster install --check, unchanged project", check, cpuOf("check"), "  (target ≤ 300 ms)");
row("roster --version (the bin's floor)", version, cpuOf("version"), `;  node -e "" ${node.toFixed(0)} ms`);
console.log(
  `  install --check / --version                  wall ${(check / version).toFixed(2)}×, cpu ${(cpuOf("check") / cpuOf("version")).toFixed(2)}×`,
);
writeFileSync(
  join(repoRoot, "bench/sources-results.json"),
  `${JSON.stringify({ n: N, rounds: ROUNDS, synthetic, medianMs: { add, clone, check, version, node }, medianCpuMs: Object.fromEntries(Object.keys(cpu).map((k) => [k, cpuOf(k)])), runsMs: results, cpuMs: cpu }, null, 2)}\n`,
);
// Kept in the repository's own JSON style, so that `pnpm lint` passes after a run.
spawnSync(join(repoRoot, "node_modules/.bin/biome"), ["format", "--write", "bench/sources-results.json"], {
  cwd: repoRoot,
  stdio: "ignore",
});
rmSync(root, { recursive: true, force: true });
