// End-to-end conventions of the BUILT binary: version, help, errors, JSON, fitting, completion.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { agentFile, createSandbox, type Sandbox } from "@roster/testkit";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

const bin = fileURLToPath(new URL("../bin/roster.cjs", import.meta.url));
const pkg = JSON.parse(readFileSync(fileURLToPath(new URL("../package.json", import.meta.url)), "utf8"));
const corpus = fileURLToPath(new URL("../../../../shared/corpus/wshobson-agents", import.meta.url));

let box: Sandbox;
function roster(args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [bin, ...args], {
    cwd: box.project,
    env: { PATH: process.env.PATH ?? "", ...env },
    encoding: "utf8",
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}
const inBox = (...args: string[]) => ["--home", box.home, "--cwd", box.project, ...args];

beforeAll(() => {
  expect(existsSync(join(bin, "../../dist/roster.js")), "apps/cli is not built: run pnpm build").toBe(true);
  box = createSandbox("roster-conv-");
  box.write({
    "project/.claude/agents/reviewer.md": agentFile("reviewer", "Reviews a change for bugs"),
    "project/.claude/agents/kube.md": agentFile(
      "cloud-infrastructure-kubernetes-architect",
      `Designs clusters. ${"Very long description of what this agent does. ".repeat(6)}`,
    ),
    "project/.claude/agents/evil.md":
      '---\nname: "evil\\e]0;pwned\\a"\ndescription: "x\\u202ey"\n---\nbody\n',
    "project/roster.config.json": JSON.stringify({ disabledAgents: ["reviewer"] }),
    "home/.claude/agents/helper.md": agentFile("helper", "Helps from home"),
  });
});
afterAll(() => box.cleanup());

describe("conventions", () => {
  test("--version and -V print the package version", () => {
    expect(roster(["--version"]).stdout).toBe(`${pkg.version}\n`);
    expect(roster(["-V"]).stdout).toBe(`${pkg.version}\n`);
  });

  test("plain roster prints help to stdout and exits 0", () => {
    const r = roster([]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("Usage: roster");
    expect(r.stdout).toContain("completion");
  });

  test("--debug shows the stack trace through the source maps (the build is minified); without it, one line", () => {
    const debug = roster(inBox("--debug", "show", "nope"));
    expect(debug.code).toBe(1);
    expect(debug.stderr).toMatch(/^FindingError: unknown agent "nope"/);
    expect(debug.stderr).toMatch(/\bat .*src\/commands\/agents\/index\.ts:\d+:\d+/);
    const plain = roster(inBox("show", "nope"));
    expect(plain.stderr.trim().split("\n")).toHaveLength(1);
  });

  test("a --cwd or --home that is not a folder is a usage error", () => {
    const r = roster(["--cwd", "/etc/passwd", "list"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe("roster: --cwd /etc/passwd is not a folder.\n");
    expect(roster(["--home", join(box.root, "nope"), "list"]).code).toBe(2);
  });

  test("every error is one line starting roster:, commander's included", () => {
    for (const args of [
      ["lsit"],
      ["list", "--bogus"],
      ["show"],
      inBox("run", "explore", "--task", "x", "--timeout", "1e3"),
      inBox("run", "explore", "--task", "x", "--timeout", "2147483648"),
      inBox("run", "explore", "--task", "x", "--max-depth", "-2"),
      inBox("list", "--provider", "claud"),
      inBox("show", "nope"),
    ]) {
      const r = roster(args);
      expect(r.code, args.join(" ")).not.toBe(0);
      expect(r.stderr, args.join(" ")).toMatch(/^roster: [^\n]+\n$/);
    }
    expect(roster(inBox("run", "explore", "--task", "x", "--timeout", "0")).code).toBe(2);
  });

  test("a shell folder removed under it is a usage error in words; an absolute --cwd still works", () => {
    const inRemoved = (args: string[]) => {
      const r = spawnSync(
        "sh",
        ["-c", 'mkdir gone && cd gone && rmdir ../gone && exec "$0" "$@"', process.execPath, bin, ...args],
        { cwd: box.root, env: { PATH: process.env.PATH ?? "", HOME: box.home }, encoding: "utf8" },
      );
      return { code: r.status, stdout: r.stdout, stderr: r.stderr };
    };
    for (const args of [["list"], ["list", "--json"], ["list", "--cwd", "project"]]) {
      const r = inRemoved(args);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.stderr).toBe(
        "roster: the current folder no longer exists; cd to a folder, or give --cwd as an absolute path.\n",
      );
    }
    const absolute = inRemoved(["list", "--names", "--cwd", box.project, "--home", box.home]);
    expect(absolute.code).toBe(0);
    expect(absolute.stdout).toContain("reviewer");
  });
});

describe("list", () => {
  test("filters by provider, source and a word in name or description; marks disabled agents", () => {
    const names = (args: string[]) =>
      roster(inBox("list", "--names", ...args))
        .stdout.trim()
        .split("\n");
    expect(names(["--source", "user"])).toEqual(["helper"]);
    expect(names(["--provider", "bundled"])).toContain("explore");
    expect(names(["--provider", "bundled"])).not.toContain("reviewer");
    expect(names(["clusters"])).toEqual(["cloud-infrastructure-kubernetes-architect"]);
    expect(names(["REVIEW"])).toContain("reviewer");
    expect(names(["REVIEW"])).not.toContain("helper");
    const human = roster(inBox("list")).stdout;
    expect(human).toMatch(/reviewer \(disabled\)/);
    const json = JSON.parse(roster(inBox("list", "--json")).stdout);
    expect(json.agents.find((a: { name: string }) => a.name === "reviewer").disabled).toBe(true);
    expect(json.agents.find((a: { name: string }) => a.name === "helper")).not.toHaveProperty("disabled");
  });

  test("paths: relative under the cwd, ~/ under home", () => {
    const human = roster(inBox("list")).stdout;
    expect(human).toContain(".claude/agents/reviewer.md");
    expect(human).toContain(join("~", ".claude/agents/helper.md"));
  });

  test("piped output is never cut: every description is whole", () => {
    const human = roster(inBox("list")).stdout;
    expect(human).not.toContain("…");
    expect(human).toContain("Very long description of what this agent does. ".repeat(6).trim());
  });

  test("names and descriptions are escaped in human output and exact in --json", () => {
    expect(roster(inBox("list")).stdout).toContain("evil\\x1b]0;pwned\\x07");
    const json = JSON.parse(roster(inBox("list", "--json")).stdout);
    expect(json.agents.map((a: { name: string }) => a.name)).toContain("evil\u001b]0;pwned\u0007");
  });

  test.skipIf(!existsSync(corpus))("with the corpus: `list | grep` finds what --json finds", () => {
    const args = ["--home", join(box.root, "corpus-home"), "--cwd", box.root];
    box.write({ "corpus-home/.claude": null });
    spawnSync("cp", ["-r", corpus, join(box.root, "corpus-home/.claude/agents")]);
    const fromJson = JSON.parse(roster([...args, "list", "--json"]).stdout).agents.filter(
      (a: { name: string; description: string }) => /kubernetes/i.test(a.name + a.description),
    );
    const lines = roster([...args, "list"])
      .stdout.split("\n")
      .filter((l) => /kubernetes/i.test(l));
    expect(fromJson.length).toBeGreaterThan(0);
    expect(lines.length).toBe(fromJson.length);
    for (const agent of fromJson) expect(lines.some((l) => l.includes(agent.description))).toBe(true);
  });
});

describe("on a terminal", () => {
  const hasScript = spawnSync("script", ["--version"]).status === 0;
  test.skipIf(!hasScript)("a table at 80 columns has no line longer than 80", () => {
    const command = `stty cols 80; ${process.execPath} ${bin} ${inBox("list").join(" ")}`;
    const r = spawnSync("script", ["-qc", command, "/dev/null"], {
      encoding: "utf8",
      env: { PATH: process.env.PATH ?? "", TERM: "xterm" },
    });
    const lines = r.stdout.replace(/\u001b\[\d+m/g, "").split(/\r?\n/);
    expect(lines.some((l) => l.includes("NAME"))).toBe(true);
    expect(lines.some((l) => l.includes("…"))).toBe(true);
    for (const l of lines) expect([...l].length, l).toBeLessThanOrEqual(80);
  });

  test.skipIf(!hasScript)(
    "tables never cut (doctor, sync's plan) wrap within 80 columns and lose no word",
    () => {
      for (const args of [["doctor"], ["sync", "--to", "gemini,codex", "--dry-run"]]) {
        const command = `stty cols 80; ${process.execPath} ${bin} ${inBox(...args).join(" ")}`;
        const r = spawnSync("script", ["-qc", command, "/dev/null"], {
          encoding: "utf8",
          env: { PATH: process.env.PATH ?? "", TERM: "xterm", NO_COLOR: "1" },
        });
        const lines = r.stdout.replace(/\u001b\[\d+m/g, "").split(/\r?\n/);
        for (const l of lines) expect([...l].length, l).toBeLessThanOrEqual(80);
        // The same words as piped, where nothing is wrapped.
        const words = (text: string) => text.split(/\s+/).filter(Boolean);
        expect(words(lines.join("\n"))).toEqual(words(roster(inBox(...args)).stdout));
      }
    },
  );
});

describe("on a terminal, sentences", () => {
  const hasScript = spawnSync("script", ["--version"]).status === 0;
  test.skipIf(!hasScript)("trust's sentences wrap at spaces within 80 columns; piped, a line each", () => {
    // A box of its own: trusting a folder is recorded in its home.
    const own = createSandbox("roster-trust-tty-");
    try {
      own.write({ "project/.claude/agents/a.md": agentFile("a") });
      const args = ["--home", own.home, "--cwd", own.project, "trust"];
      const command = `stty cols 80; ${process.execPath} ${bin} ${args.join(" ")}`;
      const r = spawnSync("script", ["-qc", command, "/dev/null"], {
        encoding: "utf8",
        env: { PATH: process.env.PATH ?? "", TERM: "xterm", NO_COLOR: "1" },
      });
      const lines = r.stdout.split(/\r?\n/).filter(Boolean);
      for (const l of lines) expect([...l].length, l).toBeLessThanOrEqual(80);
      const piped = spawnSync(process.execPath, [bin, ...args], {
        encoding: "utf8",
        env: { PATH: process.env.PATH ?? "" },
      }).stdout;
      expect(piped.split("\n").filter(Boolean)).toHaveLength(4);
      expect(lines.length).toBeGreaterThan(4);
      // No word is cut: the same words, in the same order.
      const words = (text: string) => text.split(/\s+/).filter(Boolean);
      expect(words(lines.join("\n"))).toEqual(words(piped));
    } finally {
      own.cleanup();
    }
  });

  test.skipIf(!hasScript)(
    "run --dry-run's notes wrap at spaces within 80 columns; piped, a line each",
    () => {
      const own = createSandbox("roster-notes-tty-");
      try {
        // A Claude Code permission rule run on Gemini CLI: left out, with a long note.
        own.write({
          "home/.claude/agents/gate.md":
            "---\nname: gate\ndescription: Checks the tree\ntools: Read, Bash(git status)\n---\nCheck.\n",
        });
        const args = ["--home", own.home, "--cwd", own.project, "run", "gate", "--host", "gemini"];
        const rest = ["--dry-run", "--task", "x"];
        const command = `stty cols 80; ${process.execPath} ${bin} ${[...args, ...rest].join(" ")}`;
        const r = spawnSync("script", ["-qc", command, "/dev/null"], {
          encoding: "utf8",
          env: { PATH: process.env.PATH ?? "", TERM: "xterm", NO_COLOR: "1" },
        });
        // The command line is there to be copied whole; every other line fits.
        const lines = r.stdout.split(/\r?\n/).filter((l) => l !== "" && !l.startsWith("[task-1]"));
        for (const l of lines) expect([...l].length, l).toBeLessThanOrEqual(80);
        const notes = lines.filter((l) => /^ {2}note: | {8}\S/.test(l));
        expect(notes.length).toBeGreaterThan(1);
        const piped = spawnSync(process.execPath, [bin, ...args, ...rest], {
          encoding: "utf8",
          env: { PATH: process.env.PATH ?? "" },
        }).stdout;
        const pipedNotes = piped.split("\n").filter((l) => l.startsWith("  note: "));
        expect(pipedNotes).toHaveLength(1);
        expect(pipedNotes[0]).toContain("permission rules were left out");
        const words = (text: string) => text.split(/\s+/).filter(Boolean);
        expect(words(notes.join("\n"))).toEqual(words(pipedNotes.join("\n")));
      } finally {
        own.cleanup();
      }
    },
  );
});

describe("unknown names and JSON", () => {
  test("show on an unknown name answers with the closest names; --json on stdout", () => {
    const r = roster(inBox("show", "kubernetes-architect"));
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("did you mean cloud-infrastructure-kubernetes-architect?");
    const j = roster(inBox("show", "kubernetes-architect", "--json"));
    expect(j.code).toBe(1);
    expect(JSON.parse(j.stdout)).toEqual({
      schemaVersion: 2,
      error: expect.stringContaining('unknown agent "kubernetes-architect"'),
      code: "cli/unknown-agent",
      suggestions: ["cloud-infrastructure-kubernetes-architect"],
    });
  });

  test("run on an unknown name: the executor's code and full text in --json, a short line for people", () => {
    const r = roster(inBox("run", "kubernetes-architect", "--task", "x"));
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /^roster: unknown agent "kubernetes-architect"; did you mean cloud-infrastructure-kubernetes-architect\? \(roster list shows all \d+\)\n$/,
    );
    const j = JSON.parse(roster(inBox("run", "kubernetes-architect", "--task", "x", "--json")).stdout);
    expect(j.code).toBe("executor/unknown-agent");
    expect(j.error).toMatch(/^Unknown agent "kubernetes-architect"\. Available: /);
    expect(j.suggestions[0]).toBe("cloud-infrastructure-kubernetes-architect");
  });

  test("every --json output carries schemaVersion 2 and no null", () => {
    for (const args of [
      ["list"],
      ["show", "helper"],
      ["show", "nope"],
      ["why", "helper"],
      ["why", "nope"],
      ["doctor"],
      ["run", "helper", "--task", "x"],
      ["run", "reviewer", "--task", "x"],
      ["commands", "list"],
      ["commands", "show", "init"],
      ["commands", "show", "nope"],
      ["list", "--as", "claude"],
      ["show", "helper", "--as", "claude"],
      ["why", "helper", "--as", "claude"],
    ]) {
      const r = roster(inBox(...args, "--json"));
      const out = JSON.parse(r.stdout);
      expect(out.schemaVersion, args.join(" ")).toBe(2);
      expect(r.stdout, args.join(" ")).not.toMatch(/: null\b/);
    }
  });

  test("a dry run prints one JSON invocation per line and says so on stderr", () => {
    const r = roster(inBox("run", "helper", "--task", "a", "--task", "b", "--dry-run", "--runner", "unused"));
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split("\n");
    expect(lines).toHaveLength(2);
    for (const l of lines) expect(JSON.parse(l)).toHaveProperty("agent", "helper");
    expect(r.stderr).toMatch(/dry run/);
    const j = JSON.parse(
      roster(inBox("run", "helper", "--task", "a", "--json", "--dry-run", "--runner", "unused")).stdout,
    );
    expect(j).toMatchObject({ schemaVersion: 2, dryRun: true });
    expect(j.invocations).toHaveLength(1);
  });
});

describe("doctor", () => {
  test("groups findings under their file; --quiet keeps errors only", () => {
    box.write({ "project/.claude/agents/typo.md": agentFile("typo", "t", "toools: [read]") });
    const r = roster(inBox("doctor"));
    const lines = r.stdout.split("\n");
    const at = lines.indexOf(".claude/agents/typo.md");
    expect(at).toBeGreaterThanOrEqual(0);
    expect(lines[at + 1]).toMatch(
      /^\s+warning\s+doctor\/unknown-key\s+unknown frontmatter key "toools"; did you mean "tools"\?/,
    );
    const quiet = roster(inBox("doctor", "--quiet")).stdout;
    expect(quiet).not.toContain("doctor/unknown-key");
  });
});

/** Whether a shell is installed (zsh and fish are not everywhere: their tests then skip, visibly). */
const hasShell = (shell: string) => spawnSync(shell, ["-c", "exit 0"]).status === 0;

describe("completion", () => {
  const shim = () => `roster() { ${process.execPath} ${bin} --home ${box.home} --cwd ${box.project} "$@"; }`;
  /** What bash completes for `line` (the cursor at its end). */
  const bash = (line: string) => {
    const script = roster(["completion", "bash"]).stdout;
    const words = line.split(" ");
    const probe = `${script}\n${shim()}\nCOMP_WORDS=(${words.map((w) => `'${w}'`).join(" ")}); COMP_CWORD=${words.length - 1}; _roster; printf '%s\\n' "\${COMPREPLY[@]}"`;
    const r = spawnSync("bash", ["--norc", "--noprofile", "-c", probe], { encoding: "utf8" });
    expect(r.status, r.stderr).toBe(0);
    return r.stdout.split("\n").filter(Boolean);
  };

  test("the bash script, sourced in a real bash, completes roster sh<TAB> to show", () => {
    expect(bash("roster sh")).toEqual(["show"]);
  });

  test("agent names come from roster list --names, for export too", () => {
    expect(bash("roster show hel")).toEqual(["helper"]);
    expect(bash("roster export hel")).toEqual(["helper"]);
    expect(bash("roster --cwd . why hel")).toEqual(["helper"]);
  });

  test("bash: each command's own flags, and values after --to, --as, --host, --provider; cache <TAB>", () => {
    const showFlags = bash("roster show --");
    expect(showFlags).toContain("--as");
    expect(showFlags).toContain("--json");
    // One flag list per command: run's and trust's flags are not show's.
    expect(showFlags).not.toContain("--task");
    expect(showFlags).not.toContain("--revoke");
    expect(bash("roster run x --")).toContain("--task");
    expect(bash("roster export x --to co")).toEqual(["codex", "copilot"]);
    expect(bash("roster list --as ge")).toEqual(["gemini"]);
    expect(bash("roster run x --host a")).toEqual(["auto"]);
    expect(bash("roster list --provider plu")).toEqual(["plugins"]);
    // --provider picks a definition on show, why, run and export (SPEC §16).
    for (const command of ["show x", "why x", "run x", "export x"])
      expect(bash(`roster ${command} --provider cod`)).toEqual(["codex"]);
    expect(bash("roster sync --to codex,ge")).toEqual(["codex,gemini"]);
    expect(bash("roster cache ")).toEqual(["clear"]);
    expect(bash("roster commands ")).toEqual(["list", "show", "expand"]);
    expect(bash("roster completion z")).toEqual(["zsh"]);
    // roster new: --for takes a tool; its NAME is new, so no agent name completes there.
    expect(bash("roster new x --for ge")).toEqual(["gemini"]);
    expect(bash("roster new hel")).toEqual([]);
  });

  test.skipIf(!hasShell("zsh"))("zsh: commands and flags with their descriptions", () => {
    const script = roster(["completion", "zsh"]).stdout;
    // Stubs of zsh's completion functions that print what they are given.
    const stubs =
      // biome-ignore lint/suspicious/noTemplateCurlyInString: zsh parameter expansions, not a template
      'compdef() {}; _describe() { print -l -- "${(@P)4}"; }; compadd() { if [[ $1 == -a ]]; then print -l -- "${(@P)2}"; return; fi; local -a a; a=("$@"); print -l -- ${a[${a[(i)--]}+1,-1]}; }; compset() {}';
    const zsh = (words: string, current: number) =>
      spawnSync(
        "zsh",
        ["-f", "-c", `${stubs}\n${script}\n${shim()}\nwords=(${words}); CURRENT=${current}; _roster`],
        {
          encoding: "utf8",
        },
      ).stdout.split("\n");
    expect(zsh("roster ''", 2)).toContain("show:one agent in full, system prompt included");
    const flags = zsh("roster show --", 3);
    expect(flags).toContain("--as:the agent as that tool would load it");
    expect(flags.some((f) => f.startsWith("--task"))).toBe(false);
    expect(zsh("roster export x --to ''", 5)).toContain("codex");
    expect(zsh("roster show ''", 3)).toContain("helper");
  });

  test.skipIf(!hasShell("fish"))("fish: per command, with descriptions and values", () => {
    const script = roster(["completion", "fish"]).stdout;
    const fish = (line: string) =>
      spawnSync(
        "fish",
        [
          "-c",
          `${script}\nfunction roster; ${process.execPath} ${bin} --home ${box.home} --cwd ${box.project} $argv; end\ncomplete -C '${line}'`,
        ],
        {
          encoding: "utf8",
        },
      ).stdout.split("\n");
    expect(fish("roster sh")).toEqual(["show\tone agent in full, system prompt included", ""]);
    expect(fish("roster export hel")).toContain("helper");
    expect(fish("roster cache ").map((l) => l.split("\t")[0])).toContain("clear");
    const flags = fish("roster show --").map((l) => l.split("\t")[0]);
    expect(flags).toContain("--as");
    expect(flags).not.toContain("--task");
    expect(fish("roster list --as cod").map((l) => l.split("\t")[0])).toEqual(["codex", ""]);
  });

  test("zsh and fish scripts name every sub-command; an unknown shell reads as every unknown value", () => {
    for (const shell of ["zsh", "fish"]) {
      const out = roster(["completion", shell]).stdout;
      for (const c of ["list", "show", "why", "doctor", "run", "commands", "export", "cache"])
        expect(out).toContain(c);
    }
    const bad = roster(["completion", "tcsh"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe('roster: unknown shell "tcsh" (one of bash, zsh, fish)\n');
  });
});

describe("the pager of show", () => {
  /** `roster show helper` on a terminal of `rows` lines (util-linux `script` gives it a PTY). */
  const onTerminal = (rows: number, extra = "") => {
    const command = `stty rows ${rows} cols 80; ${process.execPath} ${bin} --home ${box.home} --cwd ${box.project} show helper ${extra}`;
    const r = spawnSync("script", ["-qc", command, "/dev/null"], {
      encoding: "utf8",
      env: { PATH: process.env.PATH ?? "", PAGER: "sed s/^/PAGED:/" },
    });
    return r.stdout;
  };

  test("longer than the screen on a terminal: through $PAGER; never piped, never with --no-pager, never when it fits", () => {
    expect(onTerminal(4)).toMatch(/^PAGED:.*name:.*helper/m);
    expect(onTerminal(4, "--no-pager")).not.toContain("PAGED:");
    expect(onTerminal(200)).not.toContain("PAGED:");
    const piped = spawnSync(process.execPath, [bin, ...inBox("show", "helper")], {
      encoding: "utf8",
      env: { PATH: process.env.PATH ?? "", PAGER: "sed s/^/PAGED:/" },
    });
    expect(piped.stdout).toContain("helper");
    expect(piped.stdout).not.toContain("PAGED:");
  });
});
