// The trust boundary of configuration (SPEC §5.3), end to end: the BUILT binary as a real
// child process, a temporary home, real FIFOs and symlinks. "Config is code": a config that
// would run writes a marker file, and the tests look for the marker.
import { execFileSync, spawnSync } from "node:child_process";
import {
  appendFileSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { agentFile } from "@roster/testkit";
import { afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";

const bin = fileURLToPath(new URL("../dist/roster.js", import.meta.url));
const teamExample = fileURLToPath(new URL("../../../examples/source-team/dist/index.js", import.meta.url));

let work: string;
let home: string;
let repo: string;
let marker: string;

beforeAll(() => {
  expect(existsSync(bin), "apps/cli is not built: run pnpm build (pnpm test does)").toBe(true);
});
beforeEach(() => {
  // Real paths: on some systems the temp folder is itself behind a symlink.
  work = realpathSync(mkdtempSync(join(tmpdir(), "roster-trust-")));
  home = join(work, "home");
  repo = join(work, "repo");
  marker = join(work, "config-ran");
  mkdirSync(home);
  mkdirSync(join(repo, ".git"), { recursive: true });
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

/** Runs the built roster with a clean environment; a hang ends after 20 s with `code: null`. */
function roster(args: string[], options: { cwd?: string; env?: Record<string, string> } = {}) {
  const result = spawnSync(process.execPath, [bin, "--home", home, "--cwd", options.cwd ?? repo, ...args], {
    cwd: work,
    env: { PATH: process.env.PATH ?? "", ...options.env },
    encoding: "utf8",
    timeout: 20_000,
  });
  return { code: result.status, signal: result.signal, stdout: result.stdout, stderr: result.stderr };
}
const json = (r: { stdout: string }) => JSON.parse(r.stdout);
const write = (path: string, content: string) => {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
};
/** ES module text that writes the marker when it is imported. */
const markerModule = (extra = "export default {};") =>
  `import { writeFileSync } from "node:fs";\nwriteFileSync(${JSON.stringify(marker)}, "ran");\n${extra}\n`;
const codes = (r: { stdout: string }) =>
  json(r).diagnostics.map((d: { severity: string; code: string }) => `${d.severity} ${d.code}`);

const hasMkfifo = (() => {
  try {
    execFileSync("mkfifo", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

describe("project code runs only in a folder the user trusted", () => {
  test("roster.config.mjs: never run untrusted or with --no-project; runs after roster trust; a change needs trusting again", () => {
    const config = join(repo, "roster.config.mjs");
    write(config, markerModule());

    const untrusted = roster(["list"]);
    expect(untrusted.code).toBe(0);
    expect(existsSync(marker)).toBe(false);
    expect(untrusted.stderr).toContain(`roster trust ${repo}`);
    expect(json(roster(["list", "--json"])).diagnostics).toContainEqual(
      expect.objectContaining({ severity: "info", code: "config/untrusted-code", filePath: config }),
    );

    const noProject = roster(["list", "--no-project"]);
    expect(noProject.code).toBe(0);
    expect(noProject.stderr).toBe("");
    expect(existsSync(marker)).toBe(false);

    const trust = roster(["trust"]);
    expect(trust.code).toBe(0);
    expect(trust.stdout).toContain(repo);
    // Trusting loads the config once, under the code guard, to note every file it loads (issue 49).
    expect(existsSync(marker), "roster trust loads the config it trusts, once").toBe(true);
    rmSync(marker);
    expect(existsSync(join(home, ".config/roster/trusted.json"))).toBe(true);

    expect(roster(["list"]).code).toBe(0);
    expect(existsSync(marker)).toBe(true);
    rmSync(marker);
    expect(roster(["list", "--no-project"]).code).toBe(0);
    expect(existsSync(marker), "--no-project skips even a trusted project's config").toBe(false);

    // A changed config is a different config: not run until trusted again.
    appendFileSync(config, "// one more line\n");
    const stale = roster(["list", "--json"]);
    expect(existsSync(marker)).toBe(false);
    expect(codes(stale)).toContain("warning config/trust-stale");
    expect(json(roster(["trust", "--list", "--json"])).trusted).toEqual([
      expect.objectContaining({ folder: repo, configFile: "roster.config.mjs", status: "changed" }),
    ]);
    expect(roster(["trust", repo]).code).toBe(0);
    rmSync(marker);
    roster(["list"]);
    expect(existsSync(marker)).toBe(true);
    rmSync(marker);

    expect(roster(["trust", "--revoke"]).code).toBe(0);
    roster(["list"]);
    expect(existsSync(marker)).toBe(false);
    expect(json(roster(["trust", "--list", "--json"])).trusted).toEqual([]);
    const again = roster(["trust", "--revoke"]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("is not trusted");
  });

  test("trust is recorded per real folder: a copy with the same config is not trusted; a symlinked path is its real folder", () => {
    write(join(repo, "roster.config.mjs"), markerModule());
    symlinkSync(repo, join(work, "link"));
    expect(roster(["trust", join(work, "link")]).code).toBe(0);
    expect(json(roster(["trust", "--list", "--json"])).trusted).toEqual([
      expect.objectContaining({ folder: repo, status: "current" }),
    ]);
    roster(["list"], { cwd: join(work, "link") });
    expect(existsSync(marker)).toBe(true);
    rmSync(marker);

    cpSync(repo, join(work, "copy"), { recursive: true });
    roster(["list"], { cwd: join(work, "copy") });
    expect(existsSync(marker)).toBe(false);

    // The trust store follows XDG_CONFIG_HOME: another store knows nothing of this folder.
    roster(["list"], { env: { XDG_CONFIG_HOME: join(work, "xdg") } });
    expect(existsSync(marker)).toBe(false);
  });

  test("a project JSON config's providers, hosts and model overrides are code: skipped until trusted", () => {
    write(join(repo, "evil.mjs"), markerModule('export default { id: "evil", locate: () => [] };'));
    const viaData = `data:text/javascript,import("node:fs").then((f) => f.writeFileSync(${JSON.stringify(marker)}, "ran"))`;
    write(
      join(repo, "roster.config.json"),
      JSON.stringify({
        providers: ["./evil.mjs", viaData],
        hosts: { claude: { command: "./evil.sh" } },
        agentModelOverrides: { explore: "attacker-model" },
      }),
    );
    const r = roster(["list", "--json"]);
    expect(r.code).toBe(0);
    expect(existsSync(marker)).toBe(false);
    const info = json(r).diagnostics.filter((d: { code: string }) => d.code === "config/untrusted-code");
    expect(info).toHaveLength(1);
    expect(info[0]).toMatchObject({ severity: "info", filePath: join(repo, "roster.config.json") });
    for (const key of ["providers", "hosts", "agentModelOverrides"]) expect(info[0].message).toContain(key);
    expect(info[0].message).toContain(`roster trust ${repo}`);
    const dry = json(roster(["run", "explore", "--task", "x", "--dry-run", "--runner", "unused", "--json"]));
    expect(JSON.stringify(dry.invocations[0].model ?? null)).not.toContain("attacker-model");

    // Trusted, the same config runs: the data: URL is then refused with a clear error.
    expect(roster(["trust"]).code).toBe(0);
    const trusted = roster(["list"]);
    expect(trusted.code).toBe(2);
    expect(trusted.stderr).toContain('provider "data:text/javascript,');
    expect(trusted.stderr).toContain("a URL (data:) is not allowed");
    expect(existsSync(marker), "no provider module is imported before every specifier is checked").toBe(
      false,
    );
  });

  test("trust hashes the code a config names: a provider module, its import, a host script, an .mjs config's import (issue 27)", () => {
    write(
      join(repo, "prov.mjs"),
      `import "./helper.mjs";\n${markerModule('export default { id: "prov", locate: () => [] };')}`,
    );
    write(join(repo, "helper.mjs"), "export const x = 1;\n");
    write(join(repo, "bin/claude"), "#!/bin/sh\n");
    write(
      join(repo, "roster.config.json"),
      JSON.stringify({ providers: ["./prov.mjs"], hosts: { claude: { command: "./bin/claude" } } }),
    );
    const trusted = json(roster(["trust", "--json"])).trusted;
    expect(Object.keys(trusted.files).sort()).toEqual(["bin/claude", "helper.mjs", "prov.mjs"]);
    rmSync(marker, { force: true });
    expect(roster(["list"]).code).toBe(0);
    expect(existsSync(marker)).toBe(true);
    for (const file of ["prov.mjs", "helper.mjs", "bin/claude"]) {
      rmSync(marker);
      appendFileSync(join(repo, file), "// after a git pull\n");
      const stale = roster(["list", "--json"]);
      expect(existsSync(marker), `${file} changed: nothing of the config runs`).toBe(false);
      const warning = json(stale).diagnostics.find((d: { code: string }) => d.code === "config/trust-stale");
      expect(warning.message).toContain(`${file}, code this config runs, changed after you trusted ${repo}`);
      expect(json(roster(["trust", "--list", "--json"])).trusted[0].status).toBe("changed");
      expect(roster(["trust"]).code).toBe(0);
      rmSync(marker, { force: true });
      roster(["list"]);
      expect(existsSync(marker)).toBe(true);
    }

    // An .mjs config: its relative imports are hashed (nothing runs while trusting).
    rmSync(join(repo, "roster.config.json"));
    rmSync(marker);
    write(join(repo, "roster.config.mjs"), 'import "./lib/setup.mjs";\nexport default {};\n');
    write(join(repo, "lib/setup.mjs"), markerModule());
    expect(Object.keys(json(roster(["trust", "--json"])).trusted.files)).toEqual(["lib/setup.mjs"]);
    rmSync(marker, { force: true });
    roster(["list"]);
    expect(existsSync(marker)).toBe(true);
    rmSync(marker);
    appendFileSync(join(repo, "lib/setup.mjs"), "// changed\n");
    expect(codes(roster(["list", "--json"]))).toContain("warning config/trust-stale");
    expect(existsSync(marker)).toBe(false);
  });

  describe("trust covers every file of code Node loads for the config (issue 49)", () => {
    /** CommonJS text that writes `what` into the marker when it runs. */
    const cjsMarker = (what: string, extra = "") =>
      `require("node:fs").appendFileSync(${JSON.stringify(marker)}, ${JSON.stringify(`${what}\n`)});\n${extra}\n`;
    const ran = () => (existsSync(marker) ? readFileSync(marker, "utf8").trim().split("\n") : []);
    const stale = (r: { stdout: string }) =>
      json(r).diagnostics.find((d: { code: string }) => d.code === "config/trust-stale")?.message as
        | string
        | undefined;
    const providerNames = (r: { stdout: string }) =>
      [...new Set(json(r).agents.map((a: { provider: string }) => a.provider))].sort();
    /** A provider module of the project: ESM, loading a CommonJS file with require, a package and a file outside the project. */
    const setUp = () => {
      write(
        join(repo, "prov.mjs"),
        [
          'import { createRequire } from "node:module";',
          'import "helper-pkg";',
          "const require = createRequire(import.meta.url);",
          'require("./lib/required.cjs");',
          'export default { id: "prov", locate: (ctx) => [{ dir: ctx.cwd + "/.prov/agents", scope: "project" }] };',
        ].join("\n"),
      );
      write(join(repo, "lib/required.cjs"), cjsMarker("required"));
      write(
        join(repo, "node_modules/helper-pkg/package.json"),
        JSON.stringify({ name: "helper-pkg", main: "main.js" }),
      );
      write(
        join(repo, "node_modules/helper-pkg/main.js"),
        cjsMarker("package", 'module.exports = require("./more.js");'),
      );
      write(join(repo, "node_modules/helper-pkg/more.js"), "module.exports = 1;\n");
      write(
        join(work, "outside.cjs"),
        cjsMarker("outside", 'module.exports = { id: "outside", locate: () => [] };'),
      );
      write(join(repo, ".prov/agents/pa.md"), agentFile("pa", "from the provider"));
      write(
        join(repo, "roster.config.json"),
        JSON.stringify({ providers: ["./prov.mjs", "../outside.cjs"] }),
      );
      const trusted = json(roster(["trust", "--json"])).trusted;
      rmSync(marker, { force: true });
      return Object.keys(trusted.files).sort();
    };

    test("unchanged: every file loads, the provider's agents are listed", () => {
      expect(setUp()).toEqual([
        "../outside.cjs",
        "lib/required.cjs",
        "node_modules/helper-pkg/main.js",
        "node_modules/helper-pkg/more.js",
        "prov.mjs",
      ]);
      const r = roster(["list", "--json"]);
      expect(json(r).diagnostics).toEqual([]);
      expect(ran().sort()).toEqual(["outside", "package", "required"]);
      expect(providerNames(r)).toContain("prov");
    });

    test.each([
      ["a file the provider require()s", "lib/required.cjs"],
      ["a file of a package in the project's node_modules", "node_modules/helper-pkg/more.js"],
      ["a provider outside the project (../outside.cjs)", "../outside.cjs"],
    ])("%s changed: nothing of the config runs until roster trust", (_what, file) => {
      setUp();
      appendFileSync(join(repo, file), cjsMarker("changed"));
      const r = roster(["list", "--json"]);
      expect(r.code).toBe(0);
      expect(ran(), "no file of the project's code ran").toEqual([]);
      expect(stale(r)).toContain(`${file}, code this config runs, changed after you trusted ${repo}`);
      expect(providerNames(r)).not.toContain("prov");
      expect(json(roster(["trust", "--list", "--json"])).trusted[0].status).toBe("changed");
      expect(roster(["trust"]).code).toBe(0);
      rmSync(marker, { force: true });
      roster(["list"]);
      expect(ran()).toContain("changed");
    });

    test("a new file loaded (a package's main moved to a file not trusted) is refused, naming it; roster trust lifts it", () => {
      setUp();
      write(join(repo, "node_modules/helper-pkg/other.js"), cjsMarker("new file"));
      write(
        join(repo, "node_modules/helper-pkg/package.json"),
        JSON.stringify({ name: "helper-pkg", main: "other.js" }),
      );
      const r = roster(["list", "--json"]);
      expect(r.code).toBe(0);
      expect(ran()).not.toContain("new file");
      expect(stale(r)).toContain(join(repo, "node_modules/helper-pkg/other.js"));
      expect(stale(r)).toContain("not among the files you trusted");
      expect(stale(r)).toContain(`roster trust ${repo}`);
      expect(providerNames(r)).not.toContain("prov");
      expect(json(r).agents.map((a: { name: string }) => a.name)).not.toContain("pa");
      expect(roster(["trust"]).code).toBe(0);
      rmSync(marker, { force: true });
      const again = roster(["list", "--json"]);
      expect(json(again).diagnostics).toEqual([]);
      expect(ran()).toContain("new file");
    });

    test("a file loaded later by a computed name (in locate) that is new is refused there, naming it", () => {
      write(
        join(repo, "lazy.mjs"),
        [
          'import { createRequire } from "node:module";',
          "const require = createRequire(import.meta.url);",
          'export default { id: "lazy", locate: () => { require("./parts/" + process.env.ROSTER_TEST_PART + ".cjs"); return []; } };',
        ].join("\n"),
      );
      write(join(repo, "parts/a.cjs"), cjsMarker("a"));
      write(join(repo, "parts/b.cjs"), cjsMarker("b"));
      write(join(repo, "roster.config.json"), JSON.stringify({ providers: ["./lazy.mjs"] }));
      expect(roster(["trust"], { env: { ROSTER_TEST_PART: "a" } }).code).toBe(0);
      const r = roster(["list", "--json", "--no-cache"], { env: { ROSTER_TEST_PART: "b" } });
      expect(ran()).not.toContain("b");
      const failed = json(r).diagnostics.find((d: { code: string }) => d.code === "provider/locate-failed");
      expect(failed.message).toContain(join(repo, "parts/b.cjs"));
      expect(failed.message).toContain(`roster trust ${repo}`);
    });
  });

  test("the third-party team example: named in a project config it loads after roster trust", () => {
    write(join(repo, ".agents/agents/cur.md"), agentFile("cur", "from the team folder"));
    write(join(repo, "roster.config.json"), JSON.stringify({ providers: [relative(repo, teamExample)] }));
    const before = json(roster(["list", "--json"]));
    expect(before.agents.map((a: { name: string }) => a.name)).not.toContain("cur");
    expect(roster(["trust"]).code).toBe(0);
    const after = json(roster(["list", "--json"]));
    expect(after.agents).toContainEqual(expect.objectContaining({ name: "cur", provider: "team" }));
    expect(after.diagnostics).toEqual([]);
  });
});

test("a package name in a trusted config resolves from the config's folder (an ESM-only package too)", () => {
  const pkg = join(repo, "node_modules/@acme/roster-source");
  write(
    join(pkg, "package.json"),
    JSON.stringify({
      name: "@acme/roster-source",
      type: "module",
      exports: { ".": { import: "./index.js" } },
    }),
  );
  write(
    join(pkg, "index.js"),
    'import { join } from "node:path";\nexport const acme = { id: "acme", locate: (ctx) => [{ dir: join(ctx.cwd, ".acme/agents"), scope: "project" }] };\n',
  );
  write(join(repo, ".acme/agents/ac.md"), agentFile("ac", "from acme"));
  write(join(repo, "roster.config.json"), JSON.stringify({ providers: ["@acme/roster-source"] }));
  expect(roster(["trust"]).code).toBe(0);
  const out = json(roster(["list", "--json"]));
  expect(out.agents).toContainEqual(expect.objectContaining({ name: "ac", provider: "acme" }));
  write(join(repo, "roster.config.json"), JSON.stringify({ providers: ["@acme/missing"] }));
  expect(roster(["trust"]).code).toBe(0);
  const missing = roster(["list"]);
  expect(missing.code).toBe(2);
  expect(missing.stderr).toContain('cannot load provider "@acme/missing"');
});

describe("a project config is data that may only tighten", () => {
  test("maxRecursionDepth: -1 and maxConcurrency: 100000 are refused; trustProject and defaultHost are the user's", () => {
    write(join(repo, ".claude/agents/mine.md"), agentFile("mine", "project agent"));
    write(
      join(repo, "roster.config.json"),
      JSON.stringify({
        maxRecursionDepth: -1,
        maxConcurrency: 100000,
        trustProject: false,
        defaultHost: "codex",
      }),
    );
    const list = roster(["list", "--json"]);
    expect(list.code).toBe(0);
    expect(codes(list)).toEqual([
      "warning config/limit-not-tightened",
      "warning config/limit-not-tightened",
      "warning config/user-only-key",
    ]);
    const messages = json(list)
      .diagnostics.map((d: { message: string }) => d.message)
      .join("\n");
    expect(messages).toContain("maxRecursionDepth");
    expect(messages).toContain("maxConcurrency");
    expect(messages).toContain("trustProject");
    expect(messages).toContain("defaultHost");
    // trustProject: false from the project is ignored: its own agents still load.
    expect(json(list).agents.map((a: { name: string }) => a.name)).toContain("mine");
    // At depth 1 the default limit (2) still holds: the child may spawn nothing.
    const dry = json(
      roster(["run", "task", "--task", "x", "--dry-run", "--runner", "unused", "--json"], {
        env: { ROSTER_TASK_DEPTH: "1" },
      }),
    );
    expect(dry.invocations[0].spawns).toBe("");
  });

  test("an unknown key or a bad value is a diagnostic; every command goes on with the rest of the config (issue 49)", () => {
    write(join(repo, ".claude/agents/mine.md"), agentFile("mine", "project agent"));
    write(
      join(repo, "roster.config.json"),
      JSON.stringify({ disabledAgents: ["plan"], colour: "red", maxConcurrency: "many" }),
    );
    const list = roster(["list", "--json"]);
    expect(list.code).toBe(0);
    expect(codes(list)).toEqual(["warning config/invalid", "warning config/invalid"]);
    expect(json(list).agents.map((a: { name: string }) => a.name)).toContain("mine");
    const plain = roster(["list"]);
    expect(plain.code).toBe(0);
    expect(plain.stderr).toContain('unknown key "colour"');
    expect(plain.stdout).toContain("mine");
    // disabledAgents, the key that holds, still applies.
    const plan = roster(["run", "plan", "--task", "x", "--dry-run", "--runner", "unused"]);
    expect(plan.code).toBe(1);
    expect(plan.stderr).toMatch(/Agent "plan" is disabled in settings/);
    expect(roster(["doctor", "--json"]).code).not.toBe(2);
  });

  test("a lower limit and disabledAgents apply, from the git root down", () => {
    write(
      join(repo, "roster.config.json"),
      JSON.stringify({ maxRecursionDepth: 1, disabledAgents: ["plan"] }),
    );
    mkdirSync(join(repo, "src"));
    const dry = json(
      roster(["run", "task", "--task", "x", "--dry-run", "--runner", "unused", "--json"], {
        cwd: join(repo, "src"),
      }),
    );
    expect(dry.invocations[0].spawns).toBe("");
    const plan = roster(["run", "plan", "--task", "x", "--dry-run", "--runner", "unused"], {
      cwd: join(repo, "src"),
    });
    expect(plan.code).toBe(1);
    expect(plan.stderr).toMatch(/Agent "plan" is disabled in settings/);
  });

  test("a config above the git root, at or above home, or in a parent temp folder is never looked at", () => {
    // Above the git root, even when that folder is trusted.
    write(join(work, "roster.config.mjs"), markerModule());
    expect(roster(["trust", work], { cwd: work }).code).toBe(0);
    rmSync(marker, { force: true });
    roster(["list"]);
    expect(existsSync(marker)).toBe(false);
    rmSync(join(work, "roster.config.mjs"));

    // No git root and no home on the way up: only the cwd itself.
    write(join(work, "roster.config.json"), JSON.stringify({ disabledAgents: ["plan"] }));
    mkdirSync(join(work, "plain/sub"), { recursive: true });
    expect(
      roster(["run", "plan", "--task", "x", "--dry-run", "--runner", "unused"], {
        cwd: join(work, "plain/sub"),
      }).code,
    ).toBe(0);

    // Inside home: up to home, not home itself.
    write(join(home, "roster.config.json"), JSON.stringify({ disabledAgents: ["plan"] }));
    write(join(home, "proj/roster.config.json"), JSON.stringify({ disabledAgents: ["explore"] }));
    mkdirSync(join(home, "proj/sub"));
    const cwd = join(home, "proj/sub");
    expect(roster(["run", "plan", "--task", "x", "--dry-run", "--runner", "unused"], { cwd }).code).toBe(0);
    expect(roster(["run", "explore", "--task", "x", "--dry-run", "--runner", "unused"], { cwd }).code).toBe(
      1,
    );
  });
});

describe("the user's config and --config", () => {
  const userDir = () => join(home, ".config/roster");

  test("~/.config/roster/config.mjs is the user's own code and runs; config.json may name the team example", () => {
    write(join(userDir(), "config.mjs"), markerModule());
    expect(roster(["list"]).code).toBe(0);
    expect(existsSync(marker)).toBe(true);
    rmSync(join(userDir(), "config.mjs"));

    write(join(repo, ".agents/agents/cur.md"), agentFile("cur", "from the team folder"));
    write(join(userDir(), "config.json"), JSON.stringify({ providers: [teamExample] }));
    const out = json(roster(["list", "--json"]));
    expect(out.agents).toContainEqual(expect.objectContaining({ name: "cur", provider: "team" }));
  });

  test("XDG_CONFIG_HOME moves the user config; trustProject: false there skips project data", () => {
    write(join(repo, ".claude/agents/mine.md"), agentFile("mine"));
    write(join(work, "xdg/roster/config.json"), JSON.stringify({ trustProject: false }));
    const names = (r: { stdout: string }) => json(r).agents.map((a: { name: string }) => a.name);
    expect(names(roster(["list", "--json"]))).toContain("mine");
    expect(names(roster(["list", "--json"], { env: { XDG_CONFIG_HOME: join(work, "xdg") } }))).not.toContain(
      "mine",
    );
  });

  test("--config FILE is trusted like the user config: its code runs and it may set trustProject", () => {
    write(join(repo, ".claude/agents/mine.md"), agentFile("mine"));
    write(join(work, "team.mjs"), markerModule("export default { trustProject: false };"));
    const r = roster(["--config", join(work, "team.mjs"), "list", "--json"]);
    expect(r.code).toBe(0);
    expect(existsSync(marker)).toBe(true);
    expect(json(r).agents.map((a: { name: string }) => a.name)).not.toContain("mine");
  });

  test.each([
    ["data:text/javascript,export default {}", "data:"],
    ["node:fs", "node:"],
    ["http://example.com/provider.mjs", "http:"],
    ["file:///tmp/provider.mjs", "file:"],
  ])("a provider given as a URL (%s) is refused with a clear error", (specifier, scheme) => {
    write(join(userDir(), "config.json"), JSON.stringify({ providers: [specifier] }));
    const r = roster(["list"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`a URL (${scheme}) is not allowed`);
    expect(r.stderr).toContain(join(userDir(), "config.json"));
  });
});

describe.skipIf(!hasMkfifo)("config files are read through the bounded reader", () => {
  test("a project roster.config.json that is a FIFO or a link to /dev/zero: not read, a diagnostic naming it; the rest goes on (issue 49)", () => {
    write(join(repo, ".claude/agents/mine.md"), agentFile("mine", "project agent"));
    const config = join(repo, "roster.config.json");
    execFileSync("mkfifo", [config]);
    const fifo = roster(["list", "--json"]);
    expect(fifo.signal).toBeNull();
    expect(fifo.code).toBe(0);
    const warning = json(fifo).diagnostics.find((d: { code: string }) => d.code === "config/invalid");
    expect(warning).toMatchObject({ severity: "warning", filePath: config });
    expect(warning.message).toContain("FIFO");
    expect(json(fifo).agents.map((a: { name: string }) => a.name)).toContain("mine");
    rmSync(config);
    symlinkSync("/dev/zero", config);
    const zero = roster(["list"]);
    expect(zero.signal).toBeNull();
    expect(zero.code).toBe(0);
    expect(zero.stderr).toContain("device");
    expect(zero.stdout).toContain("mine");
  });

  test("a user config that is a FIFO fails fast; an untrusted roster.config.mjs FIFO is never opened", () => {
    mkdirSync(join(home, ".config/roster"), { recursive: true });
    execFileSync("mkfifo", [join(home, ".config/roster/config.json")]);
    const user = roster(["list"]);
    expect(user.signal).toBeNull();
    expect(user.code).toBe(2);
    expect(user.stderr).toContain("config.json");
    rmSync(join(home, ".config/roster/config.json"));

    execFileSync("mkfifo", [join(repo, "roster.config.mjs")]);
    const project = roster(["list", "--json"]);
    expect(project.signal).toBeNull();
    expect(project.code).toBe(0);
    expect(codes(project)).toContain("info config/untrusted-code");
    // roster trust hashes it through the bounded reader: refused, not hung.
    const trust = roster(["trust"]);
    expect(trust.signal).toBeNull();
    expect(trust.code).toBe(2);
    expect(trust.stderr).toContain("FIFO");
  });
});

describe("roster trust itself", () => {
  test("a trust store that is a symbolic link is never written through or replaced: a usage error names it", () => {
    write(join(repo, "roster.config.json"), "{}\n");
    const elsewhere = join(work, "dotfiles-trusted.json");
    write(elsewhere, '{ "trusted": [] }\n');
    const store = join(home, ".config", "roster", "trusted.json");
    mkdirSync(dirname(store), { recursive: true });
    symlinkSync(elsewhere, store);
    const trust = roster(["trust"]);
    expect(trust.code).toBe(2);
    expect(trust.stderr).toContain("trusted.json is a symbolic link; roster never writes through one");
    expect(readFileSync(elsewhere, "utf8")).toBe('{ "trusted": [] }\n');
    expect(lstatSync(store).isSymbolicLink()).toBe(true);
  });

  test("a folder without a config is trusted as its git root; a config added later needs trusting again", () => {
    expect(json(roster(["trust", "--list", "--json"]))).toEqual({ schemaVersion: 2, trusted: [] });
    mkdirSync(join(repo, "src"));
    const r = roster(["trust"], { cwd: join(repo, "src") });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`Trusted ${repo} (it has no roster config).`);
    expect(json(roster(["trust", "--list", "--json"])).trusted).toEqual([
      expect.objectContaining({ folder: repo, configFile: null, sha256: null, status: "current" }),
    ]);
    write(join(repo, "roster.config.mjs"), markerModule());
    const stale = roster(["list", "--json"]);
    expect(existsSync(marker)).toBe(false);
    expect(codes(stale)).toContain("warning config/trust-stale");
    expect(json(roster(["trust", "--list", "--json"])).trusted[0].status).toBe("changed");
    for (const typo of [join(work, "nowhere"), join(repo, "sr")]) {
      const missing = roster(["trust", typo]);
      expect(missing.code, "a typo never trusts the project above it").toBe(2);
      expect(missing.stderr).toContain("is not a folder");
    }
  });

  test("doctor shows a project settings.local.json that re-enables a plugin the user switched off", () => {
    const plugin = join(work, "plugins/a");
    write(join(plugin, "agents/alpha.md"), agentFile("alpha"));
    write(
      join(home, ".claude/plugins/installed_plugins.json"),
      JSON.stringify({ version: 2, plugins: { "a@m": [{ scope: "user", installPath: plugin }] } }),
    );
    write(join(home, ".claude/settings.json"), JSON.stringify({ enabledPlugins: { "a@m": false } }));
    write(join(repo, ".claude/settings.local.json"), JSON.stringify({ enabledPlugins: { "a@m": true } }));
    const r = roster(["doctor", "--json"]);
    expect(json(r).diagnostics).toContainEqual(
      expect.objectContaining({
        severity: "warning",
        code: "plugins/project-reenables",
        filePath: join(repo, ".claude/settings.local.json"),
      }),
    );
  });
});
