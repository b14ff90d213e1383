#!/usr/bin/env node
// roster's benchmark suite (`pnpm bench`, SPEC §10). Prints a table and writes
// bench/results.json. Every figure is a median; every target is a ratio of two figures
// taken in this same run, so the machine's speed cancels out. See BENCHMARKS.md.
//
// Options: --sizes 100,1000 (default 100,1000,10000), --memory <rediscoveries> (default
// 10000; 0 skips), --quick (a third of the runs), --whole 1000,10000,30000 (the
// whole-process sizes, the default; `--whole 0` skips), --in-process 0 (skips the
// in-process part), --synthetic (synthetic files when the shared corpus is missing; without
// it a missing corpus is an error). `pnpm bench -- --quick` passes them on.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { corpusFrontmatters, generateTree } from "./generate.mjs";
import {
  floorRead,
  floorStat,
  floorYaml,
  loadRoster,
  median,
  naiveDiscover,
  perItem,
  repoRoot,
  YAML,
} from "./lib.mjs";
import { measureWholeProcesses } from "./whole.mjs";

const { values: args } = parseArgs({
  options: {
    sizes: { type: "string" },
    memory: { type: "string" },
    quick: { type: "boolean" },
    whole: { type: "string" },
    "in-process": { type: "string" },
    synthetic: { type: "boolean" },
    node: { type: "string" },
  },
});
/** The Node binary of every spawned program (`--node PATH`; default: this one). */
const nodeBin = args.node ?? process.execPath;
const inProcess = args["in-process"] !== "0";
const sizes = inProcess ? (args.sizes ?? "100,1000,10000").split(",").map(Number) : [];
const wholeSizes = (args.whole ?? "1000,10000,30000")
  .split(",")
  .map(Number)
  .filter((n) => n > 0);
const synthetic = args.synthetic === true;
const memoryRuns = inProcess ? Number(args.memory ?? 10000) : 0;
const quick = args.quick === true;
const runsFor = (n) => Math.max(3, Math.round((n >= 10000 ? 7 : n >= 1000 ? 21 : 51) / (quick ? 3 : 1)));
const log = (text) => process.stderr.write(`${text}\n`);
/** Lets files written just now age past the cache's racy window, as a tree on disk would be. */
const age = () => new Promise((r) => setTimeout(r, 60));

