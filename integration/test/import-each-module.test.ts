// Issue #51: importing any module of any package first works. Each module is imported alone,
// first, in a fresh module graph (a worker thread of a child node process): an import circle
// that only holds when its modules load in one order (`codex-profile.ts` imported first threw
// "Cannot access 'codexProfile' before initialization") fails here.
import { execFile } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { describe, expect, test } from "vitest";

const repo = fileURLToPath(new URL("../..", import.meta.url));
const packagesDir = join(repo, "packages");
const packages = readdirSync(packagesDir)
  .map((name) => join(packagesDir, name))
  .filter((dir) => existsSync(join(dir, "package.json")));

/** Every TypeScript source of `dir` and its sub-folders, tests and declarations aside. */
function sourcesOf(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourcesOf(path);
    const source = entry.name.endsWith(".ts") && !/\.(test|d)\.ts$/.test(entry.name);
    return source ? [path] : [];
  });
}

/** The built files a package's `exports` map names for `import`. */
function distEntriesOf(dir: string): string[] {
  const exports = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")).exports ?? {};
  return Object.values(exports)
    .map((target) =>
      typeof target === "object" && target !== null ? (target as { import?: string }).import : undefined,
    )
    .filter((target): target is string => typeof target === "string")
    .map((target) => join(dir, target));
}

/**
 * The child: imports each URL it is given alone in a worker thread of its own (a fresh module
 * graph; TypeScript through tsx), two at a time, and prints the failures as JSON.
 */
const CHILD = `
import { Worker } from "node:worker_threads";
const [tsx, ...urls] = JSON.parse(process.argv[1]);
const code = \`import { workerData, parentPort } from "node:worker_threads";
const { register } = await import(workerData.tsx);
register();
try { await import(workerData.url); parentPort.postMessage(null); }
catch (error) { parentPort.postMessage(String((error && error.stack) || error).split("\\\\n").slice(0, 2).join(" ")); }\`;
const entry = new URL("data:text/javascript," + encodeURIComponent(code));
const importAlone = (url) =>
  new Promise((resolve) => {
    const worker = new Worker(entry, { workerData: { tsx, url }, stdout: true, stderr: true });
    worker.once("message", (message) => { resolve(message); void worker.terminate(); });
    worker.once("error", (error) => resolve(String(error)));
  });
const failures = [];
let next = 0;
const lane = async () => {
  while (next < urls.length) {
    const url = urls[next++];
    const problem = await importAlone(url);
    if (problem) failures.push([url, problem]);
  }
};
await Promise.all([lane(), lane()]);
process.stdout.write(JSON.stringify(failures));
`;

/** Imports each file alone and first; the files that threw, with the first line of why. */
async function importEachAlone(files: readonly string[]): Promise<Array<[string, string]>> {
  const tsxDir = dirname(createRequire(import.meta.url).resolve("tsx/package.json"));
  const tsx = pathToFileURL(join(tsxDir, "dist/esm/api/index.mjs")).href;
  const urls = files.map((file) => pathToFileURL(file).href);
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["--input-type=module", "-e", CHILD, JSON.stringify([tsx, ...urls])],
    { cwd: repo, maxBuffer: 16 * 1024 * 1024 },
  );
  return (JSON.parse(stdout) as Array<[string, string]>).map(([url, why]) => [
    relative(repo, fileURLToPath(url)),
    why,
  ]);
}

describe("each module of every package imports alone, first", () => {
  test("every source module under packages/*/src", { timeout: 20 * 60_000 }, async () => {
    const sources = packages.flatMap((dir) => sourcesOf(join(dir, "src")));
    expect(sources.length).toBeGreaterThan(200);
    expect(await importEachAlone(sources)).toEqual([]);
  });

  test("every built entry a package exports", { timeout: 10 * 60_000 }, async () => {
    const entries = packages.flatMap(distEntriesOf);
    const missing = entries.filter((file) => !existsSync(file));
    expect(missing, "not built: run pnpm build (pnpm test does)").toEqual([]);
    expect(entries.length).toBeGreaterThanOrEqual(packages.length);
    expect(await importEachAlone(entries)).toEqual([]);
  });
});
