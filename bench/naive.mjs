#!/usr/bin/env node
// An independent naive `roster list --json`, the seed's algorithm written plainly for the
// whole-process bench: no roster code. Sync reads, `YAML.parse` on every frontmatter
// (TOML for Codex agents), no cache, first definition of a name wins, one JSON string out.
//
// Usage: node bench/naive.mjs <cwd> <home> [--lean]
// --lean: the lean program of issue #31's memory target: the same reads and parses, keeping
// only each agent's name and path (and printing only those).
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), "..");
const YAML = createRequire(join(repoRoot, "packages/frontmatter/package.json"))("yaml");
const TOML = createRequire(join(repoRoot, "packages/toml/package.json"))("smol-toml");

const [cwd, home, mode] = process.argv.slice(2);
const lean = mode === "--lean";
if (!cwd || !home) throw new Error("usage: node bench/naive.mjs <cwd> <home>");

/** The nearest `<ancestor>/<relative>` folder, walking up from cwd. */
function nearest(relative) {
  let dir = cwd;
  for (;;) {
    const candidate = join(dir, relative);
    if (existsSync(candidate) && statSync(candidate).isDirectory()) return candidate;
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/** The search places in precedence order: [provider, scope, folder, recursive]. */
const places = [
  ["xcsh", "project", nearest(".xcsh/agents"), false],
  ["xcsh", "user", join(home, ".xcsh/agent/agents"), false],
  ["claude", "project", nearest(".claude/agents"), true],
  ["claude", "user", join(home, ".claude/agents"), true],
  ["codex", "project", nearest(".codex/agents"), false],
  ["codex", "user", join(home, ".codex/agents"), false],
  ["gemini", "project", nearest(".gemini/agents"), false],
  ["gemini", "user", join(home, ".gemini/agents"), false],
];
try {
  const registry = JSON.parse(readFileSync(join(home, ".claude/plugins/installed_plugins.json"), "utf8"));
  for (const installs of Object.values(registry.plugins ?? {})) {
    for (const install of installs)
      places.push(["plugins", "user", join(install.installPath, "agents"), true]);
  }
} catch {}

function files(dir, recursive, out = []) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return out;
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (recursive) files(path, true, out);
    } else if (entry.name.endsWith(".md") || entry.name.endsWith(".toml")) out.push(path);
  }
  return out;
}

const FRONTMATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/;
const agents = [];
const shadowed = [];
const winners = new Map();
for (const [provider, source, dir, recursive] of places) {
  if (!dir) continue;
  for (const filePath of files(dir, recursive)) {
    const text = readFileSync(filePath, "utf8");
    let data;
    let body;
    try {
      if (filePath.endsWith(".toml")) {
        data = TOML.parse(text);
        body = data.developer_instructions ?? "";
      } else {
        const match = FRONTMATTER.exec(text);
        if (!match) continue;
        data = YAML.parse(match[1], { maxAliasCount: 100 });
        body = match[2].trim();
      }
    } catch {
      continue;
    }
    if (typeof data?.name !== "string" || typeof data.description !== "string") continue;
    const agent = lean
      ? { name: data.name, filePath }
      : { name: data.name, description: data.description, source, provider, filePath };
    if (!lean) {
      if (data.tools !== undefined) agent.tools = data.tools;
      if (data.model !== undefined) agent.model = data.model;
      agent.systemPrompt = body;
    }
    const winner = winners.get(agent.name);
    if (winner) {
      shadowed.push(
        lean
          ? { name: agent.name, filePath }
          : { name: agent.name, source, provider, filePath, shadowedBy: winner.filePath },
      );
      continue;
    }
    winners.set(agent.name, agent);
    agents.push(agent);
  }
}
for (const agent of agents) delete agent.systemPrompt;
process.stdout.write(`${JSON.stringify({ agents, shadowed }, null, 2)}\n`);
