import { symlinkSync } from "node:fs";
import { join } from "node:path";
import { createRegistry, defineProvider, discoverAgents } from "@roster/core";
import { checkFileAs, viewAsTool } from "@roster/profiles";
import { agentFile, createSandbox, type Sandbox } from "@roster/testkit";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  CLAUDE_MANAGED_DIR,
  claudeProfile,
  cutLikeClaude,
  likeClaudeYaml,
  quoteLikeClaude,
} from "./claude-profile.js";
import { claudeProvider } from "./claude-provider.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox("roster-claude-profile-");
});
afterEach(() => sb.cleanup());

const plugin = { id: "review-kit@market", name: "review-kit", marketplace: "market", version: "1.0.0" };

/** Stands in for @roster/source-plugins: the profile borrows the places of a provider with id "plugins". */
function fakePlugins(root: string) {
  return defineProvider({
    id: "plugins",
    locate: () => [{ dir: join(root, "agents"), scope: "user" as const, plugin, recursive: true }],
  });
}

describe("claudeProfile (Claude Code's own answer)", () => {
  test("every .claude/agents up to the repository root, closest first, then user, then plugins", async () => {
    sb.write({
      "project/.git/HEAD": "",
      "project/.claude/agents/rev.md": agentFile("rev", "root"),
      "project/.claude/agents/far-only.md": agentFile("far-only", "only at the root"),
      "project/sub/.claude/agents/rev.md": agentFile("rev", "near"),
      "home/.claude/agents/rev.md": agentFile("rev", "user"),
    });
    const ctx = sb.ctx({ cwd: join(sb.project, "sub") });
    const roster = await discoverAgents(createRegistry([claudeProvider]), ctx);
    expect(roster.agents.map((a) => a.name)).toEqual(["rev"]);
    const registry = createRegistry([claudeProvider, fakePlugins(join(sb.root, "plug"))]);
    const view = await viewAsTool(claudeProfile, ctx, { registry });
    expect(view.places.map((p) => [p.scope, p.dir])).toEqual([
      ["managed", join(CLAUDE_MANAGED_DIR, ".claude/agents")],
      ["project", join(sb.project, "sub/.claude/agents")],
      ["project", join(sb.project, ".claude/agents")],
      ["user", join(sb.home, ".claude/agents")],
      ["plugin", join(sb.root, "plug/agents")],
    ]);
    expect(view.agents.filter((a) => a.scope !== "builtin").map((a) => [a.id, a.description])).toEqual([
      ["rev", "near"],
      ["far-only", "only at the root"],
    ]);
  });

  test("names with a leading '-', a missing description and bad YAML are skipped; a name with ':' loads", async () => {
    sb.write({
      "project/.claude/agents/colon.md": agentFile("team:reviewer"),
      "project/.claude/agents/dash.md": agentFile("-x"),
      "project/.claude/agents/nodesc.md": "---\nname: nodesc\n---\nBody.\n",
      // Still not YAML after Claude Code's retry: the bad line is nested, so it is not quoted.
      "project/.claude/agents/yaml.md":
        "---\nname: yaml\ndescription: one bad line\nmetadata:\n  tags: [a\n---\nBody.\n",
      // Not YAML (": " in a plain value), but Claude Code's retry quotes such values: loaded.
      "project/.claude/agents/quoted.md":
        "---\nname: quoted\ndescription: Use when: the user asks\n---\nBody.\n",
      "project/.claude/agents/notes/README.md": "# Notes about our agents\n",
      "project/.claude/agents/ok.md": agentFile("ok", "fine", "color: blue\nmemory: project"),
    });
    const roster = await discoverAgents(createRegistry([claudeProvider]), sb.ctx());
    expect(roster.agents.map((a) => a.name).sort()).toEqual(["-x", "ok", "quoted", "team:reviewer", "yaml"]);
    const view = await viewAsTool(claudeProfile, sb.ctx(), { registry: createRegistry([claudeProvider]) });
    expect(view.files.map((f) => [f.relativePath, f.outcome, f.reason?.message])).toEqual([
      ["colon.md", "loaded", undefined],
      ["dash.md", "rejected", 'Claude Code skips it: name "-x" starts with "-"'],
      ["nodesc.md", "rejected", "Claude Code skips it: `description` is missing"],
      ["notes/README.md", "rejected", "Claude Code skips it: it has no frontmatter"],
      ["ok.md", "loaded", undefined],
      ["quoted.md", "loaded", undefined],
      ["yaml.md", "rejected", "Claude Code skips it: its frontmatter is not valid YAML (line 5)"],
    ]);
    expect(view.files.find((f) => f.relativePath === "quoted.md")?.description).toBe(
      "Use when: the user asks",
    );
  });

  test("SPEC §15: dot and symlinked folders are entered; a BOM means no frontmatter; `---` in a value ends it; HTML comments stay", async () => {
    sb.write({
      "project/.claude/agents/.hidden/dot.md": agentFile("dot"),
      "project/.claude/agents/real/linked.md": agentFile("linked"),
      "project/.claude/agents/bom.md": `\uFEFF${agentFile("bom")}`,
      "project/.claude/agents/cut.md": "---\nname: cut\ndescription: before --- after\n---\nBody.\n",
      "project/.claude/agents/comment.md":
        "---\nname: comment\ndescription: c\n---\nKeep <!-- this --> here.\n",
    });
    symlinkSync("real", join(sb.project, ".claude/agents/link"));
    const view = await viewAsTool(claudeProfile, sb.ctx());
    const byPath = Object.fromEntries(
      view.files.map((f) => [f.relativePath, [f.outcome, f.id, f.description]]),
    );
    expect(byPath[".hidden/dot.md"]).toEqual(["loaded", "dot", "dot agent"]);
    // The same agent through the symlinked folder and the real one: both are read.
    expect([byPath["link/linked.md"]?.[0], byPath["real/linked.md"]?.[0]]).toEqual(["loaded", "shadowed"]);
    expect(byPath["bom.md"]?.[0]).toBe("rejected");
    expect(byPath["cut.md"]).toEqual(["loaded", "cut", "before"]);
    expect(view.agents.find((a) => a.id === "comment")?.prompt).toBe("Keep <!-- this --> here.");
    expect(view.agents.some((a) => a.id === "claude" && a.scope === "builtin")).toBe(true);
  });

  test("cutLikeClaude hands back a text already cut so as it is: the same as rebuilding it, for any text", () => {
    // The rebuild it skips, as it was written before.
    const rebuilt = (content: string) => {
      const open = /^---[ \t]*\r?\n/.exec(content);
      if (!open) return undefined;
      const rest = content.slice(open[0].length);
      const end = rest.indexOf("---");
      if (end === -1) return undefined;
      const block = rest.slice(0, end);
      const after = rest.slice(end + 3).replace(/^[ \t]*\r?\n/, "");
      return `---\n${block.endsWith("\n") ? block : `${block}\n`}---\n${after}`;
    };
    const piece = fc.constantFrom("---", "\n", "\r\n", "\r", " ", "\t", "name: a", "x", "-", "\uFEFF");
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 14 }), (pieces) => {
        const text = pieces.join("");
        expect(cutLikeClaude(text)).toBe(rebuilt(text));
      }),
      { numRuns: 2000, seed: 3131 },
    );
    const common = agentFile("a");
    expect(cutLikeClaude(common)).toBe(common);
  });

  test("quoteLikeClaude quotes only plain top-level values that need it", () => {
    expect(quoteLikeClaude('a: x: y\nb: "q: r"\nc: [x, y]\nd: plain\n  e: f: g\nh: 50% #1')).toBe(
      'a: "x: y"\nb: "q: r"\nc: [x, y]\nd: plain\n  e: f: g\nh: "50% #1"',
    );
  });

  test("plugin agents: plugin:sub:name identity, stem when nameless, ignored keys reported", async () => {
    const root = join(sb.root, "plug");
    sb.write({
      "plug/agents/review/security.md": agentFile(
        "security",
        "Security review",
        "hooks:\n  Stop: []\npermissionMode: plan",
      ),
      "plug/agents/helper.md": "---\ndescription: no name\n---\nBody.\n",
      "plug/agents/bare.md": "---\nname: bare\n---\nNo description at all.\n",
    });
    const registry = createRegistry([claudeProvider, fakePlugins(root)]);
    const view = await viewAsTool(claudeProfile, sb.ctx(), { registry });
    expect(view.files.map((f) => [f.relativePath, f.outcome, f.id, f.ignoredKeys])).toEqual([
      ["bare.md", "loaded", "review-kit:bare", undefined],
      ["helper.md", "loaded", "review-kit:helper", undefined],
      ["review/security.md", "loaded", "review-kit:review:security", ["hooks", "permissionMode"]],
    ]);
  });
});

