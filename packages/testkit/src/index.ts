import { mkdirSync, mkdtempSync, rmSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

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
