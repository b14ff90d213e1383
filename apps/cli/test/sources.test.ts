// roster add, install, update, outdated, remove and sources (SPEC §20), end to end through the
// BUILT binary, against bare repositories served by file:// (new commits pushed between
// steps). No test reaches the network: git runs with no user or system config.
import { spawnSync } from "node:child_process";
import {
  chmodSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { agentFile, createGitRemote, type GitRemote, hermeticGitEnv, writeTree } from "@roster/testkit";
import { afterEach, beforeEach, describe, expect, test } from "vitest";

const bin = fileURLToPath(new URL("../dist/roster.js", import.meta.url));
let root: string;
let remote: GitRemote;
const project = () => join(root, "project");
const home = () => join(root, "home");

function roster(args: string[], options: { cwd?: string; env?: Record<string, string> } = {}) {
  const result = spawnSync(
    process.execPath,
    [bin, "--home", home(), "--cwd", options.cwd ?? project(), ...args],
    {
      env: { ...hermeticGitEnv(join(root, "git-home")), ROSTER_NO_CACHE: "1", ...options.env },
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}
const json = (args: string[], options: Parameters<typeof roster>[1] = {}) => {
  const r = roster(["--json", ...args], options);
  return { ...r, value: JSON.parse(r.stdout) };
};

/** Every file below `dir` (links as links), path → bytes: a whole tree's state. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      const rel = relative(dir, path);
      if (entry.isSymbolicLink()) out[rel] = `-> ${readFileSync(path, "utf8").length}`;
      else if (entry.isDirectory()) {
        out[`${rel}/`] = "";
        walk(path);
      } else out[rel] = readFileSync(path, "base64");
    }
  };
  walk(dir);
  return out;
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "roster-sources-"));
  writeTree(root, {
    "home/.keep": "",
    "project/.git/HEAD": "ref: refs/heads/main\n",
    "project/.claude/settings.json": "{}",
  });
  remote = createGitRemote(root, "team", {
    ".claude/agents/reviewer.md": agentFile("reviewer", "Reviews code", "tools: Read, Grep"),
    ".claude/agents/planner.md": agentFile("planner", "Plans work"),
    "skills/deploy/SKILL.md": "---\nname: deploy\ndescription: Deploys\n---\nDeploy it.\n",
    ".claude/commands/ship.md": "---\ndescription: Ships\n---\nShip $ARGUMENTS\n",
  });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("roster add", () => {
  test("writes agents, skills and commands for the tools the project uses; declares and pins them", () => {
    const r = roster(["add", remote.url]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^claude: 2 of 2 · claude skills: 1 of 1$/m);
    expect(readdirSync(join(project(), ".claude/agents")).sort()).toEqual(["planner.md", "reviewer.md"]);
    expect(readFileSync(join(project(), ".claude/skills/deploy/SKILL.md"), "utf8")).toBe(
      "---\nname: deploy\ndescription: Deploys\n---\nDeploy it.\n",
    );
    expect(readFileSync(join(project(), ".claude/commands/ship.md"), "utf8")).toBe(
      "---\ndescription: Ships\n---\nShip $ARGUMENTS\n",
    );
    expect(
      JSON.parse(readFileSync(join(project(), ".claude/commands/.roster-sync.json"), "utf8")).files,
    ).toEqual(["ship.md"]);
    const config = JSON.parse(readFileSync(join(project(), "roster.config.json"), "utf8"));
    expect(config).toEqual({ sources: [{ url: remote.url, to: ["claude"] }] });
    const lock = JSON.parse(readFileSync(join(project(), "roster.lock"), "utf8"));
    expect(lock).toMatchObject({ schemaVersion: 1, sources: [{ url: remote.url, commit: remote.head() }] });
    expect(lock.sources[0].files.map((f: { path: string; kind: string }) => `${f.kind} ${f.path}`)).toEqual([
      "agent .claude/agents/planner.md",
      "agent .claude/agents/reviewer.md",
      "command .claude/commands/ship.md",
      "skill .claude/skills/deploy/SKILL.md",
    ]);
    // With no argument, add lists what is declared and locked (as `roster sources` does).
    expect(roster(["add"]).stdout).toBe(roster(["sources"]).stdout);
    expect(json(["sources"]).value.sources).toEqual([
      { url: remote.url, to: ["claude"], commit: remote.head(), files: 4, state: "locked", accepted: 0 },
    ]);
  });

  test("the per-tool summary agrees with list --as TOOL for every target", () => {
    remote.push({
      ".claude/agents/helper.md": agentFile("helper", "Uses a Claude-only tool list", "tools: Read, Bash"),
      ".claude/agents/bad.md": agentFile("bad", "Colour opencode refuses", "color: ultraviolet"),
    });
    const tools = ["claude", "opencode", "gemini", "copilot", "codex"];
    const added = json(["add", remote.url, "--to", tools.join(",")]);
    expect(added.code).toBe(0);
    const lock = JSON.parse(readFileSync(join(project(), "roster.lock"), "utf8"));
    for (const summary of added.value.tools.filter((t: { kind: string }) => t.kind === "agent")) {
      const listed = json(["list", "--as", summary.tool]).value.agents as Array<{
        name: string;
        filePath?: string;
      }>;
      const written = lock.sources[0].files
        .filter((f: { tool: string; kind: string }) => f.tool === summary.tool && f.kind === "agent")
        .map((f: { path: string; name: string }) => ({ name: f.name, path: join(project(), f.path) }));
      const loaded = written.filter((w: { path: string }) => listed.some((a) => a.filePath === w.path));
      expect({ tool: summary.tool, loaded: summary.loaded }).toEqual({
        tool: summary.tool,
        loaded: loaded.length,
      });
      for (const miss of summary.notLoaded)
        expect(
          listed.some((a) =>
            written.some(
              (w: { name: string; path: string }) => w.name === miss.name && a.filePath === w.path,
            ),
          ),
        ).toBe(false);
    }
  });

  test("a raising definition is held back without --yes (exit 1); --yes writes it and the lock keeps the finding", () => {
    remote.push({
      ".claude/agents/bypass.md": agentFile("bypass", "Does all", "permissionMode: bypassPermissions"),
      ".claude/agents/hooked.md": agentFile("hooked", "Hooks", "hooks:\n  Stop: []"),
    });
    const held = roster(["add", remote.url]);
    expect(held.code).toBe(1);
    expect(held.stdout).toMatch(
      /raising audit\/raises-permission agent bypass .*held back \(--yes writes it\)/,
    );
    expect(held.stdout).toMatch(/raising audit\/hooks agent hooked/);
    expect(existsSync(join(project(), ".claude/agents/bypass.md"))).toBe(false);
    const asJson = json(["add", remote.url]);
    expect(
      asJson.value.sources[0].findings.map((f: { code: string; name: string }) => `${f.code} ${f.name}`),
    ).toEqual(["audit/raises-permission bypass", "audit/hooks hooked"]);
    const yes = roster(["add", remote.url, "--yes"]);
    expect(yes.code).toBe(0);
    expect(readFileSync(join(project(), ".claude/agents/bypass.md"), "utf8")).toMatch(
      /permissionMode: bypassPermissions/,
    );
    const lock = JSON.parse(readFileSync(join(project(), "roster.lock"), "utf8"));
    expect(
      lock.sources[0].accepted.map((a: { code: string; name: string }) => `${a.code} ${a.name}`),
    ).toEqual(["audit/raises-permission bypass", "audit/hooks hooked"]);
  });

  test("a link in a source never becomes a file outside the tool folders, and is held back without --yes", () => {
    writeFileSync(join(root, "secret.md"), agentFile("secret", "Outside the source"));
    remote.push({
      ".claude/agents/outside.md": { symlink: join(root, "secret.md") },
      "shared/linked.md": agentFile("linked", "Reached through a link"),
      ".claude/agents/linked.md": { symlink: "../../shared/linked.md" },
      ".claude/agents/escape": { symlink: "/" },
    });
    const held = roster(["add", remote.url]);
    expect(held.stdout).toMatch(/raising audit\/link agent linked/);
    const yes = roster(["add", remote.url, "--yes"]);
    expect(yes.code).toBe(0);
    const agents = join(project(), ".claude/agents");
    expect(readdirSync(agents).sort()).toEqual(["linked.md", "planner.md", "reviewer.md"]);
    expect(lstatSync(join(agents, "linked.md")).isFile()).toBe(true);
    expect(existsSync(join(root, "secret.md"))).toBe(true);
    const lock = JSON.parse(readFileSync(join(project(), "roster.lock"), "utf8"));
    for (const f of lock.sources[0].files) expect(f.path.startsWith(".claude/")).toBe(true);
  });

  test("a failed add leaves the tools' folders, the config and the lock exactly as they were", () => {
    expect(roster(["add", remote.url]).code).toBe(0);
    const other = createGitRemote(root, "other", { ".claude/agents/extra.md": agentFile("extra", "Extra") });
    // The lock is replaced by a link to a copy of itself: read through, never written through.
    cpSync(join(project(), "roster.lock"), join(root, "lock-copy"));
    rmSync(join(project(), "roster.lock"));
    symlinkSync(join(root, "lock-copy"), join(project(), "roster.lock"));
    const before = snapshot(project());
    const r = roster(["add", other.url]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /^roster: cannot write .*roster\.lock: .*symbolic link.*; nothing was changed\n$/,
    );
    expect(snapshot(project())).toEqual(before);
  });

  test("bad input: one line naming the source and the fix (exit 1); a malformed source is a usage error (exit 2)", () => {
    // A --path out of the repository is a usage error, refused before git runs.
    const outside = roster(["add", remote.url, "--path", "../x"]);
    expect(outside.code).toBe(2);
    expect(outside.stderr).toMatch(/--path "\.\.\/x" must be a folder inside the repository/);
    expect(existsSync(join(home(), ".cache/roster/sources"))).toBe(false);
    const missing = roster(["add", join(root, "nowhere.git")]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^roster: cannot reach .*nowhere\.git: .*check the URL/);
    expect(missing.stderr.split("\n").filter(Boolean)).toHaveLength(1);
    const noRef = roster(["add", `${remote.url}#nope`]);
    expect(noRef.code).toBe(1);
    expect(noRef.stderr).toMatch(/has no branch or tag named "nope": give one that exists/);
    const empty = createGitRemote(root, "docs", { "README.md": "# Docs\n" });
    expect(roster(["add", empty.url]).stderr).toMatch(/holds no agent, skill or command roster recognises/);
    const usage = roster(["add", "ext::sh -c touch% /tmp/x"]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/git transport roster does not use/);
    expect(roster(["add", remote.url, "--to", "vim"]).code).toBe(2);
    const typo = roster(["add", remote.url, "--to", "cluade"]);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toMatch(/"cluade" is not one of them \(--to\): did you mean claude\?/);
    const noGit = roster(["add", remote.url], { env: { PATH: join(root, "empty-path") } });
    expect(noGit.code).toBe(1);
    expect(noGit.stderr).toMatch(/no "git" was found on the PATH: install git/);
    expect(existsSync(join(project(), "roster.config.json"))).toBe(false);
  });

  test("a git that hangs is stopped at ROSTER_GIT_TIMEOUT", () => {
    const fake = join(root, "slow-bin");
    mkdirSync(fake);
    writeFileSync(join(fake, "git"), "#!/bin/sh\nsleep 60\n");
    chmodSync(join(fake, "git"), 0o755);
    const r = roster(["add", remote.url], {
      env: { PATH: `${fake}:${process.env.PATH}`, ROSTER_GIT_TIMEOUT: "0.5" },
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/git ls-remote took longer than \d+ s and was stopped/);
  });
  test("git started ahead for an add that is then refused is stopped when roster exits: none is left running", () => {
    const fake = join(root, "slow-bin");
    const pids = join(root, "git-pids");
    mkdirSync(fake);
    writeFileSync(join(fake, "git"), `#!/bin/sh\necho $$ >> "${pids}"\nexec sleep 60\n`);
    chmodSync(join(fake, "git"), 0o755);
    const r = roster(["add", remote.url, "--to", "nosuchtool"], {
      env: { PATH: `${fake}:${process.env.PATH}` },
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/nosuchtool/);
    // The add started git (ls-remote, init) before the app refused --to.
    const started = readFileSync(pids, "utf8").trim().split("\n").map(Number);
    expect(started.length).toBeGreaterThan(0);
    // Running means there and not a zombie waiting to be reaped (field 3 of /proc/PID/stat).
    const running = (pid: number) => {
      try {
        return readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.[0] !== "Z";
      } catch {
        return false;
      }
    };
    expect(started.filter(running)).toEqual([]);
  });
});

describe("roster install", () => {
  test("--frozen on a fresh clone reproduces byte-identical tool folders from the lock, fetching into an empty cache", () => {
    expect(roster(["add", remote.url, "--to", "claude,opencode,gemini"]).code).toBe(0);
    remote.push({ ".claude/agents/later.md": agentFile("later", "Pushed after the lock") });
    const clone = join(root, "clone");
    writeTree(clone, { ".git/HEAD": "ref: refs/heads/main\n" });
    for (const file of ["roster.config.json", "roster.lock"])
      cpSync(join(project(), file), join(clone, file));
    const r = roster(["install", "--frozen"], {
      cwd: clone,
      env: { XDG_CACHE_HOME: join(root, "fresh-cache") },
    });
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    for (const dir of [".claude", ".opencode", ".gemini"]) {
      const original = snapshot(join(project(), dir));
      delete original["settings.json"];
      expect(snapshot(join(clone, dir))).toEqual(original);
    }
    expect(existsSync(join(clone, ".claude/agents/later.md"))).toBe(false);
  });

  test("an unchanged lock fetches nothing; --check writes nothing and catches drift (exit 1)", () => {
    expect(roster(["add", remote.url]).code).toBe(0);
    const cache = join(home(), ".cache/roster/sources");
    rmSync(cache, { recursive: true });
    const again = roster(["install"]);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/nothing to do: the tools' folders match the lock/);
    expect(existsSync(cache)).toBe(false);
    expect(roster(["install", "--check"]).code).toBe(0);
    writeFileSync(join(project(), ".claude/agents/reviewer.md"), "edited\n");
    const check = json(["install", "--check"]);
    expect(check.code).toBe(1);
    expect(check.value.drift).toEqual([
      {
        code: "drift/edited",
        url: remote.url,
        path: join(project(), ".claude/agents/reviewer.md"),
        message: "edited since roster wrote it (delete it and run roster install to get the source's)",
      },
    ]);
    expect(readFileSync(join(project(), ".claude/agents/reviewer.md"), "utf8")).toBe("edited\n");
    // A declared source not in the lock is drift too; --frozen refuses to resolve it.
    const config = JSON.parse(readFileSync(join(project(), "roster.config.json"), "utf8"));
    const other = createGitRemote(root, "other", { ".claude/agents/extra.md": agentFile("extra", "Extra") });
    config.sources.push({ url: other.url, to: ["claude"] });
    writeFileSync(join(project(), "roster.config.json"), JSON.stringify(config));
    expect(json(["install", "--check"]).value.drift.map((d: { code: string }) => d.code)).toContain(
      "drift/not-locked",
    );
    const frozen = roster(["install", "--frozen"]);
    expect(frozen.code).toBe(1);
    expect(frozen.stderr).toMatch(/declared but not in roster\.lock; run roster install without --frozen/);
  });

  test("a lock that is not JSON, or names a commit the remote no longer has: one line and the fix", () => {
    expect(roster(["add", remote.url]).code).toBe(0);
    const lockPath = join(project(), "roster.lock");
    const good = readFileSync(lockPath, "utf8");
    writeFileSync(lockPath, "{ not json");
    const bad = roster(["install"]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/roster\.lock is not JSON .*: fix it, or delete it and run roster install/);
    writeFileSync(lockPath, good.replace(remote.head(), "0".repeat(40)));
    rmSync(join(project(), ".claude/agents/planner.md"));
    const gone = roster(["install"]);
    expect(gone.code).toBe(1);
    expect(gone.stderr).toMatch(/no longer has commit 000000000000: run roster update/);
    expect(existsSync(join(project(), ".claude/agents/planner.md"))).toBe(false);
  });
});

describe("roster update, outdated, remove", () => {
  test("outdated lists a moved ref; update moves it and says what changed per agent", () => {
    expect(roster(["add", remote.url]).code).toBe(0);
    const first = remote.head();
    expect(roster(["outdated"]).stdout).toBe("every source is at the newest commit of its ref\n");
    const second = remote.push({
      ".claude/agents/reviewer.md": agentFile("reviewer", "Reviews code closely", "tools: Read, Grep"),
      ".claude/agents/planner.md": null,
      ".claude/agents/tester.md": agentFile("tester", "Tests"),
    });
    const outdated = json(["outdated"]);
    expect(outdated.code).toBe(0);
    expect(outdated.value.sources).toEqual([
      { url: remote.url, locked: first, latest: second, outdated: true },
    ]);
    const update = roster(["update"]);
    expect(update.code).toBe(0);
    expect(update.stdout).toContain(`${first.slice(0, 12)} → ${second.slice(0, 12)}`);
    expect(update.stdout).toMatch(/changed agent reviewer: description\n/);
    expect(update.stdout).toMatch(/added agent tester\n/);
    expect(update.stdout).toMatch(/removed agent planner\n/);
    expect(existsSync(join(project(), ".claude/agents/planner.md"))).toBe(false);
    expect(readFileSync(join(project(), ".claude/agents/tester.md"), "utf8")).toMatch(/name: tester/);
    expect(roster(["update", remote.url]).stdout).toMatch(/every source is at the newest commit of its ref/);
    expect(roster(["update", "acme/unknown"]).stderr).toMatch(/acme\/unknown is not a source of/);
  });

  test("remove deletes exactly the unedited files it wrote; an edited one is kept and reported", () => {
    expect(roster(["add", remote.url]).code).toBe(0);
    writeFileSync(join(project(), ".claude/agents/reviewer.md"), "mine now\n");
    const r = roster(["remove", remote.url]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/kept \.claude\/agents\/reviewer\.md: edited since roster wrote it/);
    expect(readdirSync(join(project(), ".claude/agents"))).toEqual(["reviewer.md"]);
    expect(existsSync(join(project(), ".claude/skills/deploy"))).toBe(false);
    expect(existsSync(join(project(), ".claude/commands/ship.md"))).toBe(false);
    expect(existsSync(join(project(), ".claude/commands/.roster-sync.json"))).toBe(false);
    expect(existsSync(join(project(), "roster.lock"))).toBe(false);
    expect(roster(["sources"]).stdout).toMatch(/no source is declared/);
  });
});

describe("sources and the rest of roster", () => {
  test("doctor says which files came from which source, and which were edited", () => {
    expect(roster(["add", remote.url]).code).toBe(0);
    writeFileSync(join(project(), ".claude/agents/planner.md"), agentFile("planner", "Mine now"));
    const doctor = json(["doctor"]);
    const about = doctor.value.diagnostics.filter((d: { code: string }) => d.code.startsWith("source/"));
    expect(about).toEqual([
      expect.objectContaining({
        severity: "info",
        code: "source/files",
        filePath: join(project(), "roster.lock"),
        message: expect.stringMatching(
          new RegExp(
            `^4 files came from ${remote.url} at [0-9a-f]{12} \\(agent planner, agent reviewer, command ship, skill deploy\\)`,
          ),
        ),
      }),
      expect.objectContaining({
        severity: "warning",
        code: "source/edited",
        filePath: join(project(), ".claude/agents/planner.md"),
      }),
    ]);
  });

  test("sync leaves a source's files alone: never removed as stale, never written over", () => {
    writeTree(project(), { ".github/agents/checker.agent.md": agentFile("checker", "Checks") });
    expect(roster(["add", remote.url, "--to", "claude"]).code).toBe(0);
    const sync = json(["sync", "--to", "claude"]);
    expect(sync.value.entries.filter((e: { action: string }) => e.action === "remove")).toEqual([]);
    expect(readdirSync(join(project(), ".claude/agents")).sort()).toEqual([
      "checker.md",
      "planner.md",
      "reviewer.md",
    ]);
    expect(roster(["install", "--check"]).code).toBe(0);
  });
  test("export and sync --skills never write over a source's agent or skill folder", () => {
    expect(roster(["add", remote.url, "--to", "claude"]).code).toBe(0);
    const agent = join(project(), ".claude/agents/reviewer.md");
    const skill = join(project(), ".claude/skills/deploy/SKILL.md");
    const before = [readFileSync(agent, "utf8"), readFileSync(skill, "utf8")];
    writeTree(project(), {
      ".github/agents/reviewer.agent.md": agentFile("reviewer", "A person's Copilot reviewer"),
      ".opencode/skills/deploy/SKILL.md": "---\nname: deploy\ndescription: Another deploy\n---\nOther.\n",
    });
    const exported = roster(["export", "reviewer", "--provider", "copilot", "--to", "claude"]);
    expect(exported.code).toBe(1);
    expect(exported.stderr).toMatch(/was written by a source \(roster\.lock\); left untouched/);
    const skills = json(["sync", "--skills", "--to", "claude"]);
    expect(skills.value.copies.find((c: { skill: string }) => c.skill === "deploy")).toMatchObject({
      action: "conflict",
      error: { code: "sync/conflict" },
    });
    expect([readFileSync(agent, "utf8"), readFileSync(skill, "utf8")]).toEqual(before);
    expect(roster(["install", "--check"]).code).toBe(0);
  });
});