const { core, frontmatter, registry } = await loadRoster();
const frontmatterDist = readFileSync(join(repoRoot, "packages/frontmatter/dist/index.js"), "utf8");
const fastPathWired = (frontmatterDist.match(/readSimpleYaml\(/g) ?? []).length > 1;

const results = {
  date: new Date().toISOString(),
  node: process.version,
  // The Node of the spawned programs (whole processes and the start-up row), when --node names another.
  ...(nodeBin !== process.execPath
    ? { spawnedNode: spawnSync(nodeBin, ["--version"], { encoding: "utf8" }).stdout.trim() }
    : {}),
  platform: `${process.platform} ${process.arch}`,
  fastPathWired,
  sizes: {},
  synthetic,
  fastPath: null,
  cli: null,
  memory: null,
  whole: null,
};
const work = mkdtempSync(join(tmpdir(), "roster-bench-"));

try {
  for (const n of sizes) {
    const root = join(work, `n${n}`);
    const tree = generateTree(root, n, { corpus: !synthetic });
    await age();
    const ctx = { cwd: join(root, "project"), home: join(root, "home"), env: {} };
    const runs = runsFor(n);
    const reg = registry();

    // Cold: a fresh cache each call, so every file is listed, read and parsed.
    const cold = await median(() => core.discoverAgents(reg, ctx, { cache: new core.DiscoveryCache() }), {
      runs,
    });
    // One-shot: as `roster list` discovers (no cache, prompts read only when asked for).
    const oneShot = await median(() => core.discoverAgents(reg, ctx, { bodies: "on-demand" }), { runs });
    const naive = await median(() => naiveDiscover(tree.folders), { runs });
    const floor = await median(() => floorRead(tree.folders), { runs });
    const stat = await median(() => floorStat(tree.folders), { runs });
    const yaml = await median(() => floorYaml(tree.folders), { runs });
    const yamlFast = frontmatter.parseSimpleYaml
      ? await median(() => floorYaml(tree.folders, frontmatter.parseSimpleYaml), { runs })
      : null;

    // Warm: one cache, an unchanged tree.
    const cache = new core.DiscoveryCache();
    const first = await core.discoverAgents(reg, ctx, { cache });
    const parsesBefore = cache.stats.parses;
    const warm = await median(() => core.discoverAgents(reg, ctx, { cache }), { runs: runs * 3 });
    const warmParses = cache.stats.parses - parsesBefore;

    // Edit: new content written to one file (untimed), then the rediscovery is timed.
    let version = 0;
    const original = readFileSync(tree.editTarget, "utf8");
    const parsesBeforeEdit = cache.stats.parses;
    const editRuns = runs * 2;
    const edit = await median(() => core.discoverAgents(reg, ctx, { cache }), {
      runs: editRuns,
      before: () => {
        version++;
        writeFileSync(
          tree.editTarget,
          original.replace(/^description:.*$/m, `description: edited ${version}`),
        );
      },
    });
    const editParses = (cache.stats.parses - parsesBeforeEdit) / (editRuns + 1);
    writeFileSync(tree.editTarget, original);

    results.sizes[n] = {
      files: tree.files,
      agents: first.agents.length,
      shadowed: first.shadowed.length,
      usedCorpus: tree.usedCorpus,
      runs,
      ms: {
        cold,
        oneShot,
        naive,
        floor,
        floorStat: stat,
        floorYaml: yaml,
        floorFastYaml: yamlFast,
        warm,
        edit,
      },
      warmParses,
      parsesPerEdit: editParses,
      ratios: {
        coldOverNaive: cold / naive,
        oneShotOverNaive: oneShot / naive,
        oneShotOverFloor: oneShot / floor,
        coldOverFloor: cold / floor,
        warmOverCold: warm / cold,
        editOverCold: edit / cold,
        warmOverStatFloor: warm / stat,
      },
      // What the fast path saves on this very tree (YAML time minus fast-path time), and
      // so what cold discovery would be on the other side of the switch.
      fastPathSavingMs: yamlFast === null ? null : yaml - yamlFast,
      coldOtherSideMs:
        yamlFast === null ? null : fastPathWired ? cold + (yaml - yamlFast) : cold - (yaml - yamlFast),
    };
    log(`measured N=${n} (${runs} runs)`);
    rmSync(root, { recursive: true, force: true });
  }

  // The fast path against the full engine, per frontmatter of the shared corpus.
  const blocks = inProcess ? corpusFrontmatters() : [];
  if (blocks.length > 0 && frontmatter.parseSimpleYaml) {
    const simple = frontmatter.parseSimpleYaml;
    const accepted = blocks.filter((b) => simple(b) !== undefined);
    const fullYaml = (b) => {
      try {
        return YAML.parse(b, { maxAliasCount: 100 });
      } catch {
        return undefined; // a few corpus files are not valid YAML: timed all the same
      }
    };
    const yamlUs = await perItem(blocks, fullYaml);
    const yamlAcceptedUs = await perItem(accepted, fullYaml);
    const fastUs = await perItem(accepted, simple);
    const declineUs = await perItem(
      blocks.filter((b) => simple(b) === undefined),
      simple,
    );
    const parseUs = await perItem(blocks, (b) => frontmatter.parseFrontmatter(`---\n${b}---\nbody\n`));
    results.fastPath = {
      frontmatters: blocks.length,
      accepted: accepted.length,
      acceptedShare: accepted.length / blocks.length,
      us: {
        yamlAll: yamlUs,
        yamlAccepted: yamlAcceptedUs,
        fastAccepted: fastUs,
        fastDeclined: declineUs,
        parseFrontmatter: parseUs,
      },
      speedup: yamlAcceptedUs / fastUs,
    };
    log("measured the fast path");
  }

  // `roster list --json` end to end on empty folders, against `node -e ""`.
  // The installed command as a user runs it (see whole.mjs).
  const bin = join(repoRoot, "apps/cli/bin/roster.cjs");
  if (!inProcess) results.cli = { skipped: "--in-process 0" };
  else if (existsSync(join(repoRoot, "apps/cli/dist/roster.js"))) {
    const empty = join(work, "empty");
    mkdirSync(empty);
    const once = (args) => {
      const start = performance.now();
      const r = spawnSync(nodeBin, args, {
        cwd: empty,
        // roster's cache folder named, in the run's temporary folder (without it, it follows
        // --home): the two warm-up runs store the listing, then its shortcut, so the timed
        // runs print from the shortcut (the app not loaded).
        env: { PATH: process.env.PATH, XDG_CACHE_HOME: join(work, "cli-cache") },
        stdio: "ignore",
      });
      if (r.status !== 0) throw new Error(`node ${args.join(" ")} exited ${r.status}`);
      return performance.now() - start;
    };
    const listArgs = [bin, "list", "--json", "--home", empty, "--cwd", empty];
    for (let i = 0; i < 2; i++) {
      once(["-e", ""]);
      once(listArgs);
    }
    // Interleaved, as the whole-process rounds: both sides of the ratio under the same load.
    const samples = { node: [], list: [] };
    for (let i = 0; i < (quick ? 11 : 21); i++) {
      samples.node.push(once(["-e", ""]));
      samples.list.push(once(listArgs));
    }
    const mid = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
    const node = mid(samples.node);
    const list = mid(samples.list);
    results.cli = { ms: { node, list }, ratio: list / node };
    log("measured the CLI");
  } else {
    results.cli = { skipped: "apps/cli/dist/roster.js does not exist (build apps/cli first)" };
  }

  // Memory: heap after `memoryRuns` warm rediscoveries of a 1,000-file tree against after
  // 100, in a child with --expose-gc so that both are taken after a full collection.
  if (memoryRuns > 0) {
    const memRoot = join(work, "mem");
    generateTree(memRoot, 1000, { corpus: !synthetic });
    await age();
    const mem = spawnSync(
      process.execPath,
      ["--expose-gc", join(repoRoot, "bench/memory.mjs"), memRoot, String(memoryRuns)],
      {
        encoding: "utf8",
      },
    );
    if (mem.status !== 0) throw new Error(`memory child failed: ${mem.stderr}`);
    results.memory = { files: 1000, ...JSON.parse(mem.stdout) };
    log("measured memory");
  }
  if (wholeSizes.length > 0) {
    results.whole = measureWholeProcesses({
      sizes: wholeSizes,
      runs: (n) => Math.max(3, Math.round((n >= 30000 ? 5 : n >= 10000 ? 7 : 11) / (quick ? 2 : 1))),
      work,
      synthetic,
      log,
      node: nodeBin,
    });
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

// Targets, judged at the largest N measured (SPEC §10 names 10,000).
const big = results.sizes[Math.max(...sizes)];
const check = (target, value) => (typeof value === "number" ? { target, value, met: value <= target } : null);
results.targets = {
  coldOverNaive: check(0.7, big?.ratios.coldOverNaive),
  warmOverCold: check(0.05, big?.ratios.warmOverCold),
  editOverCold: check(0.1, big?.ratios.editOverCold),
  warmOverStatFloor: check(1.2, big?.ratios.warmOverStatFloor),
  cliOverNode: check(1.5, results.cli?.ratio),
  heapGrowth: check(1.1, results.memory?.ratio),
  warmParses: check(0, big?.warmParses),
};
// Whole processes (issue #15): judged at 10,000 and 30,000 files, where measured.
for (const n of [10000, 30000]) {
  const w = results.whole?.[n];
  if (!w) continue;
  results.targets[`first/naive@${n}`] = check(0.5, w.ratios.firstOverNaive);
  results.targets[`first/floor@${n}`] = check(2.5, w.ratios.firstOverFloor);
  results.targets[`second/naive@${n}`] = check(0.25, w.ratios.secondOverNaive);
  results.targets[`rss first/naive@${n}`] = check(1, w.ratios.rssFirstOverNaive);
  results.targets[`rss second/naive@${n}`] = check(1, w.ratios.rssSecondOverNaive);
}
writeFileSync(join(repoRoot, "bench/results.json"), `${JSON.stringify(results, null, 2)}\n`);

const f = (x) => (x == null ? "–" : x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));
const r2 = (x) => x.toFixed(x < 0.1 ? 3 : 2);
const out = [
  `roster bench — node ${process.version}${results.spawnedNode ? ` (spawned programs: node ${results.spawnedNode})` : ""}, ${results.platform}, fast path wired: ${fastPathWired ? "yes" : "no"}${synthetic ? ", SYNTHETIC files" : ""}`,
];
if (sizes.length > 0)
  out.push(
    "",
    "| N | cold | one-shot | naive | floor | floor+YAML | floor+fast | stat floor | warm | edit | cold/naive | one-shot/naive | one-shot/floor | warm/cold | edit/cold | warm/stat floor |",
    "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
  );
for (const [n, r] of Object.entries(results.sizes)) {
  const m = r.ms;
  const q = r.ratios;
  out.push(
    `| ${n} | ${f(m.cold)} | ${f(m.oneShot)} | ${f(m.naive)} | ${f(m.floor)} | ${f(m.floorYaml)} | ${f(m.floorFastYaml)} | ${f(m.floorStat)} | ${f(m.warm)} | ${f(m.edit)} | ${r2(q.coldOverNaive)} | ${r2(q.oneShotOverNaive)} | ${r2(q.oneShotOverFloor)} | ${r2(q.warmOverCold)} | ${r2(q.editOverCold)} | ${r2(q.warmOverStatFloor)} |`,
  );
}
if (sizes.length > 0) out.push("", "(milliseconds, medians)");
for (const [n, r] of Object.entries(results.sizes)) {
  if (r.coldOtherSideMs === null) continue;
  const side = fastPathWired ? "without" : "with";
  out.push(
    `N=${n}: the fast path saves ${f(r.fastPathSavingMs)} ms of YAML; cold ${side} it ≈ ${f(r.coldOtherSideMs)} ms = ${r2(r.coldOtherSideMs / r.ms.naive)}× naive`,
  );
}
const fp = results.fastPath;
if (fp) {
  out.push(
    "",
    `fast path over ${fp.frontmatters} corpus frontmatters: accepts ${fp.accepted} (${(fp.acceptedShare * 100).toFixed(1)}%); ` +
      `YAML.parse ${f(fp.us.yamlAccepted)} µs vs parseSimpleYaml ${f(fp.us.fastAccepted)} µs on those (${f(fp.speedup)}×); ` +
      `declining costs ${f(fp.us.fastDeclined)} µs; parseFrontmatter ${f(fp.us.parseFrontmatter)} µs per file`,
  );
}
if (results.cli?.ms) {
  out.push(
    `roster list --json ${f(results.cli.ms.list)} ms vs node -e "" ${f(results.cli.ms.node)} ms: ${r2(results.cli.ratio)}×`,
  );
} else out.push(`roster list: skipped (${results.cli.skipped})`);
if (results.memory) {
  const m = results.memory;
  out.push(
    `heap after 100 warm rediscoveries of ${m.files} files ${(m.after100 / 1e6).toFixed(2)} MB, after ${m.rediscoveries} ${(m.afterAll / 1e6).toFixed(2)} MB: ${m.ratio.toFixed(3)}×`,
  );
}
if (results.whole) {
  out.push(
    "",
    "whole processes (ms and peak RSS MB, medians of interleaved rounds):",
    "",
    "| N | first | second | later | naive | floor | node -e | first/naive | first/floor | second/naive | later/naive | RSS first | RSS second | RSS later | RSS naive | RSS floor |",
    "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
  );
  for (const [n, w] of Object.entries(results.whole)) {
    const g = w.figures;
    const q = w.ratios;
    out.push(
      `| ${n} | ${f(g.first.ms)} | ${f(g.second.ms)} | ${f(g.later.ms)} | ${f(g.naive.ms)} | ${f(g.floor.ms)} | ${f(g.node.ms)} | ${r2(q.firstOverNaive)} | ${r2(q.firstOverFloor)} | ${r2(q.secondOverNaive)} | ${r2(q.laterOverNaive)} | ${f(g.first.rssMb)} | ${f(g.second.rssMb)} | ${f(g.later.rssMb)} | ${f(g.naive.rssMb)} | ${f(g.floor.rssMb)} |`,
    );
  }
  const any = Object.values(results.whole)[0];
  if (any) {
    out.push("", "commands:");
    for (const [id, g] of Object.entries(any.figures)) out.push(`  ${id.padEnd(7)} ${g.command}`);
  }
}
out.push(
  "",
  `targets (in-process at N=${sizes.length ? Math.max(...sizes) : "–"}; whole processes where named):`,
);
for (const [name, t] of Object.entries(results.targets)) {
  if (t) out.push(`  ${t.met ? "met " : "MISS"}  ${name.padEnd(22)} ${r2(t.value)}  (target ≤ ${t.target})`);
}
console.log(out.join("\n"));
