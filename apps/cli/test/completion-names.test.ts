// Completion scripts hand names to bash, zsh and fish as text (issue #49, SPEC §17 fourth round):
// a cloned repository names an agent `$(touch${IFS}pwned)` or a command file `$(id>${IFS}out).md`,
// and pressing Tab after `roster show ` must run nothing and offer the name as it is written.
// Each shell is the real one, loading the script `roster completion SHELL` prints; zsh completes
// for real in a pseudo-terminal (zpty) with compinit loaded. A shell that is not installed skips.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { agentFile, createSandbox, type Sandbox } from "@roster/testkit";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

const bin = fileURLToPath(new URL("../bin/roster.cjs", import.meta.url));

/** Whether a shell is installed (their tests skip, visibly, where it is not). */
const hasShell = (shell: string) => spawnSync(shell, ["-c", "exit 0"]).status === 0;

// Hostile names: command substitution, backticks, a redirection, a glob, quotes and spaces.
// biome-ignore lint/suspicious/noTemplateCurlyInString: shell text, not a template
const AGENTS = ["$(touch${IFS}pwned)", "`touch${IFS}ticked`", "* glob", `it's "quoted"`];
// biome-ignore lint/suspicious/noTemplateCurlyInString: shell text, not a template
const COMMANDS = ["$(id>${IFS}out)", "`id>outtick`"];
// biome-ignore lint/suspicious/noTemplateCurlyInString: shell text, not a template
const SKILL = "$(touch${IFS}skilled)";

/** The words after which completion offers names, and what kind of name each offers. */
const TRIGGERS: Array<{ line: string; names: string[] }> = [
  { line: "roster show ", names: AGENTS },
  { line: "roster run ", names: AGENTS },
  { line: "roster why ", names: AGENTS },
  { line: "roster export ", names: AGENTS },
  { line: "roster commands show ", names: COMMANDS },
  { line: "roster skills show ", names: [SKILL] },
];

let box: Sandbox;
/** Every file of the project, where the shells run: a name that ran would have made one (`pwned`, `out`, …). */
const everything = () => readdirSync(box.project, { recursive: true }).map(String).sort();

beforeAll(() => {
  expect(existsSync(join(bin, "../../dist/roster.js")), "apps/cli is not built: run pnpm build").toBe(true);
  box = createSandbox("roster-compl-");
  const tree: Record<string, string> = {};
  AGENTS.forEach((name, i) => {
    tree[`project/.claude/agents/a${i}.md`] = agentFile(JSON.stringify(name), "a hostile name");
  });
  for (const name of COMMANDS) tree[`project/.claude/commands/${name}.md`] = "Do it.\n";
  tree[`project/.claude/skills/${SKILL}/SKILL.md`] =
    `---\nname: ${JSON.stringify(SKILL)}\ndescription: x\n---\nbody\n`;
  box.write(tree);
});
afterAll(() => box?.cleanup());

/** The environment of a shell: the sandbox's home, roster's bin and its script. */
function shellEnv(shell: string): Record<string, string> {
  const script = join(box.root, `roster.${shell}`);
  const made = spawnSync(process.execPath, [bin, "completion", shell], { encoding: "utf8" });
  expect(made.status, made.stderr).toBe(0);
  writeFileSync(script, made.stdout);
  return {
    PATH: process.env.PATH ?? "",
    HOME: box.home,
    XDG_CONFIG_HOME: join(box.home, ".config"),
    XDG_DATA_HOME: join(box.home, ".local/share"),
    XDG_CACHE_HOME: join(box.home, ".cache"),
    ROSTER_NODE: process.execPath,
    ROSTER_BIN: bin,
    ROSTER_SCRIPT: script,
  };
}

/** Runs a shell in the project (where `$(touch …)` would write), with a bound on its time. */
function inShell(shell: string, args: string[], env: Record<string, string>): string {
  const r = spawnSync(shell, args, { cwd: box.project, env, encoding: "utf8", timeout: 60_000 });
  expect(r.status, `${shell}: ${r.stderr}`).toBe(0);
  return r.stdout;
}

/**
 * What bash completes for `line` (cursor at its end, after a space: an empty word), as pairs
 * of what lands on the command line and the text that word reads back as when the command
 * runs (the word evaluated, in the project folder, as bash would on Enter).
 */
