#!/usr/bin/env node
// The MCP server as a host meets it: `roster mcp` started as a process over a generated
// tree, driven by the MCP SDK's own stdio client. Prints the median time of each call after
// the server's first answer (show_agent, why_agent; list_agents: a page, a new query, and that
// query's next page), and the size of each answer. Usage:
//   node bench/mcp.mjs [files=10000] [rounds=30]
// (also run by `pnpm bench` with --mcp; see BENCHMARKS.md).
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { generateTree } from "./generate.mjs";
import { repoRoot } from "./lib.mjs";

/** The MCP SDK, from the package that depends on it (pnpm does not hoist it to the root). */
async function sdk() {
  const require = createRequire(join(repoRoot, "packages/mcp/package.json"));
  const load = async (path) => import(pathToFileURL(require.resolve(path)).href);
  const { Client } = await load("@modelcontextprotocol/sdk/client/index.js");
  const { StdioClientTransport } = await load("@modelcontextprotocol/sdk/client/stdio.js");
  return { Client, StdioClientTransport };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

/**
 * Measures one tree: start-up to the first answer, then `rounds` calls of each tool,
 * interleaved. Returns milliseconds (medians) and answer sizes in bytes.
 */
export async function measureMcp({ files = 10000, rounds = 30, root } = {}) {
  const { Client, StdioClientTransport } = await sdk();
  const own = root === undefined;
  const dir = root ?? mkdtempSync(join(tmpdir(), "roster-mcp-bench-"));
  try {
    const tree = generateTree(dir, files);
    const names = [...tree.names];
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [
        join(repoRoot, "apps/cli/dist/roster.js"),
        "mcp",
        "--dry-run",
        "--cwd",
        join(dir, "project"),
        "--home",
        join(dir, "home"),
      ],
      env: { PATH: process.env.PATH ?? "", XDG_CACHE_HOME: join(dir, "cache") },
      stderr: "ignore",
    });
    const client = new Client({ name: "bench", version: "0.0.0" });
    const started = performance.now();
    await client.connect(transport);
    const connect = performance.now() - started;
    const call = async (name, args) => {
      const t = performance.now();
      const result = await client.callTool({ name, arguments: args });
      return { ms: performance.now() - t, bytes: JSON.stringify(result).length, result };
    };
    const first = await call("show_agent", { name: names[0] });
    const times = {
      show_agent: [],
      why_agent: [],
      list_agents_page: [],
      list_agents_query: [],
      list_agents_next_page: [],
    };
    // A query other than the round before's (the server keeps the last filter's matches for
    // its next page), then that query's next page, which takes them.
    const words = ["review", "test", "code", "security", "write"];
    const bytes = {};
    for (let r = 0; r < rounds; r++) {
      const name = names[(r * 97) % names.length];
      const shown = await call("show_agent", { name });
      times.show_agent.push(shown.ms);
      bytes.show_agent = shown.bytes;
      const page = await call("list_agents", {});
      times.list_agents_page.push(page.ms);
      bytes.list_agents_page = page.bytes;
      const query = await call("list_agents", { query: words[r % words.length] });
      times.list_agents_query.push(query.ms);
      bytes.list_agents_query = query.bytes;
      const cursor = query.result.structuredContent?.nextCursor;
      if (cursor !== undefined) {
        const next = await call("list_agents", { query: words[r % words.length], cursor });
        times.list_agents_next_page.push(next.ms);
        bytes.list_agents_next_page = next.bytes;
      }
    }
    // why_agent after the others (each call views every tool's files: its garbage would be
    // collected during the small calls it were interleaved with), at most 10 rounds.
    for (let r = 0; r < Math.min(rounds, 10); r++) {
      const why = await call("why_agent", { name: names[(r * 97) % names.length] });
      times.why_agent.push(why.ms);
      bytes.why_agent = why.bytes;
    }
    await client.close();
    return {
      files: tree.files,
      connectMs: connect,
      firstCallMs: first.ms,
      medianMs: Object.fromEntries(Object.entries(times).map(([k, v]) => [k, median(v)])),
      bytes,
    };
  } finally {
    if (own) rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const files = Number(process.argv[2] ?? 10000);
  const rounds = Number(process.argv[3] ?? 30);
  console.log(JSON.stringify(await measureMcp({ files, rounds }), null, 2));
}
