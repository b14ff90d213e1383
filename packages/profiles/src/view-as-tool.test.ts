import { execFileSync } from "node:child_process";
import { symlinkSync } from "node:fs";
import { join } from "node:path";
import { createRegistry, defineProvider } from "@roster/core";
import type { ProfileParse, ToolProfile } from "@roster/family";
import { agentFile, createSandbox, type Sandbox } from "@roster/testkit";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { flatProfile } from "../test/flat-profile.js";
import { checkFileAs, checkFileAsEach, parseMarkdownForTool, viewAsTool } from "./view-as-tool.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox("roster-view-");
});
afterEach(() => sb.cleanup());

const base = flatProfile("demo", "Demo", ".demo/agents");

describe("viewAsTool", () => {
  test("places in order with their status; first wins; a file overrides an overridable built-in", async () => {
    sb.write({
      "project/.demo/agents/a.md": agentFile("a", "project a"),
      "project/.demo/agents/helper.md": agentFile("helper", "mine"),
      "home/.demo/agents/a.md": agentFile("a", "user a"),
    });
    const view = await viewAsTool(base, sb.ctx());
    expect(view.places.map((p) => [p.scope, p.status])).toEqual([
      ["project", "read"],
      ["user", "read"],
    ]);
    expect(view.agents.map((a) => [a.id, a.scope, a.description])).toEqual([
      ["a", "project", "project a"],
      ["helper", "project", "mine"],
    ]);
    expect(view.files.map((f) => f.outcome)).toEqual(["loaded", "loaded", "shadowed"]);
  });

  test("a focused view keeps what is about its ids and files, decided in the whole order; prompts: false keeps none", async () => {
    sb.write({
      "project/.demo/agents/a.md": agentFile("a", "project a"),
      "project/.demo/agents/b.md": agentFile("b", "project b"),
      "project/.demo/agents/bad.md": "---\nname: bad\n---\n",
      "project/.demo/agents/sub/deep.md": agentFile("deep", "not read"),
      "home/.demo/agents/a.md": agentFile("a", "user a"),
      "home/.demo/agents/c.md": agentFile("c", "user c"),
    });
    const whole = await viewAsTool(base, sb.ctx());
    const userC = join(sb.home, ".demo/agents/c.md");
    const focused = await viewAsTool(base, sb.ctx(), {
      focus: { ids: new Set(["a"]), files: new Set([userC]) },
    });
    const about = (f: { id?: string; filePath?: string }) => f.id === "a" || f.filePath === userC;
    // The same records as the whole view's, for the files it keeps: shadowing still seen.
    expect(focused.files).toEqual(whole.files.filter(about));
    expect(focused.files.map((f) => f.outcome)).toEqual(["loaded", "shadowed", "loaded"]);
    // Built-ins too: only those of its ids.
    expect(focused.agents).toEqual(whole.agents.filter(about));
    expect(focused.places).toEqual(whole.places);
    const bare = await viewAsTool(base, sb.ctx(), { prompts: false });
    expect(bare.agents.map((a) => a.prompt)).toEqual(whole.agents.map(() => undefined));
    expect(bare.files.filter((f) => f.prompt !== undefined)).toEqual([]);
    expect(bare.files.map((f) => f.outcome)).toEqual(whole.files.map((f) => f.outcome));
    expect(whole.files.some((f) => f.prompt !== undefined)).toBe(true);
  });

  test("borrowed places come from another provider through the registry, with only-files honoured", async () => {
    sb.write({
      "plug/agents/x.md": agentFile("x"),
      "plug/extra/one.md": agentFile("one"),
      "plug/extra/two.md": agentFile("two"),
    });
    const plugin = { id: "p@m", name: "p", marketplace: "m", version: "1" };
    const registry = createRegistry([
      defineProvider({
        id: "other",
        locate: () => [
          { dir: join(sb.root, "plug/agents"), scope: "user" as const, plugin },
          { dir: join(sb.root, "plug/extra"), scope: "user" as const, plugin, only: ["two.md"] },
        ],
      }),
    ]);
    const profile = { ...base, borrows: [{ provider: "other", scope: "plugin" as const }] };
    const view = await viewAsTool(profile, sb.ctx(), { registry });
    expect(view.files.map((f) => [f.relativePath, f.id, f.scope])).toEqual([
      ["x.md", "p:x", "plugin"],
      ["two.md", "p:two", "plugin"],
    ]);
    // Without a registry the borrowed places are simply not there.
    expect((await viewAsTool(profile, sb.ctx())).places).toHaveLength(2);
  });

  test("strict keys name every unknown key; a rejected file keeps the identity it would have had", () => {
    const strict = { ...base, unknownKeys: "reject" as const };
    const check = checkFileAs(strict, agentFile("a", "d", "color: blue\nhooks: {}"), "/x/a.md", "a.md");
    expect(check).toEqual({
      ok: false,
      id: "a",
      reason: {
        code: "tool/unknown-key",
        message: "Demo rejects it because of keys `color`, `hooks` (it accepts only name, description)",
        field: "color",
      },
    });
    expect(checkFileAs(base, agentFile("a", "d", "color: blue"), "/x/a.md", "a.md")).toMatchObject({
      ok: true,
      id: "a",
    });
  });

  test("checkFileAsEach answers as checkFileAs for each tool, parsing a text once for the tools that share a parser", () => {
    const answers: ProfileParse[] = [];
    const seeing = (profile: ToolProfile): ToolProfile => ({
      ...profile,
      parse: (content, filePath) => {
        const parsed = parseMarkdownForTool(content, filePath);
        answers.push(parsed);
        return parsed;
      },
    });
    const strict = { ...base, unknownKeys: "reject" as const };
    const profiles = [seeing(base), seeing(strict), base];
    for (const text of [
      agentFile("a", "d", "color: blue"),
      agentFile("a", "d"),
      "no frontmatter",
      "---\n: [\n---\n",
    ]) {
      answers.length = 0;
      expect(checkFileAsEach(profiles, text, "/x/a.md", "a.md")).toEqual(
        profiles.map((profile) => checkFileAs(profile, text, "/x/a.md", "a.md")),
      );
      // The first two parses were one: the same answer object, not two parses of one text.
      expect(answers[0]).toBe(answers[1]);
      // Alone, each check parses for itself.
      expect(answers[2]).not.toBe(answers[3]);
    }
  });

  test("a hostile folder: a FIFO, a symlink loop and a linked folder are reported or passed over, never hang", async () => {
    sb.write({ "project/.demo/agents/good.md": agentFile("good"), "project/.demo/agents/sub": null });
    const dir = join(sb.project, ".demo/agents");
    symlinkSync("loop.md", join(dir, "loop.md"));
    symlinkSync("/", join(dir, "root-link"));
    let fifo = true;
    try {
      execFileSync("mkfifo", [join(dir, "pipe.md")]);
    } catch {
      fifo = false;
    }
    const view = await viewAsTool({ ...base, recursive: true }, sb.ctx());
    const outcomes = Object.fromEntries(view.files.map((f) => [f.relativePath, [f.outcome, f.reason?.code]]));
    expect(outcomes["good.md"]).toEqual(["loaded", undefined]);
    expect(outcomes["loop.md"]).toEqual(["rejected", "tool/unreadable"]);
    expect(Object.keys(outcomes).some((p) => p.startsWith("root-link/"))).toBe(false);
    if (fifo) expect(outcomes["pipe.md"]).toBeUndefined();
  });
});

