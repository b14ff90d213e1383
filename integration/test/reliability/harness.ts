// Shared pieces of the reliability suite: the app's registry, a view of a discovery with
// paths made relative, and file-system layers that inject faults through `ctx.fs`.
import { rmSync, writeFileSync } from "node:fs";
import { createDefaultRegistry } from "@roster/cli";
import {
  type AgentDiscovery,
  createRegistry,
  type Diagnostic,
  type DiscoveryContext,
  type FileSystem,
} from "@roster/core";
import { nodeFileSystem } from "@roster/core/provider-kit";
import { claudeProvider } from "@roster/source-claude";
import { codexProvider } from "@roster/source-codex";
import { geminiProvider } from "@roster/source-gemini";
import { xcshProvider } from "@roster/source-xcsh";

/** The registry in the app's order (SPEC §4). */
export const appRegistry = () => createDefaultRegistry();

/** The four config families, without plugins and bundled. */
export const familyRegistry = () =>
  createRegistry([xcshProvider, claudeProvider, codexProvider, geminiProvider]);

/** What a user sees of one agent: enough to notice any change in its result. */
export interface AgentView {
  name: string;
  description: string;
  source: string;
  provider: string;
  file: string | undefined;
  systemPrompt: string;
  tools?: string[];
  thinkingLevel?: string;
}

/** Replaces `root` in paths so expectations can be written literally. */
export function relativeTo(root: string) {
  return (path: string | undefined) => (path === undefined ? undefined : path.replaceAll(`${root}/`, ""));
}

/** The non-bundled agents of a discovery, in order, with paths relative to `root`. */
export function agentsView(discovery: Pick<AgentDiscovery, "agents">, root: string): AgentView[] {
  const rel = relativeTo(root);
  return discovery.agents
    .filter((a) => a.provider !== "bundled")
    .map((a) => {
      const view: AgentView = {
        name: a.name,
        description: a.description,
        source: a.source,
        provider: a.provider,
        file: rel(a.filePath),
        systemPrompt: a.systemPrompt,
      };
      if (a.tools) view.tools = a.tools;
      if (a.thinkingLevel) view.thinkingLevel = a.thinkingLevel;
      return view;
    });
}

/** Diagnostics as `[severity, code, relative file]`, plus the message for fragment checks. */
export function diagnosticsView(diagnostics: readonly Diagnostic[], root: string) {
  const rel = relativeTo(root);
  return diagnostics.map((d) => ({
    severity: d.severity,
    code: d.code,
    file: rel(d.filePath),
    message: d.message,
  }));
}

/** The bundled agent names, which must survive every bad input too. */
export const BUNDLED_NAMES = ["explore", "plan", "designer", "reviewer", "task", "quick_task"];

function eacces(syscall: string, path: string): NodeJS.ErrnoException {
  const error = new Error(`EACCES: permission denied, ${syscall} '${path}'`) as NodeJS.ErrnoException;
  error.code = "EACCES";
  error.errno = -13;
  error.syscall = syscall;
  error.path = path;
  return error;
}

/**
 * node:fs, except that the given paths are unreadable: listing a denied folder, and
 * reading a denied file, fail with EACCES (the suite runs as root, where chmod 000 does not bite).
 */
export function deniedFileSystem(denied: { read?: string[]; list?: string[]; stat?: string[] }): FileSystem {
  return {
    ...nodeFileSystem,
    readdir: (dir) => {
      if (denied.list?.includes(dir)) throw eacces("scandir", dir);
      return nodeFileSystem.readdir(dir);
    },
    stat: (path) => {
      if (denied.stat?.includes(path)) throw eacces("stat", path);
      return nodeFileSystem.stat(path);
    },
    readFile: (path) => {
      if (denied.read?.includes(path)) throw eacces("open", path);
      return nodeFileSystem.readFile(path);
    },
  };
}

/**
 * node:fs whose `readdir` of `dir` returns the listing and then runs `afterListing`:
 * the file system changes between listing and reading.
 */
export function racingFileSystem(dir: string, afterListing: () => void): FileSystem {
  let done = false;
  return {
    ...nodeFileSystem,
    readdir: (path) => {
      const entries = nodeFileSystem.readdir(path);
      if (path === dir && !done) {
        done = true;
        afterListing();
      }
      return entries;
    },
  };
}

/** Deletes `path` (a race helper). */
export const remove = (path: string) => () => rmSync(path, { force: true });
/** Rewrites `path` with `content` (a race helper). */
export const rewrite = (path: string, content: string) => () => writeFileSync(path, content);

/** A context with an injected file-system layer. */
export function withFs(ctx: DiscoveryContext, fs: FileSystem): DiscoveryContext {
  return { ...ctx, fs };
}

/**
 * fast-check parameters: a fixed seed and a modest run count by default, so the suite is
 * fast and reproducible. `ROSTER_FC_RUNS=<n>` runs every property n times;
 * `ROSTER_FC_SEED=<n>` picks a seed, `ROSTER_FC_SEED=random` a new one per run
 * (fast-check prints the seed and the shrunk counterexample of a failure).
 */
export function fcParams(defaultRuns: number): { seed?: number; numRuns: number } {
  const runs = Number.parseInt(process.env.ROSTER_FC_RUNS ?? "", 10);
  const seedText = process.env.ROSTER_FC_SEED;
  const numRuns = Number.isFinite(runs) && runs > 0 ? runs : defaultRuns;
  if (seedText === "random") return { numRuns };
  const seed = Number.parseInt(seedText ?? "", 10);
  return { seed: Number.isFinite(seed) ? seed : 4242, numRuns };
}
