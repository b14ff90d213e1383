// The measured operations, shared by the suite (run.mjs), its memory child and its tests.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
/** The repository root. */
export const repoRoot = join(here, "..");
const requireIn = (dir) => createRequire(join(repoRoot, dir, "package.json"));
const fromFrontmatter = requireIn("packages/frontmatter");
/** The exact libraries roster itself uses, resolved from the packages that depend on them. */
export const YAML = fromFrontmatter("yaml");
const TOML = requireIn("packages/toml")("smol-toml");

const dist = (dir) => import(pathToFileURL(join(repoRoot, dir, "dist/index.js")).href);

/** roster's built packages (`pnpm bench` builds them first) and the app's registry order. */
export async function loadRoster() {
  const [core, frontmatter, xcsh, claude, codex, gemini, plugins, bundled] = await Promise.all([
    dist("packages/core"),
    dist("packages/frontmatter"),
    dist("packages/source-xcsh"),
    dist("packages/source-claude"),
    dist("packages/source-codex"),
    dist("packages/source-gemini"),
    dist("packages/source-plugins"),
    dist("packages/source-bundled"),
  ]);
  const providers = [
    xcsh.xcshProvider,
    claude.claudeProvider,
    codex.codexProvider,
    gemini.geminiProvider,
    plugins.pluginsProvider,
    bundled.bundledProvider,
  ];
  return { core, frontmatter, registry: () => core.createRegistry(providers) };
}

/** The agent files of the given folders (not recursive: the generator names every folder). */
function listFiles(dir, exts) {
  const out = [];
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return out;
  }
  for (const entry of entries) {
    if (entry.isFile() && exts.some((e) => entry.name.endsWith(e))) out.push(join(dir, entry.name));
  }
  return out;
}

const FRONTMATTER = /^---\r?\n([\s\S]*?\r?\n)---/;

/** The floor: list and read every file, no parsing. Returns the characters read. */
export function floorRead(folders) {
  let chars = 0;
  for (const dir of folders) {
    for (const file of listFiles(dir, [".md", ".toml"])) chars += readFileSync(file, "utf8").length;
  }
  return chars;
}

/** The warm floor: list the folders and stat every file, as any change check must. */
export function floorStat(folders) {
  let bytes = 0;
  for (const dir of folders) {
    for (const file of listFiles(dir, [".md", ".toml"])) bytes += statSync(file).size;
  }
  return bytes;
}

/**
 * The floor plus YAML parsing alone: the frontmatter block cut out with a regex and given
 * to `yaml`; with `fast`, `fast(block)` is tried first (the fast path), YAML only when it declines.
 */
export function floorYaml(folders, fast) {
  let parsed = 0;
  for (const dir of folders) {
    for (const file of listFiles(dir, [".md"])) {
      const match = FRONTMATTER.exec(readFileSync(file, "utf8"));
      if (!match) continue;
      try {
        if (!fast?.(match[1])) YAML.parse(match[1], { maxAliasCount: 100 });
        parsed++;
      } catch {}
    }
  }
  return parsed;
}

/**
 * The naive baseline: SPEC §5 written plainly, as the seed did it. readdir, readFile and
 * `YAML.parse` of the frontmatter block (TOML for Codex agents) on every file, every call,
 * no cache; first wins by name. Returns the number of distinct agents.
 */
export function naiveDiscover(folders) {
  const seen = new Map();
  for (const dir of folders) {
    const files = listFiles(dir, [".md", ".toml"]).sort();
    for (const file of files) {
      const text = readFileSync(file, "utf8");
      let data;
      try {
        if (file.endsWith(".toml")) data = TOML.parse(text);
        else {
          const match = FRONTMATTER.exec(text);
          data = match ? YAML.parse(match[1], { maxAliasCount: 100 }) : undefined;
        }
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

/** Median wall time (ms) of `runs` calls of `fn`, after `warmup` untimed calls. `before`
 * runs untimed ahead of each timed call (for example, the edit before a rediscovery). */
export async function median(fn, { runs, warmup = 1, before } = {}) {
  for (let i = 0; i < warmup; i++) {
    await before?.();
    await fn();
  }
  const times = [];
  for (let i = 0; i < runs; i++) {
    await before?.();
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const mid = times.length >> 1;
  return times.length % 2 ? times[mid] : (times[mid - 1] + times[mid]) / 2;
}

/** Per-item median time (µs) of `fn` over `items`, as the median of `rounds` full passes. */
export async function perItem(items, fn, rounds = 15) {
  const pass = await median(
    () => {
      for (const item of items) fn(item);
    },
    { runs: rounds, warmup: 3 },
  );
  return (pass * 1000) / items.length;
}