function bash(line: string, typed = ""): Array<{ word: string; text: string }> {
  const env = shellEnv("bash");
  const words = [...line.trim().split(" "), typed];
  const probe = `source "$ROSTER_SCRIPT"
roster() { "$ROSTER_NODE" "$ROSTER_BIN" --home "$HOME" --cwd "$PWD" "$@"; }
COMP_WORDS=(${words.map((w) => `'${w.replaceAll("'", `'\\''`)}'`).join(" ")}); COMP_CWORD=${words.length - 1}
_roster
for w in "\${COMPREPLY[@]}"; do printf '%s\\t' "$w"; eval "printf '%s\\n' $w"; done`;
  return inShell("bash", ["--norc", "--noprofile", "-c", probe], env)
    .split("\n")
    .filter(Boolean)
    .map((l) => {
      const [word = "", text = ""] = l.split("\t");
      return { word, text };
    });
}

/**
 * What zsh offers for `line` when Tab is pressed, in an interactive zsh on a pseudo-terminal
 * with compinit: each match as compadd would insert it (`compadd -A`), and the text that word
 * reads back as (evaluated in the project folder).
 */
function zsh(line: string): Array<{ word: string; text: string }> {
  const env = shellEnv("zsh");
  const out = join(box.root, "zsh-matches");
  writeFileSync(out, "");
  const driver = join(box.root, "drive.zsh");
  writeFileSync(
    driver,
    `zmodload zsh/zpty || exit 3
zpty z zsh -f -i
zpty -w z 'PS1= RPROMPT=; autoload -Uz compinit; compinit -u -D; source "$ROSTER_SCRIPT"'
zpty -w z 'roster() { "$ROSTER_NODE" "$ROSTER_BIN" --home "$HOME" --cwd "$PWD" "$@"; }'
zpty -w z 'compadd() { if [[ \${@[1,(i)(-|--)]} == *-(O|A|D)\\ * ]]; then builtin compadd "$@"; return; fi; local -a hits; builtin compadd -A hits "$@"; print -rl -- $hits >> "$ROSTER_OUT"; builtin compadd "$@"; }'
zpty -w z '_roster_probe() { _roster "$@"; print -r -- "@@$((6 * 7))@@" > /dev/tty; }; compdef _roster_probe roster'
zpty -w -n z "$ROSTER_LINE"$'\\t'
zpty -r z seen '*@@42@@*'
zpty -d z
for word in "\${(@f)$(<$ROSTER_OUT)}"; do
  [[ -n $word ]] || continue
  print -rn -- "$word"$'\\t'; eval "print -r -- $word"
done
`,
  );
  return inShell("zsh", ["-f", driver], { ...env, ROSTER_OUT: out, ROSTER_LINE: line })
    .split("\n")
    .filter(Boolean)
    .map((l) => {
      const [word = "", text = ""] = l.split("\t");
      return { word, text };
    });
}

/** What fish offers for `line` (`complete -C`: the candidates as text; fish escapes on insertion). */
function fish(line: string): string[] {
  const env = shellEnv("fish");
  const probe = `source $ROSTER_SCRIPT
function roster; $ROSTER_NODE $ROSTER_BIN --home $HOME --cwd $PWD $argv; end
complete -C ${JSON.stringify(line)}`;
  return inShell("fish", ["--no-config", "-c", probe], env)
    .split("\n")
    .filter(Boolean)
    .map((l) => l.split("\t")[0]!);
}

describe("completion hands hostile names to each shell as text", () => {
  test("roster list|commands list|skills list --names: the hostile names, one a line", () => {
    const names = (args: string[]) =>
      spawnSync(process.execPath, [bin, "--home", box.home, "--cwd", box.project, ...args, "--names"], {
        encoding: "utf8",
      }).stdout;
    for (const name of AGENTS) expect(names(["list"]).split("\n")).toContain(name);
    for (const name of COMMANDS) expect(names(["commands", "list"]).split("\n")).toContain(name);
    expect(names(["skills", "list"]).split("\n")).toContain(SKILL);
  });

  test("bash: Tab after show, run, why, export, commands show, skills show runs nothing; each name reads back as written", () => {
    const before = everything();
    for (const { line, names } of TRIGGERS) {
      const offered = bash(line);
      for (const name of names)
        expect(
          offered.map((o) => o.text),
          line,
        ).toContain(name);
      expect(everything(), line).toEqual(before);
    }
    // A prefix typed as completion writes it (or as the name is written) narrows to that name.
    expect(bash("roster show ", "\\$\\(tou")).toEqual([
      { word: "\\$\\(touch\\$\\{IFS\\}pwned\\)", text: AGENTS[0] },
    ]);
    expect(bash("roster show ", "'$(tou").map((o) => o.text)).toEqual([AGENTS[0]]);
    expect(bash("roster show ", "* ").map((o) => o.text)).toEqual(["* glob"]);
    // Plain names stay plain.
    expect(bash("roster show ", "expl")).toEqual([{ word: "explore", text: "explore" }]);
    expect(everything()).toEqual(before);
  });

  test.skipIf(!hasShell("zsh"))(
    "zsh (real completion on a pseudo-terminal): Tab after each command runs nothing; each match reads back as written",
    () => {
      const before = everything();
      for (const { line, names } of TRIGGERS) {
        const offered = zsh(line);
        for (const name of names)
          expect(
            offered.map((o) => o.text),
            line,
          ).toContain(name);
        expect(everything(), line).toEqual(before);
      }
    },
  );

  test.skipIf(!hasShell("fish"))(
    "fish: Tab after each command runs nothing; each name is offered as written",
    () => {
      const before = everything();
      for (const { line, names } of TRIGGERS) {
        const offered = fish(line);
        for (const name of names) expect(offered, line).toContain(name);
        expect(everything(), line).toEqual(before);
      }
    },
  );
});

test("a line break in a name is escaped in --names: one name, one line", () => {
  const sb = createSandbox("roster-names-");
  try {
    sb.write({ "project/.claude/agents/nl.md": agentFile('"two\\nlines"', "x") });
    const out = spawnSync(
      process.execPath,
      [bin, "--home", sb.home, "--cwd", sb.project, "list", "--names"],
      {
        encoding: "utf8",
      },
    ).stdout;
    expect(out.split("\n")).toContain("two\\x0alines");
  } finally {
    sb.cleanup();
  }
});