describe("Claude Code's YAML where roster's differs (seen in the real tool)", () => {
  const md = (front: string) => `---\n${front}\n---\nBody.\n`;
  const idOf = (front: string) => {
    const check = checkFileAs(claudeProfile, md(front), "/p/.claude/agents/a.md", "a.md");
    return check.ok ? check.id : `(${check.reason.code})`;
  };

  test("a merge key adds the keys not written beside it; a `!!binary` name is its text", () => {
    expect(idOf("<<: {name: merged, description: d}")).toBe("merged");
    expect(idOf("<<: [{name: first}, {name: second, description: d}]")).toBe("first");
    expect(idOf("name: own\n<<: {name: merged, description: d}")).toBe("own");
    expect(idOf("name: !!binary YmluYXJ5LW5hbWU=\ndescription: d")).toBe("YmluYXJ5LW5hbWU=");
  });

  test("a `<<` that is not a mapping or a list of them stays a key", () => {
    const parsed = (fields: Record<string, unknown>) => ({
      ok: true as const,
      keys: Object.keys(fields),
      fields,
    });
    expect(likeClaudeYaml(parsed({ "<<": "text", name: "a" }))).toEqual(parsed({ "<<": "text", name: "a" }));
    expect(likeClaudeYaml(parsed({ "<<": [{ a: 1 }, 2] }))).toEqual(parsed({ "<<": [{ a: 1 }, 2] }));
    expect(likeClaudeYaml(parsed({ "<<": { a: 1, b: 2 }, b: 3 }))).toEqual({
      ok: true,
      keys: ["b", "a"],
      fields: { b: 3, a: 1 },
    });
  });
});
