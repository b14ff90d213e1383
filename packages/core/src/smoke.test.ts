import { createSandbox, agentFile } from "@roster/testkit";
import { expect, test } from "vitest";
import { createRegistry, defineProvider, discoverAgents, familyLocations, DiscoveryCache, explainAgent } from "./index.js";
import { join } from "node:path";

test("smoke", async () => {
  const sb = createSandbox();
  sb.write({
    "project/.claude/agents/a.md": agentFile("a"),
    "project/.claude/agents/sub/b.md": agentFile("b"),
    "home/.claude/agents/a.md": agentFile("a", "user a"),
    "home/.claude/agents/bad.md": "---\nname: [\n---\n",
  });
  const claude = defineProvider({
    id: "claude",
    locate: (ctx, kind) => familyLocations(ctx, { project: `.claude/${kind}`, user: join(ctx.home, ".claude", kind), recursive: true }),
  });
  const reg = createRegistry([claude]);
  const cache = new DiscoveryCache();
  const r = await discoverAgents(reg, sb.ctx(), { cache });
  console.log(JSON.stringify(r.agents.map((a) => [a.name, a.source, a.filePath])), JSON.stringify(r.diagnostics), r.shadowed.length);
  console.log(JSON.stringify(explainAgent(r, "a").candidates));
  const before = cache.stats.parses;
  const r2 = await discoverAgents(reg, sb.ctx(), { cache });
  expect(cache.stats.parses).toBe(before);
  expect(r2.fingerprint).toBe(r.fingerprint);
  sb.cleanup();
});
