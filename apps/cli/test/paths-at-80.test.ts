// why and doctor at 80 columns (issue 50): a path keeps its distinguishing end in whole words,
// is never broken by the terminal mid-word, and doctor names a finding's place as path:line.
// Through the BUILT binary in a real pseudo-terminal (`script`) of 80 columns.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { agentFile, writeTree } from "@roster/testkit";
import { afterEach, beforeEach, describe, expect, test } from "vitest";

const bin = fileURLToPath(new URL("../dist/roster.js", import.meta.url));
let root: string;
const hasScript = spawnSync("script", ["--version"]).status === 0;
/** A plugin installed deep below a folder, as marketplaces install them. */
const DEEP = "marketplaces/wshobson-agents/plugins";
const PLUGINS = ["accessibility-compliance", "agent-orchestration", "agent-teams"];

function at80(...args: string[]): string[] {
  const command = `stty cols 80; ${process.execPath} ${bin} --home ${join(root, "home")} --cwd ${join(root, "project")} ${args.join(" ")}`;
  const r = spawnSync("script", ["-qc", command, "/dev/null"], {
    encoding: "utf8",
    env: { PATH: process.env.PATH ?? "", TERM: "xterm", NO_COLOR: "1", ROSTER_NO_CACHE: "1" },
  });
  return r.stdout.split(/\r?\n/).filter((l) => l !== "");
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "roster-paths80-"));
  const plugins: Record<string, unknown> = {};
  const tree: Record<string, string> = {
    "project/.git/HEAD": "ref: refs/heads/main\n",
    // A break with a known line (YAML's), and a name roster loads.
    "project/.claude/agents/broken-frontmatter-of-a-long-named-reviewer-agent-that-goes-on-and-on.md":
      "---\nname: broken\ndescription: Use when: x\ntools: [Read\n---\nbody\n",
  };
  for (const name of PLUGINS) {
    tree[`${DEEP}/${name}/.claude-plugin/plugin.json`] = JSON.stringify({ name });
    tree[`${DEEP}/${name}/agents/${name === "agent-teams" ? "team-lead" : "other"}.md`] = agentFile(
      name === "agent-teams" ? "team-lead" : `${name}-other`,
      "An agent",
    );
    plugins[`${name}@m`] = [{ scope: "user", installPath: join(root, DEEP, name), version: "1.0.0" }];
  }
  tree["home/.claude/plugins/installed_plugins.json"] = JSON.stringify({ version: 2, plugins });
  writeTree(root, tree);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe.skipIf(!hasScript)("paths at 80 columns (issue 50)", () => {
  test("why: every location keeps its end in whole words; the sentence with the path wraps after a /", () => {
    const lines = at80("why", "team-lead");
    for (const l of lines) expect([...l].length, l).toBeLessThanOrEqual(80);
    const plugin = (name: string) =>
      lines.find((l) => / plugins {2,}/.test(l) && l.includes(name.split("-").at(-1)!)) ?? "";
    // Each plugin's folder is told apart by the end of its name, cut at a word: never `…ility-compliance`.
    expect(plugin("accessibility-compliance")).toMatch(
      / (…\/)?(accessibility-)?…?compliance\/agents | …compliance\/agents /,
    );
    expect(lines.join("\n")).not.toMatch(/…[a-z]+-compliance\/agents|…ility|…ration\//);
    // Every cut path starts at a word: after `…` comes a `/` or a whole word of the path.
    for (const l of lines)
      for (const cut of l.match(/…\S+/g) ?? []) expect(cut, l).toMatch(/^…(\/|[a-z]+[-/.])/);
    // The winner's path is longer than a line: broken only after a `/`.
    const from = lines.findIndex((l) => l.startsWith("team-lead resolves to"));
    const sentence = lines.slice(
      from,
      lines.findIndex((l, i) => i > from && l.includes("(plugins, user)")) + 1,
    );
    expect(sentence.join("")).toContain(
      `${join(root, DEEP, "agent-teams/agents/team-lead.md")}`.replace(/ /g, ""),
    );
    for (const piece of sentence.slice(0, -1)) expect(piece, piece).toMatch(/(\/|to)$/);
  });

  test("doctor: a finding whose line is known is under path:line; a path too long for the line keeps its end", () => {
    const lines = at80("doctor");
    for (const l of lines) expect([...l].length, l).toBeLessThanOrEqual(80);
    // `.claude/agents/broken-…-on-and-on.md:3` is 89 columns: its end, cut at a word, and its line.
    const yaml = lines.findIndex((l) => l.endsWith("-that-goes-on-and-on.md:3"));
    expect(lines[yaml]).toMatch(/^…(\/|[a-z]+-)[a-z-]*-that-goes-on-and-on\.md:3$/);
    expect(lines[yaml + 1]).toMatch(/^ {2}warning {2}frontmatter\/yaml-error {2}/);
    // Piped, the place is whole: `path:line`, as a terminal or an editor opens it.
    const piped = spawnSync(
      process.execPath,
      [bin, "--home", join(root, "home"), "--cwd", join(root, "project"), "doctor"],
      {
        encoding: "utf8",
        env: { PATH: process.env.PATH ?? "", ROSTER_NO_CACHE: "1" },
      },
    ).stdout;
    expect(piped).toMatch(
      /^\.claude\/agents\/broken-frontmatter-of-a-long-named-reviewer-agent-that-goes-on-and-on\.md:3\n {2}warning {2}frontmatter\/yaml-error {2}/m,
    );
  });
});
