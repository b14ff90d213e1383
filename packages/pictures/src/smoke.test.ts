import { discoverAgents, createRegistry } from "@roster/core";
import { claudeProvider } from "@roster/source-claude";
import { bundledProvider } from "@roster/source-bundled";
import { createSandbox } from "@roster/testkit";
import { test } from "vitest";
import { buildSpawnGraph, renderGraphText, renderGraphMermaid, renderGraphDot } from "./index.js";

test("smoke", async () => {
  const box = createSandbox();
  box.write({
    "project/.claude/agents/lead.md": "---\nname: lead\ndescription: leads\ntools: Read, Agent(reviewer, lead, ghost)\n---\nx",
    "project/.claude/agents/reviewer.md": "---\nname: reviewer\ndescription: reviews\nspawns: fixer, explore\n---\nx",
    "project/.claude/agents/fixer.md": "---\nname: fixer\ndescription: fixes\nspawns: '*'\n---\nx",
    "home/.claude/agents/reviewer.md": "---\nname: reviewer\ndescription: old reviewer\n---\nx",
  });
  const d = await discoverAgents(createRegistry([claudeProvider, bundledProvider]), box.ctx());
  const g = buildSpawnGraph({ discovery: d });
  console.log(renderGraphText(g).join("\n"));
  console.log(renderGraphMermaid(g));
  console.log(renderGraphDot(g));
  console.log(JSON.stringify(g.edges, null, 1).slice(0, 3000));
  box.cleanup();
});
