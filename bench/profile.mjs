#!/usr/bin/env node
// Where discovery time goes: CPU-profiles cold (and warm) discovery of a 10,000-file tree
// with the V8 profiler (what `node --cpu-prof` records, limited to the discovery calls) and
// prints self time grouped by package and by function. `node bench/profile.mjs [N]`;
// `--write` also saves the cold profile as roster-cold.cpuprofile in the temp folder (for DevTools).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generateTree } from "./generate.mjs";
import { loadRoster } from "./lib.mjs";

const n = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 10000);
const { core, registry } = await loadRoster();
const root = mkdtempSync(join(tmpdir(), "roster-profile-"));
const session = new Session();
session.connect();

/** Which package (or runtime part) a profile node's code belongs to. */
function area(url, name) {
  if (!url)
    return name === "(garbage collector)" ? "GC" : name.startsWith("(") ? name : "native (fs, crypto…)";
  const pkg = /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  const own = /\/(packages|apps)\/([^/]+)\//.exec(url);
  if (own) return `@roster/${own[2]}`;
  if (url.startsWith("node:")) return "node internals";
  return url.split("/").pop();
}

function summarise(profile, label) {
  // Self time per node: its share of the samples.
  const counts = new Map();
  for (const id of profile.samples) counts.set(id, (counts.get(id) ?? 0) + 1);
  const total = profile.samples.length;
  const byArea = new Map();
  const byFn = new Map();
  for (const node of profile.nodes) {
    const c = counts.get(node.id) ?? 0;
    if (!c) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const a = area(url, functionName);
    byArea.set(a, (byArea.get(a) ?? 0) + c);
    const fn = `${functionName || "(anonymous)"} ${a}${url ? `:${lineNumber + 1}` : ""}`;
    byFn.set(fn, (byFn.get(fn) ?? 0) + c);
  }
  const pct = (c) => `${((100 * c) / total).toFixed(1).padStart(5)}%`;
  const top = (m, k) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, k)
      .map(([name, c]) => `  ${pct(c)}  ${name}`);
  const ms = (profile.endTime - profile.startTime) / 1000;
  return [
    `## ${label}: ${total} samples over ${ms.toFixed(0)} ms`,
    "by area:",
    ...top(byArea, 10),
    "by function (self time):",
    ...top(byFn, 15),
  ].join("\n");
}

try {
  generateTree(root, n);
  await new Promise((r) => setTimeout(r, 60));
  const ctx = { cwd: join(root, "project"), home: join(root, "home"), env: {} };
  const reg = registry();
  await core.discoverAgents(reg, ctx, { cache: new core.DiscoveryCache() }); // warm the JIT

  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval: 100 });
  await session.post("Profiler.start");
  for (let i = 0; i < 5; i++) await core.discoverAgents(reg, ctx, { cache: new core.DiscoveryCache() });
  const { profile: cold } = await session.post("Profiler.stop");

  const cache = new core.DiscoveryCache();
  await core.discoverAgents(reg, ctx, { cache });
  await new Promise((r) => setTimeout(r, 60));
  await core.discoverAgents(reg, ctx, { cache });
  await session.post("Profiler.start");
  for (let i = 0; i < 20; i++) await core.discoverAgents(reg, ctx, { cache });
  const { profile: warm } = await session.post("Profiler.stop");

  if (process.argv.includes("--write"))
    writeFileSync(join(repoRoot, "bench/cold.cpuprofile"), JSON.stringify(cold));
  console.log(summarise(cold, `cold discovery of ${n} files ×5`));
  console.log("");
  console.log(summarise(warm, `warm rediscovery of ${n} files ×20`));
} finally {
  session.disconnect();
  rmSync(root, { recursive: true, force: true });
}
