#!/usr/bin/env node
// roster's benchmark suite: `pnpm bench`. Prints a table and writes bench/results.json.
// Every figure is a median; every target is a ratio of figures taken in this same run.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { generateTree } from "./generate.mjs";
import { floorRead, floorYaml, loadRoster, median, naiveDiscover } from "./lib.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const sizes = (process.env.ROSTER_BENCH_SIZES ?? "100,1000,10000").split(",").map(Number);
const runsFor = (n) => (n >= 10000 ? 5 : n >= 1000 ? 15 : 40);
const { core, registry } = await loadRoster();

const results = { date: new Date().toISOString(), node: process.version, sizes: {}, cli: null, memory: null };
const work = mkdtempSync(join(tmpdir(), "roster-bench-"));

try {
  for (const n of sizes) {
    const root = join(work, `n${n}`);
    const tree = generateTree(root, n);
    // Age the tree past the cache's racy window, as a real tree on disk would be.
    await new Promise((r) => setTimeout(r, 50));
    const ctx = { cwd: join(root, "project"), home: join(root, "home"), env: {} };
    const runs = runsFor(n);
    const reg = registry();

    const cold = await median(
      () => core.discoverAgents(reg, ctx, { cache: new core.DiscoveryCache() }),
      runs,
    );
    const naive = await median(() => naiveDiscover(tree.folders), runs);
    const floor = await median(() => floorRead(tree.folders), runs);
    const yaml = await median(() => floorYaml(tree.folders), runs);

    const cache = new core.DiscoveryCache();
    await core.discoverAgents(reg, ctx, { cache });
    const parsesBefore = cache.stats.parses;
    const warm = await median(() => core.discoverAgents(reg, ctx, { cache }), runs * 4);
    const warmParses = cache.stats.parses - parsesBefore;

    // Rediscovery after editing one file: each timed call follows a fresh edit.
    const edited = join(root, "project/.claude/agents", "edited-agent.md");
    let flip = 0;
    const edit = await median(async () => {
      writeFileSync(edited, `---\nname: edited\ndescription: edit ${flip++}\n---\nBody ${flip}\n`);
      await core.discoverAgents(reg, ctx, { cache });
    }, runs * 2);
    rmSync(edited);

    const discovered = (await core.discoverAgents(reg, ctx)).agents.length;
    results.sizes[n] = {
      files: tree.files,
      agents: discovered,
      usedCorpus: tree.usedCorpus,
      ms: { cold, naive, floor, floorYaml: yaml, warm, edit },
      warmParses,
      ratios: {
        coldOverNaive: cold / naive,
        coldOverFloor: cold / floor,
        warmOverCold: warm / cold,
        editOverCold: edit / cold,
      },
    };
    console.error(`measured N=${n}`);
  }

  // `roster list --json` end to end on the bundled default, against `node -e ""`.
  const bin = join(here, "..", "apps/cli/dist/roster.js");
  if (existsSync(bin)) {
    const empty = join(work, "empty");
    mkdirSync(empty);
    const time = (args) =>
      median(() => {
        const r = spawnSync(process.execPath, args, {
          cwd: empty,
          env: { PATH: process.env.PATH },
          stdio: "ignore",
        });
        if (r.status !== 0) throw new Error(`${args.join(" ")} exited ${r.status}`);
      }, 15);
    const node = await time(["-e", ""]);
    const list = await time([bin, "list", "--json", "--home", empty, "--cwd", empty]);
    results.cli = { ms: { node, list }, ratio: list / node };
  }

  // Memory: heap after 10,000 warm rediscoveries against after 100, in a child with --expose-gc.
  const memRoot = join(work, "mem");
  generateTree(memRoot, 1000);
  await new Promise((r) => setTimeout(r, 50));
  const mem = spawnSync(process.execPath, ["--expose-gc", join(here, "memory.mjs"), memRoot, "10000"], {
    encoding: "utf8",
  });
  if (mem.status !== 0) throw new Error(`memory child failed: ${mem.stderr}`);
  results.memory = JSON.parse(mem.stdout);
} finally {
  rmSync(work, { recursive: true, force: true });
}

const targets = {
  coldOverNaive: 0.7,
  warmOverCold: 0.05,
  editOverCold: 0.1,
  cliOverNode: 2.5,
  heapGrowth: 1.1,
};
const big = results.sizes[Math.max(...sizes)];
results.targets = {
  coldOverNaive: {
    target: targets.coldOverNaive,
    value: big.ratios.coldOverNaive,
    met: big.ratios.coldOverNaive <= targets.coldOverNaive,
  },
  warmOverCold: {
    target: targets.warmOverCold,
    value: big.ratios.warmOverCold,
    met: big.ratios.warmOverCold <= targets.warmOverCold,
  },
  editOverCold: {
    target: targets.editOverCold,
    value: big.ratios.editOverCold,
    met: big.ratios.editOverCold <= targets.editOverCold,
  },
  cliOverNode: results.cli && {
    target: targets.cliOverNode,
    value: results.cli.ratio,
    met: results.cli.ratio <= targets.cliOverNode,
  },
  heapGrowth: {
    target: targets.heapGrowth,
    value: results.memory.ratio,
    met: results.memory.ratio <= targets.heapGrowth,
  },
  warmParses: { target: 0, value: big.warmParses, met: big.warmParses === 0 },
};
writeFileSync(join(here, "results.json"), `${JSON.stringify(results, null, 2)}\n`);

const f = (x) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));
const lines = [
  "| N | cold ms | naive ms | floor ms | floor+YAML ms | warm ms | edit ms | cold/naive | cold/floor | warm/cold | edit/cold |",
  "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
];
for (const [n, r] of Object.entries(results.sizes)) {
  const m = r.ms;
  lines.push(
    `| ${n} | ${f(m.cold)} | ${f(m.naive)} | ${f(m.floor)} | ${f(m.floorYaml)} | ${f(m.warm)} | ${f(m.edit)} | ${r.ratios.coldOverNaive.toFixed(2)} | ${r.ratios.coldOverFloor.toFixed(2)} | ${r.ratios.warmOverCold.toFixed(3)} | ${r.ratios.editOverCold.toFixed(3)} |`,
  );
}
console.log(lines.join("\n"));
if (results.cli)
  console.log(
    `\nroster list --json: ${f(results.cli.ms.list)} ms; node -e "": ${f(results.cli.ms.node)} ms; ratio ${results.cli.ratio.toFixed(2)}`,
  );
console.log(
  `heap after 100 warm rediscoveries: ${(results.memory.after100 / 1e6).toFixed(1)} MB; after 10,000: ${(results.memory.after10000 / 1e6).toFixed(1)} MB; ratio ${results.memory.ratio.toFixed(3)}`,
);
console.log("\ntargets (at the largest N):");
for (const [name, t] of Object.entries(results.targets)) {
  if (t)
    console.log(
      `  ${t.met ? "met " : "MISS"} ${name}: ${typeof t.value === "number" ? t.value.toFixed(3) : t.value} (target ${t.target})`,
    );
}