describe("the keys a view reads as written", () => {
  /** The reading before it split only the block: the whole text normalised, then split. */
  function keysOfWholeText(content: string): string[] {
    const text = content.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
    if (!text.startsWith("---")) return [];
    const end = text.indexOf("\n---", 3);
    const block = end === -1 ? text.slice(3) : text.slice(3, end);
    const keys: string[] = [];
    for (const line of block.split("\n")) {
      const match = /^([^\s#:'"-][^:]*?|-[^\s:][^:]*?|"[^"]*"|'[^']*'):(\s|$)/.exec(line);
      if (match) keys.push(match[1]!.replace(/^["']|["']$/g, ""));
    }
    return keys;
  }
  const piece = fc.constantFrom(
    "---",
    "\n",
    "\r",
    "\r\n",
    "\uFEFF",
    "name: a",
    "'q': 1",
    "x:",
    " y: 2",
    "-z: 3",
    "#c: 4",
    "b",
  );
  const text = fc.array(piece, { maxLength: 14 }).map((parts) => parts.join(""));

  test("are those of the whole text normalised: only the frontmatter block is split (fast-check)", () => {
    fc.assert(
      fc.property(text, (content) => {
        const parsed = parseMarkdownForTool(content, "/x/a.md");
        if (!parsed.ok) return;
        expect(parsed.keys).toEqual(keysOfWholeText(content));
      }),
      { numRuns: 3000 },
    );
  });
});
