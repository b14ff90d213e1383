// The whole-process bench: fresh processes, as a user runs them, interleaved round by round
// so that load on the machine falls on every program alike. Each program runs under
// `/usr/bin/time -f %M` for its peak RSS; wall time is taken around the spawn.
import { spawnSync } from "node:child_process";
import {
  closeSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { generateTree } from "./generate.mjs";
import { repoRoot } from "./lib.mjs";

const TIME = "/usr/bin/time";
// The installed command as a user runs it: the bin, which on Node 22.1+ also turns on the
// compile cache (in the checkout's dist/.compile-cache), then imports dist/roster.js.
const cli = join(repoRoot, "apps/cli/bin/roster.cjs");
const built = join(repoRoot, "apps/cli/dist/roster.js");

/** The programs compared, in the order each round runs them. */
function programs(root, tree, cacheHome) {
  const cwd = join(root, "project");
  const home = join(root, "home");
  const foldersFile = join(root, "folders.json");
  writeFileSync(foldersFile, JSON.stringify(tree.folders));
  const list = ["list", "--json", "--cwd", cwd, "--home", home];
  const shown = "list --json --cwd <tree>/project --home <tree>/home";
  return [
    {
      id: "first",
      what: `XDG_CACHE_HOME=<empty> node apps/cli/bin/roster.cjs ${shown}`,
      args: [cli, ...list],
      // An empty cache folder every run: nothing persisted from the runs before.
      env: () => {
        rmSync(join(cacheHome, "first"), { recursive: true, force: true });
        return { XDG_CACHE_HOME: join(cacheHome, "first") };
      },
    },
    {
      id: "second",
      what: `XDG_CACHE_HOME=<as one untimed run left it> node apps/cli/bin/roster.cjs ${shown}`,
      args: [cli, ...list],
      // Every timed run is a second one: the folder as the first run left it (the listing
      // stored), copied anew each time. It prints from the listing and stores the shortcut.
      env: () => {
        rmSync(join(cacheHome, "second"), { recursive: true, force: true });
        cpSync(join(cacheHome, "seed"), join(cacheHome, "second"), { recursive: true });
        return { XDG_CACHE_HOME: join(cacheHome, "second") };
      },
    },
    {
      id: "later",
      what: `XDG_CACHE_HOME=<kept from the runs before> node apps/cli/bin/roster.cjs ${shown}`,
      args: [cli, ...list],
      // The third run on: the shortcut the second stored, the app not loaded.
      env: () => ({ XDG_CACHE_HOME: join(cacheHome, "later") }),
    },
    {
      id: "naive",
      what: "node bench/naive.mjs <tree>/project <tree>/home",
      args: [join(repoRoot, "bench/naive.mjs"), cwd, home],
      env: () => ({}),
    },
    {
      id: "floor",
      what: "node bench/floor.mjs <tree>/folders.json",
      args: [join(repoRoot, "bench/floor.mjs"), foldersFile],
      env: () => ({}),
    },
    { id: "node", what: 'node -e ""', args: ["-e", ""], env: () => ({}) },
  ];
}

/** One run: wall ms and peak RSS KB. stdout goes to /dev/null (or `outFile`). */
export function runOnce(program, root, outFile, node = process.execPath, okStatus = [0]) {
  const out = openSync(outFile ?? "/dev/null", "w");
  try {
    const env = { PATH: process.env.PATH, HOME: join(root, "home"), ...program.env() };
    const start = performance.now();
    const r = spawnSync(TIME, ["-f", "%M", node, ...program.args], {
      cwd: root,
      env,
      stdio: ["ignore", out, "pipe"],
      encoding: "utf8",
    });
    const ms = performance.now() - start;
    if (!okStatus.includes(r.status)) throw new Error(`${program.what} exited ${r.status}: ${r.stderr}`);
    const lines = r.stderr.trim().split("\n");
    return { ms, rssKb: Number(lines[lines.length - 1]) };
  } finally {
    closeSync(out);
  }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/**
 * Measures every program at every size, `runs` interleaved rounds each (after one warm-up
 * round), and checks first that roster and the naive program list the same agent names.
 *
 * `node` is the Node binary every program runs on (default: the one running the bench).
 *
 * @param {{ sizes: number[], runs: (n: number) => number, work: string, synthetic: boolean, log: (s: string) => void, node?: string }} options
 */
export function measureWholeProcesses({ sizes, runs, work, synthetic, log, node = process.execPath }) {
  if (!existsSync(TIME)) throw new Error(`${TIME} is needed for peak RSS (apt-get install time)`);
  if (!existsSync(built))
    throw new Error("apps/cli/dist/roster.js does not exist: build first (pnpm bench does)");
  const results = {};
  for (const n of sizes) {
    const root = join(work, `whole-${n}`);
    const cacheHome = mkdtempSync(join(work, "xdg-"));
    mkdirSync(root, { recursive: true });
    const tree = generateTree(root, n, { corpus: !synthetic });
    const list = programs(root, tree, cacheHome);
    const byId = Object.fromEntries(list.map((p) => [p.id, p]));

    // Same names from both listings, or the comparison means nothing.
    const rosterOut = join(root, "roster.json");
    const naiveOut = join(root, "naive.json");
    // A first run, whose cache folder every "second" run starts from.
    runOnce(
      { ...byId.first, env: () => ({ XDG_CACHE_HOME: join(cacheHome, "seed") }) },
      root,
      rosterOut,
      node,
    );
    // Two runs before the "later" ones: the listing stored, then the shortcut.
    for (let i = 0; i < 2; i++) runOnce(byId.later, root, undefined, node);
    runOnce(byId.naive, root, naiveOut, node);
    const names = (file, filter) =>
      JSON.parse(readFileSync(file, "utf8"))
        .agents.filter(filter)
        .map((a) => a.name)
        .sort();
    const rosterNames = names(rosterOut, (a) => a.provider !== "bundled");
    const naiveNames = names(naiveOut, () => true);
    if (JSON.stringify(rosterNames) !== JSON.stringify(naiveNames)) {
      throw new Error(`roster lists ${rosterNames.length} agents, the naive program ${naiveNames.length}`);
    }

    const samples = Object.fromEntries(list.map((p) => [p.id, { ms: [], rssKb: [] }]));
    const rounds = runs(n);
    for (let round = -1; round < rounds; round++) {
      for (const program of list) {
        const { ms, rssKb } = runOnce(program, root, undefined, node);
        if (round < 0) continue; // warm-up round: page cache and binaries
        samples[program.id].ms.push(ms);
        samples[program.id].rssKb.push(rssKb);
      }
    }
    const figures = {};
    for (const program of list) {
      figures[program.id] = {
        command: program.what,
        ms: median(samples[program.id].ms),
        rssMb: median(samples[program.id].rssKb) / 1024,
      };
    }
    const f = figures;
    results[n] = {
      files: tree.files,
      agents: rosterNames.length,
      usedCorpus: tree.usedCorpus,
      runs: rounds,
      figures,
      ratios: {
        firstOverNaive: f.first.ms / f.naive.ms,
        firstOverFloor: f.first.ms / f.floor.ms,
        secondOverNaive: f.second.ms / f.naive.ms,
        laterOverNaive: f.later.ms / f.naive.ms,
        rssFirstOverNaive: f.first.rssMb / f.naive.rssMb,
        rssSecondOverNaive: f.second.rssMb / f.naive.rssMb,
      },
    };
    log(`measured whole processes at N=${n} (${rounds} rounds)`);
    rmSync(root, { recursive: true, force: true });
    rmSync(cacheHome, { recursive: true, force: true });
  }
  return results;
}
