// Writes realistic agent trees for the benchmarks: markdown files taken, at run time, from
// the shared corpus (never copied into the repository; an error when it is absent, unless
// synthetic files are asked for), a few
// Codex TOML agents, spread over the project and user folders of all four families and over
// marketplace plugins registered in an installed_plugins.json.
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
/** The shared corpus, beside the repository. */
export const corpusDir = join(here, "..", "..", "shared", "corpus");

let corpusCache;
/** The corpus' agent files that have a frontmatter with a name and a description. */
export function corpusAgentTexts() {
  if (corpusCache) return corpusCache;
  const texts = [];
  if (existsSync(corpusDir)) {
    const walk = (dir) => {
      for (const name of readdirSync(dir).sort()) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (name.endsWith(".md") && /[/\\]agents[/\\]/.test(path))
          texts.push(readFileSync(path, "utf8"));
      }
    };
    walk(corpusDir);
  }
  corpusCache = texts.filter(
    (t) => /^---\r?\n[\s\S]*?\n---/.test(t) && /^name:/m.test(t) && /^description:/m.test(t),
  );
  return corpusCache;
}

/** Every frontmatter block of the corpus (agents and commands), CRLF normalised. */
export function corpusFrontmatters() {
  if (!existsSync(corpusDir)) return [];
  const blocks = [];
  const walk = (dir) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith(".md")) {
        const text = readFileSync(path, "utf8").replace(/\r\n?/g, "\n");
        const match = /^---\n([\s\S]*?\n)---(?:\n|$)/.exec(text);
        if (match) blocks.push(match[1].replace(/\t/g, "  "));
      }
    }
  };
  walk(corpusDir);
  return blocks;
}

const TOOLS = ["Read, Grep, Glob", "Read, Write, Edit, Bash", "read, grep, find, ls", "Bash, WebSearch"];
const MODELS = ["sonnet", "opus", "inherit", "haiku"];
const AREAS = ["the API layer", "database migrations", "the build", "accessibility", "security reviews"];

/** A synthetic agent file shaped like the corpus' ones (used when the corpus is absent). */
export function syntheticAgent(i) {
  const area = AREAS[i % AREAS.length];
  return [
    "---",
    `name: synthetic-${i}`,
    `description: Specialist for ${area}. Use it proactively when ${area} changes, and before a release.`,
    `tools: ${TOOLS[i % TOOLS.length]}`,
    `model: ${MODELS[i % MODELS.length]}`,
    ...(i % 7 === 0 ? ["color: blue"] : []),
    "---",
    "",
    `You are a senior engineer responsible for ${area}.`,
    "",
    "## When invoked",
    "1. Find the code involved and read its tests.",
    "2. Explain what you find, with file and line references.",
    "3. Propose small, safe changes and say how to verify them.",
    "",
    "## Checklist",
    ...Array.from({ length: 6 }, (_, k) => `- item ${k + 1} for ${area}: check it, then record the result`),
    "",
  ].join("\n");
}

function codexToml(name, k) {
  return [
    `name = "${name}"`,
    `description = "Codex agent ${k}: reviews ${AREAS[k % AREAS.length]} and reports findings."`,
    'model = "gpt-5-codex"',
    `model_reasoning_effort = "${["low", "medium", "high"][k % 3]}"`,
    'developer_instructions = """',
    `You are agent ${k}. Read the code involved, explain what you find and propose small changes.`,
    '"""',
    "",
  ].join("\n");
}

/** Where the files go, as shares of N: [folder under the root, share, extension]. */
const LAYOUT = [
  ["project/.xcsh/agents", 0.05, ".md"],
  ["home/.xcsh/agent/agents", 0.05, ".md"],
  ["project/.claude/agents", 0.15, ".md"],
  ["project/.claude/agents/backend", 0.1, ".md"],
  ["project/.claude/agents/frontend", 0.05, ".md"],
  ["home/.claude/agents", 0.15, ".md"],
  ["project/.codex/agents", 0.05, ".md"],
  ["project/.codex/agents", 0.03, ".toml"],
  ["home/.codex/agents", 0.02, ".md"],
  ["project/.gemini/agents", 0.05, ".md"],
  ["home/.gemini/agents", 0.05, ".md"],
  ["plugins", 0.25, ".md"],
];
/** How many marketplace plugins share the plugin files. */
export const PLUGINS = 10;

/**
 * Writes a tree of `n` agent files below `root` (`project/` is the cwd, `home/` the home)
 * and returns what it wrote: the folders, file count, distinct names and one file to edit.
 * Every tenth file reuses an earlier name, so the merge has shadowing to do.
 *
 * @param {string} root
 * @param {number} n
 * @param {{ corpus?: boolean }} [options] `corpus: false` writes synthetic files; otherwise
 *   the corpus must be there (a bench must not turn synthetic without saying so).
 */
export function generateTree(root, n, options = {}) {
  const texts = options.corpus === false ? [] : corpusAgentTexts();
  if (options.corpus !== false && texts.length === 0) {
    throw new Error(
      `the shared corpus is missing (${corpusDir}): clone beside it, or pass --synthetic for synthetic files`,
    );
  }
  const folders = new Map();
  const names = new Set();
  let i = 0;
  let editTarget;
  const write = (folder, ext) => {
    const k = i++;
    const name = k % 10 === 9 ? `agent-${k - 5}` : `agent-${k}`;
    names.add(name);
    let text;
    if (ext === ".toml") text = codexToml(name, k);
    else {
      const base = texts.length > 0 ? texts[k % texts.length] : syntheticAgent(k);
      text = base.replace(/^name:.*$/m, `name: ${name}`);
    }
    const dir = join(root, folder);
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `${name}-${k}${ext}`);
    writeFileSync(file, text);
    if (ext === ".md" && editTarget === undefined && folder.startsWith("project/.claude")) editTarget = file;
    folders.set(dir, (folders.get(dir) ?? 0) + 1);
  };
  for (const [folder, share, ext] of LAYOUT) {
    const count = Math.min(Math.max(1, Math.round(n * share)), n - i);
    for (let j = 0; j < count; j++) {
      // Plugins get contiguous runs of files, so each has winners and shadowed ones.
      const plugin = Math.floor((j * PLUGINS) / count);
      write(folder === "plugins" ? `home/plugins/p${plugin}/agents` : folder, ext);
    }
  }
  while (i < n) write("project/.claude/agents", ".md");
  mkdirSync(join(root, "project"), { recursive: true });
  mkdirSync(join(root, "home"), { recursive: true });

  // The plugins' registry, shaped like Claude Code's, with absolute install paths.
  const plugins = {};
  for (let p = 0; p < PLUGINS; p++) {
    const installPath = join(root, "home/plugins", `p${p}`);
    mkdirSync(join(installPath, ".claude-plugin"), { recursive: true });
    writeFileSync(
      join(installPath, ".claude-plugin/plugin.json"),
      JSON.stringify({ name: `p${p}`, version: "1.0.0", description: `bench plugin ${p}` }),
    );
    plugins[`p${p}@bench-marketplace`] = [
      { scope: "user", installPath, version: "1.0.0", installedAt: "2026-01-01T00:00:00.000Z" },
    ];
  }
  mkdirSync(join(root, "home/.claude/plugins"), { recursive: true });
  writeFileSync(
    join(root, "home/.claude/plugins/installed_plugins.json"),
    JSON.stringify({ version: 2, plugins }, null, 2),
  );
  return { files: i, names, folders: [...folders.keys()], editTarget, usedCorpus: texts.length > 0 };
}
