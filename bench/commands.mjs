#!/usr/bin/env node
// Every command as a user runs it (issue #31): whole processes over one generated tree,
// interleaved round by round with the naive program (bench/naive.mjs, a plain `list --json`),
// each under `/usr/bin/time -f %M` for its peak RSS. "first" runs start from an empty cache
// folder; "second" runs from the folder one earlier run of the same command left (two for
// `doctor`, which stores its output on its second run).
//
// Usage: node bench/commands.mjs [files=10000] [rounds=7]
// Prints JSON: per command the median wall ms, peak RSS MB and the ratio to the naive program;
// for list, its peak RSS over the lean program's (`naive.mjs --lean`: names and paths only).
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { generateTree } from "./generate.mjs";
import { repoRoot } from "./lib.mjs";
import { runOnce as runWhole } from "./whole.mjs";

const cli = join(repoRoot, "apps/cli/bin/roster.cjs");

/** One whole run (whole.mjs' runner): doctor exits 1 when a tool would refuse a file, an answer too. */
function runOnce(args, root, env) {
  return runWhole({ what: args.join(" "), args, env: () => env }, root, undefined, process.execPath, [0, 1]);
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

export function measureCommands({ files = 10000, rounds = 7 } = {}) {
  const root = mkdtempSync(join(tmpdir(), "roster-commands-bench-"));
  try {
    const tree = generateTree(root, files);
    const cwd = join(root, "project");
    const home = join(root, "home");
    const where = ["--cwd", cwd, "--home", home];
    // A name defined in the middle of the precedence order, not the first place read.
    const names = [...tree.names];
    const name = names[Math.floor(names.length / 2)];
    const commands = {
      list: ["list", "--json"],
      show: ["show", name],
      "run --dry-run": ["run", name, "--dry-run", "--task", "x"],
      export: ["export", name, "--to", "codex", "--stdout"],
      why: ["why", name],
      doctor: ["doctor"],
    };
    const cache = (id) => join(root, "xdg", id);
    const programs = [
      { id: "naive", args: [join(repoRoot, "bench/naive.mjs"), cwd, home], env: () => ({}) },
      // Issue #31's memory stretch: a first `list --json` against a program keeping only names and paths.
      { id: "lean", args: [join(repoRoot, "bench/naive.mjs"), cwd, home, "--lean"], env: () => ({}) },
    ];
    for (const [id, args] of Object.entries(commands)) {
      const full = [cli, ...args, ...where];
      programs.push({
        id: `${id} (first)`,
        args: full,
        env: () => {
          rmSync(cache(`${id}-first`), { recursive: true, force: true });
          return { XDG_CACHE_HOME: cache(`${id}-first`) };
        },
      });
      programs.push({
        id: `${id} (second)`,
        args: full,
        // A doctor stores its output on its second run (the first only marks the place, as a
        // first list stores no shortcut): "second" is the run after those two.
        seed: () => {
          for (let n = id === "doctor" ? 2 : 1; n > 0; n--)
            runOnce(full, root, { XDG_CACHE_HOME: cache(`${id}-seed`) });
        },
        env: () => {
          rmSync(cache(`${id}-second`), { recursive: true, force: true });
          // A command that stores nothing leaves no folder: its second run starts as empty as its first.
          if (existsSync(cache(`${id}-seed`)))
            cpSync(cache(`${id}-seed`), cache(`${id}-second`), { recursive: true });
          return { XDG_CACHE_HOME: cache(`${id}-second`) };
        },
      });
    }
    for (const p of programs) p.seed?.();
    const samples = Object.fromEntries(programs.map((p) => [p.id, { ms: [], rssKb: [] }]));
    for (let round = -1; round < rounds; round++) {
      for (const p of programs) {
        const { ms, rssKb } = runOnce(p.args, root, p.env());
        if (round < 0) continue;
        samples[p.id].ms.push(ms);
        samples[p.id].rssKb.push(rssKb);
      }
    }
    const naive = median(samples.naive.ms);
    const figures = {};
    for (const p of programs) {
      const ms = median(samples[p.id].ms);
      figures[p.id] = {
        ms: Math.round(ms),
        rssMb: Math.round(median(samples[p.id].rssKb) / 102.4) / 10,
        overNaive: Math.round((ms / naive) * 100) / 100,
      };
    }
    const lean = median(samples.lean.rssKb);
    for (const id of ["list (first)", "list (second)"])
      figures[id].rssOverLean = Math.round((median(samples[id].rssKb) / lean) * 100) / 100;
    return { files: tree.files, name, rounds, figures };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const files = Number(process.argv[2] ?? 10000);
  const rounds = Number(process.argv[3] ?? 7);
  console.log(JSON.stringify(measureCommands({ files, rounds }), null, 2));
}
