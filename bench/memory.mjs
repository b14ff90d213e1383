// Child of run.mjs, started with --expose-gc: the heap after 100 and after `total` warm
// rediscoveries of the tree at `root`, through one DiscoveryCache. Prints one JSON line.
import { join } from "node:path";
import { loadRoster } from "./lib.mjs";

const root = process.argv[2];
const total = Number(process.argv[3] ?? 10000);
const { core, registry } = await loadRoster();
const reg = registry();
const ctx = { cwd: join(root, "project"), home: join(root, "home"), env: {} };
const cache = new core.DiscoveryCache();
const heap = () => {
  global.gc();
  global.gc();
  return process.memoryUsage().heapUsed;
};
let after100 = 0;
const started = performance.now();
for (let i = 1; i <= total; i++) {
  await core.discoverAgents(reg, ctx, { cache });
  if (i === 100) after100 = heap();
}
const afterAll = heap();
process.stdout.write(
  `${JSON.stringify({
    rediscoveries: total,
    after100,
    afterAll,
    ratio: afterAll / after100,
    parses: cache.stats.parses,
    msPerRediscovery: (performance.now() - started) / total,
  })}\n`,
);
