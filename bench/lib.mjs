// The measured operations, shared by the suite and its tests.
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const require = createRequire(import.meta.url);
const pkg = (name) =>
  import(
    pathToFileURL(
      join(import.meta.dirname ?? new URL(".", import.meta.url).pathname, "..", name, "dist/index.js"),
    ).href
  );

/** roster's built packages (run `pnpm build` first; `pnpm bench` does). */
export async function loadRoster() {
  const [core, xcsh, claude, codex, gemini, plugins, bundled] = await Promise.all([
    pkg("packages/core"),
    pkg("packages/source-xcsh"),
    pkg("packages/source-claude"),
    pkg("packages/source-codex"),
    pkg("packages/source-gemini"),
    pkg("packages/source-plugins"),
    pkg("packages/source-bundled"),
  ]);
  const registry = () =>
    core.createRegistry([
      xcsh.xcshProvider,
      claude.claudeProvider,
      codex.codexProvider,
      gemini.geminiProvider,
      plugins.pluginsProvider,
      bundled.bundledProvider,
    ]);
  return { core, registry };
}

function listFiles(dir, out, exts) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    // The generator reports every folder it wrote to, so no recursion here.
    if (entry.isFile() && exts.some((e) => entry.name.endsWith(e))) out.push(path);
  }
}

/** The floor: list and read every file, no parsing. */
export function floorRead(folders) {
  let bytes = 0;
  for (const dir of folders) {
    const files = [];
    listFiles(dir, files, [".md", ".toml"]);
    for (const file of files) bytes += readFileSync(file, "utf8").length;
  }
  return bytes;
}

/** The floor plus YAML parsing alone (the frontmatter block cut out with a regex). */
export function floorYaml(folders) {
  const YAML = require("../packages/frontmatter/node_modules/yaml");
  let count = 0;
  for (const dir of folders) {
    const files = [];
    listFiles(dir, files, [".md"]);
    for (const file of files) {
      const match = /^---\r?\n([\s\S]*?)\r?\n---/.exec(readFileSync(file, "utf8"));
      if (!match) continue;
      try {
        YAML.parse(match[1], { maxAliasCount: 100 });
        count++;
      } catch {}
    }
  }
  return count;
}

/**
 * The naive baseline: SPEC §5 written plainly — readdir, readFile and gray-matter with the
 * yaml engine on every file, every call, no cache; first wins by name.
 */
export function naiveDiscover(folders) {
  const matter = require("../packages/frontmatter/node_modules/gray-matter");
  const YAML = require("../packages/frontmatter/node_modules/yaml");
  const TOML = require("../packages/toml/node_modules/smol-toml");
  const options = {
    engines: { yaml: { parse: (s) => YAML.parse(s, { maxAliasCount: 100 }), stringify: YAML.stringify } },
  };
  const seen = new Map();
  for (const dir of folders) {
    const files = [];
    listFiles(dir, files, [".md", ".toml"]);
    files.sort();
    for (const file of files) {
      const text = readFileSync(file, "utf8");
      let data;
      try {
        data = file.endsWith(".toml") ? TOML.parse(text) : matter(text, options).data;
      } catch {
        continue;
      }
      if (typeof data?.name === "string" && typeof data.description === "string" && !seen.has(data.name)) {
        seen.set(data.name, file);
      }
    }
  }
  return seen.size;
}

/** Median of `runs` timings of `fn` (ms), after one warm-up call. */
export async function median(fn, runs) {
  await fn();
  const times = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}
