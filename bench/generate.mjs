// Writes realistic agent trees for the benchmarks: files shaped like the shared corpus
// (read at run time, never copied into the repo), spread over the project and user folders
// of all four families and over marketplace plugins.
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
/** The shared corpus, beside the repository. */
export const corpusDir = join(here, "..", "..", "shared", "corpus");

function corpusTexts() {
  if (!existsSync(corpusDir)) return [];
  const texts = [];
  const walk = (dir) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith(".md") && /\/agents\//.test(path)) texts.push(readFileSync(path, "utf8"));
    }
  };
  walk(corpusDir);
  return texts.filter(
    (t) => /^---\r?\n[\s\S]*?\n---/.test(t) && /^name:/m.test(t) && /^description:/m.test(t),
  );
}

function synthetic(i) {
  const tools = ["Read, Grep, Glob", "Read, Write, Edit, Bash", "read, grep, find, ls"][i % 3];
  return [
    "---",
    `name: synthetic-${i}`,
    `description: Specialist number ${i} for reviewing and improving a part of the code base. Use it when that area changes.`,
    `tools: ${tools}`,
    `model: ${["sonnet", "opus", "inherit"][i % 3]}`,
    "---",
    "",
    `You are specialist ${i}. Read the relevant files, explain what you find, and propose small, safe changes.`,
    "",
    "## How to work",
    "1. Find the code involved.\n2. Check its tests.\n3. Report findings with file and line references.",
    "",
  ].join("\n");
}

/** Where the files go, as fractions of N: [relative folder, share, extension]. */
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
const PLUGINS = 10;

/**
 * Writes a tree of `n` agent files below `root` (with `project/` and `home/`) and
 * returns what it wrote: the folders, the file count and the distinct names.
 */
export function generateTree(root, n) {
  const texts = corpusTexts();
  const folders = new Map();
  const names = new Set();
  let i = 0;
  const write = (folder, ext) => {
    const k = i++;
    // Every tenth file reuses an earlier name, so the merge has shadowing to do.
    const name = k % 10 === 9 ? `agent-${k - 5}` : `agent-${k}`;
    names.add(name);
    let text;
    if (ext === ".toml") {
      text = `name = "${name}"\ndescription = "Codex agent ${k}"\nmodel = "gpt-5-codex"\nmodel_reasoning_effort = "medium"\ndeveloper_instructions = """\nYou are agent ${k}.\n"""\n`;
    } else {
      const base = texts.length > 0 ? texts[k % texts.length] : synthetic(k);
      text = base.replace(/^name:.*$/m, `name: ${name}`);
    }
    const dir = join(root, folder);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `${name}-${k}${ext}`), text);
    folders.set(dir, (folders.get(dir) ?? 0) + 1);
  };
  for (const [folder, share, ext] of LAYOUT) {
    const count = Math.max(1, Math.round(n * share));
    for (let j = 0; j < count && i < n; j++) {
      if (folder === "plugins") write(`home/plugins/p${j % PLUGINS}/agents`, ext);
      else write(folder, ext);
    }
  }
  while (i < n) write("project/.claude/agents", ".md");
  // The plugins' registry, with absolute install paths.
  const plugins = {};
  for (let p = 0; p < PLUGINS; p++) {
    const installPath = join(root, "home/plugins", `p${p}`);
    mkdirSync(join(installPath, ".claude-plugin"), { recursive: true });
    writeFileSync(
      join(installPath, ".claude-plugin/plugin.json"),
      JSON.stringify({ name: `p${p}`, version: "1.0.0" }),
    );
    plugins[`p${p}@bench`] = [{ scope: "user", installPath, version: "1.0.0" }];
  }
  mkdirSync(join(root, "home/.claude/plugins"), { recursive: true });
  writeFileSync(
    join(root, "home/.claude/plugins/installed_plugins.json"),
    JSON.stringify({ version: 2, plugins }),
  );
  return { files: i, names, folders: [...folders.keys()], usedCorpus: texts.length > 0 };
}
