import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

/** A file tree: relative path → content. A `{ symlink }` value makes a symlink; `null` a folder. */
export type Tree = Record<string, string | Buffer | { symlink: string } | null>;

/** Writes `tree` below `root`. Files are back-dated one minute unless `fresh` is set, so caches trust them. */
export function writeTree(root: string, tree: Tree, options: { fresh?: boolean } = {}): void {
  const past = new Date(Date.now() - 60_000);
  for (const [rel, content] of Object.entries(tree)) {
    const path = join(root, rel);
    if (content === null) {
      mkdirSync(path, { recursive: true });
      continue;
    }
    mkdirSync(dirname(path), { recursive: true });
    if (typeof content === "object" && !Buffer.isBuffer(content)) {
      symlinkSync(content.symlink, path);
      continue;
    }
    writeFileSync(path, content);
    if (!options.fresh) utimesSync(path, past, past);
  }
}

/** A temporary sandbox: a project folder and a separate home, removed by `cleanup()`. */
export interface Sandbox {
  root: string;
  /** The project (the cwd of most tests): `<root>/project`. */
  project: string;
  /** The temporary home: `<root>/home`. */
  home: string;
  /** Writes a tree below `root`. */
  write(tree: Tree, options?: { fresh?: boolean }): void;
  /** A discovery context with this sandbox's cwd and home and an empty env. */
  ctx(extra?: { cwd?: string; env?: Record<string, string | undefined>; trustProject?: boolean }): {
    cwd: string;
    home: string;
    env: Record<string, string | undefined>;
    trustProject?: boolean;
  };
  cleanup(): void;
}

/** Makes a temporary sandbox with `project/` and `home/` folders. */
export function createSandbox(prefix = "roster-test-"): Sandbox {
  const root = mkdtempSync(join(tmpdir(), prefix));
  const project = join(root, "project");
  const home = join(root, "home");
  mkdirSync(project, { recursive: true });
  mkdirSync(home, { recursive: true });
  return {
    root,
    project,
    home,
    write: (tree, options) => writeTree(root, tree, options),
    ctx: (extra = {}) => {
      const ctx: ReturnType<Sandbox["ctx"]> = { cwd: extra.cwd ?? project, home, env: extra.env ?? {} };
      if (extra.trustProject !== undefined) ctx.trustProject = extra.trustProject;
      return ctx;
    },
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  };
}

/** A markdown agent file. */
export function agentFile(
  name: string,
  description = `${name} agent`,
  extra = "",
  body = `You are ${name}.`,
): string {
  return `---\nname: ${name}\ndescription: ${description}\n${extra}${extra && !extra.endsWith("\n") ? "\n" : ""}---\n${body}\n`;
}

/**
 * `<repo root>/../shared/corpus`: real agent and command files from public repositories,
 * present on some machines only. Tests that read it skip, visibly, where it is absent.
 */
export const CORPUS_DIR: string = fileURLToPath(new URL("../../../../shared/corpus", import.meta.url));

/** True when the shared corpus is on this machine. */
export function hasCorpus(): boolean {
  return existsSync(CORPUS_DIR);
}

/** Options of {@link corpusFiles}. */
export interface CorpusFilesOptions {
  /** A folder of the corpus to list, relative to it; default the whole corpus. */
  under?: string;
  /** Keep only names ending so; default `.md`. */
  extension?: string;
}

/**
 * The corpus files, as absolute paths in code-unit order of their path (a stable order
 * for recorded counts); `[]` without a corpus. Symlinks are not followed.
 */
export function corpusFiles(options: CorpusFilesOptions = {}): string[] {
  const root = options.under ? join(CORPUS_DIR, options.under) : CORPUS_DIR;
  if (!existsSync(root)) return [];
  const extension = options.extension ?? ".md";
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile() && entry.name.endsWith(extension)) out.push(path);
    }
  };
  walk(root);
  return out.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The one checked-in end-to-end tree (`integration/test/fixtures/tree`): `home/` and `project/`. */
export const FIXTURE_TREE: string = fileURLToPath(
  new URL("../../../integration/test/fixtures/tree", import.meta.url),
);

/**
 * Copies the end-to-end tree into `root` and makes its plugin registries absolute: they
 * name install paths as `$HOME/…` and `$PROJECT/…`, which become `<root>/home/…` and
 * `<root>/project/…`.
 */
export function copyFixtureTree(root: string): { home: string; project: string } {
  cpSync(FIXTURE_TREE, root, { recursive: true });
  const home = join(root, "home");
  const project = join(root, "project");
  for (const registry of [
    join(home, ".claude/plugins/installed_plugins.json"),
    join(project, ".xcsh/plugins/installed_plugins.json"),
  ]) {
    const text = readFileSync(registry, "utf8");
    writeFileSync(registry, text.replaceAll("$HOME", home).replaceAll("$PROJECT", project));
  }
  return { home, project };
}

/** True while process `pid` runs and is not a zombie (PID 1 in a container may not reap orphans). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return false;
  }
}

/** Polls `check` every 25 ms until it holds; throws naming `what` after `tries` polls. */
export async function waitFor(check: () => boolean, what: string, tries = 400): Promise<void> {
  for (let i = 0; i < tries; i++) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`gave up waiting for ${what}`);
}

/**
 * The heap in use after two full collections, for a test of what a piece of code keeps alive:
 * `gc` is turned on for this worker only the first time, so figures before and after a step
 * are comparable.
 *
 * @example const before = heapAfterGc(); const kept = parseAll(); expect(heapAfterGc() - before).toBeLessThan(2e6);
 */
export function heapAfterGc(): number {
  gcOnce ??= (() => {
    setFlagsFromString("--expose-gc");
    return runInNewContext("gc") as () => void;
  })();
  gcOnce();
  gcOnce();
  return process.memoryUsage().heapUsed;
}
let gcOnce: (() => void) | undefined;

export { createGitRemote, type GitRemote, hermeticGitEnv } from "./git-remote.js";
export { argOf, type HostPlannerOptions, hostPlanner } from "./host-planner.js";
export { loadedAgentRecord, reviewInvocation } from "./records.js";
