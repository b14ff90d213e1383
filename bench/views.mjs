#!/usr/bin/env node
// The phases of a first `doctor`'s tool views, in process over the built packages: planning
// the seven views (`prepareToolViews`), roster's discovery through their layer (which checks
// each file it reads for every view), and judging the views. Each round is a fresh
// preparation and discovery in the same process, so the first round carries V8's warm-up.
//
// Usage: node bench/views.mjs [files=10000] [rounds=4] [--synthetic]    (one line a round, in ms)
// --synthetic writes synthetic files instead of the shared corpus's (for a clone without it).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { generateTree } from "./generate.mjs";
import { repoRoot } from "./lib.mjs";

const argv = process.argv.slice(2);
const synthetic = argv.includes("--synthetic");
const [files = 10000, rounds = 4] = argv.filter((a) => a !== "--synthetic").map(Number);
const dist = (dir) => import(pathToFileURL(join(repoRoot, dir, "dist/index.js")).href);
const core = await dist("packages/core");
const { prepareToolViews } = await dist("packages/profiles");
// The app's families in its order (apps/cli/src/families.ts): providers for the discovery,
// profiles for the views.
const ids = ["xcsh", "claude", "codex", "gemini", "opencode", "copilot", "cursor", "plugins", "bundled"];
const families = await Promise.all(
  ids.map(async (id) => (await dist(`packages/source-${id}`))[`${id}Family`]),
);
const registry = core.createRegistry(families.map((f) => f.provider));
const profiles = families.flatMap((f) => (f.profile ? [f.profile] : []));

const root = mkdtempSync(join(tmpdir(), "roster-views-bench-"));
try {
  generateTree(root, files, { corpus: !synthetic });
  const ctx = { cwd: join(root, "project"), home: join(root, "home"), env: {}, trustProject: true };
  for (let round = 1; round <= rounds; round++) {
    const t0 = performance.now();
    const views = await prepareToolViews(profiles, ctx, { registry });
    const t1 = performance.now();
    await core.discoverAgents(registry, views.ctx, { bodies: "on-demand" });
    const t2 = performance.now();
    let judged = 0;
    for (const profile of profiles) judged += (await views.view(profile, { prompts: false })).files.length;
    const t3 = performance.now();
    const ms = (a, b) => (b - a).toFixed(0);
    console.log(
      `round ${round}: plan ${ms(t0, t1)}, discovery with the views' checks ${ms(t1, t2)}, judging ${judged} files ${ms(t2, t3)}`,
    );
  }
} finally {
  rmSync(root, { recursive: true, force: true });
}
