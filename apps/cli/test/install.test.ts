// The published package: `npm pack` of apps/cli installs alone (no dependencies) into a
// temporary global prefix, and the installed `roster` works from an unrelated folder.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { agentFile, createSandbox, type Sandbox } from "@roster/testkit";
import { afterAll, beforeAll, expect, test } from "vitest";

const cliDir = fileURLToPath(new URL("..", import.meta.url));
const pkg = JSON.parse(readFileSync(join(cliDir, "package.json"), "utf8"));
const hasNpm = spawnSync("npm", ["--version"], { encoding: "utf8" }).status === 0;

let box: Sandbox;
let roster: string;
beforeAll(() => {
  if (!hasNpm) return;
  expect(existsSync(join(cliDir, "dist/roster.js")), "apps/cli is not built: run pnpm build").toBe(true);
  box = createSandbox("roster-install-");
  // npm with its own cache and prefix under the sandbox: nothing of the real home is touched.
  const env = {
    PATH: process.env.PATH ?? "",
    HOME: box.home,
    npm_config_cache: join(box.root, "npm-cache"),
    npm_config_update_notifier: "false",
    npm_config_fund: "false",
    npm_config_audit: "false",
  };
  const pack = spawnSync("npm", ["pack", "--pack-destination", box.root], {
    cwd: cliDir,
    env,
    encoding: "utf8",
  });
  expect(pack.status, pack.stderr).toBe(0);
  const tarball = readdirSync(box.root).find((f) => f.endsWith(".tgz"));
  expect(tarball).toMatch(/^roster-cli-.*\.tgz$/);
  const prefix = join(box.root, "prefix");
  const install = spawnSync(
    "npm",
    ["install", "-g", "--offline", "--prefix", prefix, join(box.root, tarball!)],
    {
      cwd: box.root,
      env,
      encoding: "utf8",
    },
  );
  expect(install.status, install.stderr).toBe(0);
  roster = join(prefix, "bin", "roster");
}, 120_000);
afterAll(() => box?.cleanup());

test.skipIf(!hasNpm)("the package declares no runtime dependencies", () => {
  expect(pkg.dependencies ?? {}).toEqual({});
});

test.skipIf(!hasNpm)(
  "the installed roster runs from an unrelated folder and shows its .claude/agents",
  () => {
    box.write({ "elsewhere/.claude/agents/mine.md": agentFile("mine", "An agent of this folder") });
    const r = spawnSync(roster, ["list", "--home", box.home], {
      cwd: join(box.root, "elsewhere"),
      env: { PATH: process.env.PATH ?? "" },
      encoding: "utf8",
    });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(
      /^mine\s+project\s+claude\s+\.claude\/agents\/mine\.md\s+An agent of this folder$/m,
    );
    expect(r.stdout).toContain("explore");
  },
);

test.skipIf(!hasNpm)("the installed roster prints its version", () => {
  const r = spawnSync(roster, ["--version"], { env: { PATH: process.env.PATH ?? "" }, encoding: "utf8" });
  expect(r.stdout).toBe(`${pkg.version}\n`);
});

test.skipIf(!hasNpm)(
  "the installed roster carries its YAML and TOML engines (no node_modules beside it)",
  () => {
    box.write({
      // A nested mapping and a block scalar the flat fast path declines: gray-matter + yaml.
      "engines/.claude/agents/nested.md":
        "---\nname: nested\ndescription: >-\n  Folded text\nmetadata:\n  team: core\n  tags: [a, b]\n---\nbody\n",
      // A Codex TOML agent: smol-toml.
      "engines/.codex/agents/toml-agent.toml":
        'name = "toml-agent"\ndescription = "From TOML"\ndeveloper_instructions = "Be brief."\n',
    });
    const r = spawnSync(roster, ["list", "--json", "--home", box.home], {
      cwd: join(box.root, "engines"),
      env: { PATH: process.env.PATH ?? "" },
      encoding: "utf8",
    });
    expect(r.status, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as {
      agents: { name: string; description: string }[];
      diagnostics?: unknown[];
    };
    expect(out.agents.find((a) => a.name === "nested")?.description).toBe("Folded text");
    expect(out.agents.find((a) => a.name === "toml-agent")?.description).toBe("From TOML");
    expect(JSON.stringify(out.diagnostics ?? [])).not.toContain("Cannot find module");
  },
);

const script = fileURLToPath(new URL("../../../scripts/install.sh", import.meta.url));
const prefixScript = fileURLToPath(new URL("../../../scripts/install-prefix.sh", import.meta.url));

test.skipIf(!hasNpm)(
  "install.sh: an npm_config_prefix that does not exist yet is used (it can be made)",
  () => {
    const sandbox = createSandbox("roster-prefix-");
    try {
      sandbox.write({ "a-file": "x" });
      const prefixOf = (prefix: string) =>
        spawnSync("sh", ["-c", `. "${prefixScript}"; roster_prefix`], {
          env: { PATH: process.env.PATH ?? "", HOME: sandbox.home, npm_config_prefix: prefix },
          encoding: "utf8",
        }).stdout.trim();
      const fresh = join(sandbox.root, "not/yet/there");
      expect(prefixOf(fresh)).toBe(fresh);
      // Under a file nothing can be made: ~/.local.
      expect(prefixOf(join(sandbox.root, "a-file/prefix"))).toBe(join(sandbox.home, ".local"));
    } finally {
      sandbox.cleanup();
    }
  },
);

test.skipIf(!hasNpm)(
  "install.sh: an unreachable registry is one line that says so, not a stack trace",
  () => {
    const sandbox = createSandbox("roster-offline-");
    try {
      // A fresh home: corepack has no pnpm yet and must fetch it, from a registry that refuses.
      const r = spawnSync("sh", [script], {
        cwd: sandbox.root,
        env: {
          PATH: process.env.PATH ?? "",
          HOME: sandbox.home,
          TMPDIR: sandbox.root,
          COREPACK_NPM_REGISTRY: "http://127.0.0.1:9",
          npm_config_registry: "http://127.0.0.1:9",
        },
        encoding: "utf8",
      });
      expect(r.status).toBe(1);
      expect(r.stderr).toBe(
        `roster: installing the dependencies failed: the npm registry could not be reached (offline, a proxy, or npm_config_registry); the whole output is in ${join(sandbox.root, "roster-install.log")}\n`,
      );
      expect(r.stdout).toBe("roster: installing the CLI's dependencies (pnpm 10.34.9)…\n");
    } finally {
      sandbox.cleanup();
    }
  },
);
