// Child of run.mjs (needs --expose-gc): heap after 100 and after N warm rediscoveries.
import { join } from "node:path";
import { loadRoster } from "./lib.mjs";

const [root, total] = [process.argv[2], Number(process.argv[3] ?? 10000)];
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
for (let i = 1; i <= total; i++) {
  await core.discoverAgents(reg, ctx, { cache });
  if (i === 100) after100 = heap();
}
const after10000 = heap();
process.stdout.write(
  JSON.stringify({ rediscoveries: total, files: 1000, after100, after10000, ratio: after10000 / after100 }),
);
