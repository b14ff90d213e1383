// SPEC §9, line by line, against the real stack (frontmatter parser → core loaders and
// merge → the family providers in the app's order). Every case puts one bad file (or
// fault) into a tree of good files and asserts two things: the diagnostic the user sees
// (code and message fragment, naming the file), and that every other file still loads
// with exactly the result it has without the bad one.
import { mkdirSync, utimesSync } from "node:fs";
import { join } from "node:path";
import {
  DiscoveryCache,
  type DiscoveryContext,
  discoverAgents,
  type FileSystem,
  getAgent,
} from "@roster/core";
import { parseFrontmatter } from "@roster/frontmatter";
import { agentFile, createSandbox, type Sandbox, type Tree } from "@roster/testkit";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  type AgentView,
  agentsView,
  appRegistry,
  BUNDLED_NAMES,
  deniedFileSystem,
  diagnosticsView,
  racingFileSystem,
  remove,
  rewrite,
  withFs,
} from "./harness.js";

const P = "project/.claude/agents";
const U = "home/.claude/agents";
const X = "project/.xcsh/agents";

/** The good files every case shares: three folders, one nested claude sub-folder. */
const GOOD: Tree = {
  [`${X}/x-one.md`]: agentFile("x-one"),
  [`${P}/aa-first.md`]: agentFile("aa-first", "first", "tools: Read, Grep"),
  [`${P}/nested/mid.md`]: agentFile("mid"),
  [`${P}/zz-last.md`]: agentFile("zz-last"),
  [`${U}/user-one.md`]: agentFile("user-one"),
};

const view = (name: string, file: string, extra: Partial<AgentView> = {}): AgentView => ({
  name,
  description: `${name} agent`,
  source: file.startsWith("home/") ? "user" : "project",
  provider: file.includes(".xcsh") ? "xcsh" : "claude",
  file,
  systemPrompt: `You are ${name}.`,
  ...extra,
});

const GOOD_VIEW: AgentView[] = [
  view("x-one", `${X}/x-one.md`),
  view("aa-first", `${P}/aa-first.md`, { description: "first", tools: ["read", "grep", "submit_result"] }),
  view("mid", `${P}/nested/mid.md`),
  view("zz-last", `${P}/zz-last.md`),
  view("user-one", `${U}/user-one.md`),
];

/** The good result with `loaded` inserted where a `${P}/m-*.md` file sorts (after aa-first). */
const expectedWith = (...loaded: AgentView[]) => [...GOOD_VIEW.slice(0, 2), ...loaded, ...GOOD_VIEW.slice(2)];

let box: Sandbox;
beforeEach(() => {
  box = createSandbox("roster-rel-");
});
afterEach(() => box.cleanup());

interface Expected {
  /** Agents the bad file itself contributes (placed after aa-first). */
  loads?: AgentView[];
  /** Agents of GOOD that must be missing because the fault hides them. */
  hides?: string[];
  /** Diagnostics the user sees: code, a fragment of the message, the file it names. */
  diagnostics: Array<{ code: string; message: string | RegExp; file: string; severity?: string }>;
}

async function discover(ctx: DiscoveryContext, options: { cache?: DiscoveryCache } = {}) {
  const discovery = await discoverAgents(appRegistry(), ctx, options);
  return {
    discovery,
    agents: agentsView(discovery, box.root),
    diagnostics: diagnosticsView(discovery.diagnostics, box.root),
  };
}

/** Writes GOOD plus `bad`, discovers, and checks the diagnostics and every good file's result. */
async function check(bad: Tree, expected: Expected, fs?: (b: Sandbox) => FileSystem) {
  box.write({ ...GOOD, ...bad });
  const ctx = fs ? withFs(box.ctx(), fs(box)) : box.ctx();
  const result = await discover(ctx);
  for (const d of expected.diagnostics) {
    expect(result.diagnostics).toContainEqual(
      expect.objectContaining({
        code: d.code,
        file: d.file,
        ...(d.severity ? { severity: d.severity } : {}),
        message:
          typeof d.message === "string"
            ? expect.stringContaining(d.message)
            : expect.stringMatching(d.message),
      }),
    );
  }
  // No good file gets a diagnostic: the bad one is contained.
  const goodFiles = new Set(Object.keys(GOOD));
  expect(result.diagnostics.filter((d) => d.file !== undefined && goodFiles.has(d.file))).toEqual([]);
  const hidden = new Set(expected.hides ?? []);
  expect(result.agents).toEqual(expectedWith(...(expected.loads ?? [])).filter((a) => !hidden.has(a.name)));
  // Bundled agents are still appended after every file.
  expect(result.discovery.agents.filter((a) => a.provider === "bundled").map((a) => a.name)).toEqual(
    BUNDLED_NAMES,
  );
  return result;
}

const bad = (name: string) => `${P}/${name}`;

test("control: the good tree alone loads exactly GOOD_VIEW with no diagnostics", async () => {
  box.write(GOOD);
  const result = await discover(box.ctx());
  expect(result.agents).toEqual(GOOD_VIEW);
  expect(result.diagnostics).toEqual([]);
});

describe("§9 malformed YAML, a list or scalar, an unclosed block, an empty file", () => {
  test("malformed YAML: yaml-error with its line, then the fallback recovers the plain fields", async () => {
    const file = bad("m-colon.md");
    await check(
      { [file]: "---\nname: m-colon\ndescription: Use when: reviewing\n---\nBody." },
      {
        loads: [view("m-colon", file, { description: "Use when: reviewing", systemPrompt: "Body." })],
        diagnostics: [
          { code: "frontmatter/yaml-error", message: "invalid YAML frontmatter", file },
          { code: "frontmatter/fallback", message: "name, description", file },
        ],
      },
    );
  });

  test("malformed YAML without plain fields: skipped, the yaml-error its one reason", async () => {
    const file = bad("m-broken.md");
    await check(
      { [file]: "---\n: : :\n  - [unclosed\n---\nBody." },
      {
        diagnostics: [{ code: "frontmatter/yaml-error", message: "invalid YAML", file }],
      },
    );
  });

  test("YAML that is a list", async () => {
    const file = bad("m-list.md");
    await check(
      { [file]: "---\n- name\n- description\n---\nBody." },
      {
        diagnostics: [{ code: "frontmatter/not-a-mapping", message: "got a list", file }],
      },
    );
  });

  test("YAML that is a scalar", async () => {
    const file = bad("m-scalar.md");
    await check(
      { [file]: "---\njust a sentence\n---\nBody." },
      {
        diagnostics: [{ code: "frontmatter/not-a-mapping", message: "got a string", file }],
      },
    );
  });

  test("an unclosed frontmatter block", async () => {
    const file = bad("m-unclosed.md");
    await check(
      { [file]: "---\nname: m-unclosed\ndescription: never closed\n\nBody." },
      {
        diagnostics: [{ code: "frontmatter/unclosed", message: "no closing `---`", file }],
      },
    );
  });

  test("an empty file: not an agent (documentation), an info", async () => {
    const file = bad("m-empty.md");
    await check(
      { [file]: "" },
      { diagnostics: [{ code: "agent/not-an-agent", message: "documentation", file, severity: "info" }] },
    );
  });
});

describe("§9 missing or empty name/description, non-string fields, unknown thinking level", () => {
  test("missing name", async () => {
    const file = bad("m-noname.md");
    await check(
      { [file]: "---\ndescription: no name\n---\nBody." },
      { diagnostics: [{ code: "agent/missing-name", message: "agent name is missing", file }] },
    );
  });

  test("empty name", async () => {
    const file = bad("m-emptyname.md");
    await check(
      { [file]: '---\nname: "  "\ndescription: blank name\n---\nBody.' },
      { diagnostics: [{ code: "agent/missing-name", message: "agent name is empty", file }] },
    );
  });

  test("missing description", async () => {
    const file = bad("m-nodesc.md");
    await check(
      { [file]: "---\nname: m-nodesc\n---\nBody." },
      { diagnostics: [{ code: "agent/missing-description", message: "agent description is missing", file }] },
    );
  });

  test("empty description", async () => {
    const file = bad("m-emptydesc.md");
    await check(
      { [file]: "---\nname: m-emptydesc\ndescription: ''\n---\nBody." },
      { diagnostics: [{ code: "agent/missing-description", message: "empty", file }] },
    );
  });

  test("a name that is a number", async () => {
    const file = bad("m-numname.md");
    await check(
      { [file]: "---\nname: 42\ndescription: numeric\n---\nBody." },
      { diagnostics: [{ code: "agent/missing-name", message: "not a string (number)", file }] },
    );
  });

  test("a description that is a list", async () => {
    const file = bad("m-listdesc.md");
    await check(
      { [file]: "---\nname: m-listdesc\ndescription: [a, b]\n---\nBody." },
      { diagnostics: [{ code: "agent/missing-description", message: "not a string (object)", file }] },
    );
  });

  test("non-string optional fields are dropped, the agent loads", async () => {
    const file = bad("m-oddfields.md");
    await check(
      {
        [file]:
          "---\nname: m-oddfields\ndescription: odd\ntools: 42\nmodel: {a: 1}\nblocking: maybe\n---\nBody.",
      },
      { loads: [view("m-oddfields", file, { description: "odd", systemPrompt: "Body." })], diagnostics: [] },
    );
  });

  test("an unknown thinking level is reported and dropped; the agent loads", async () => {
    const file = bad("m-think.md");
    await check(
      { [file]: "---\nname: m-think\ndescription: thinks\nthinking-level: galaxy-brain\n---\nBody." },
      {
        loads: [view("m-think", file, { description: "thinks", systemPrompt: "Body." })],
        diagnostics: [{ code: "agent/unknown-thinking-level", message: '"galaxy-brain" dropped', file }],
      },
    );
  });
});

describe("§9 a file over 1 MiB, binary content, invalid UTF-8", () => {
  test("a 5 MiB file is skipped with file-too-large", async () => {
    const file = bad("m-huge.md");
    const huge = agentFile("m-huge", "huge", "", "x".repeat(5 * 1024 * 1024));
    await check(
      { [file]: huge },
      {
        diagnostics: [
          { code: "load/file-too-large", message: "over the 1048576-byte limit", file, severity: "warning" },
        ],
      },
    );
  });

  test("a file of exactly 1 MiB still loads (the limit is 'over')", async () => {
    const file = bad("m-limit.md");
    const head = agentFile("m-limit", "at the limit", "", "");
    const body = "y".repeat(1024 * 1024 - Buffer.byteLength(head));
    const content = head + body;
    expect(Buffer.byteLength(content)).toBe(1024 * 1024);
    await check(
      { [file]: content },
      {
        loads: [view("m-limit", file, { description: "at the limit", systemPrompt: body })],
        diagnostics: [],
      },
    );
  });

  test("binary content with NUL bytes: no frontmatter, so not an agent", async () => {
    const file = bad("m-binary.md");
    const png = Buffer.from([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52,
    ]);
    await check(
      { [file]: png },
      {
        diagnostics: [
          { code: "load/invalid-utf8", message: "U+FFFD", file },
          { code: "agent/not-an-agent", message: "documentation", file, severity: "info" },
        ],
      },
    );
  });

  test("NUL bytes inside an otherwise valid agent load as written", async () => {
    const file = bad("m-nul.md");
    await check(
      { [file]: "---\nname: m-nul\ndescription: has nul\n---\nbefore\u0000after" },
      {
        loads: [view("m-nul", file, { description: "has nul", systemPrompt: "before\u0000after" })],
        diagnostics: [],
      },
    );
  });

  test("invalid UTF-8: replaced with U+FFFD and a warning; the file still loads", async () => {
    const file = bad("m-latin1.md");
    const bytes = Buffer.concat([
      Buffer.from("---\nname: m-latin1\ndescription: caf"),
      Buffer.from([0xe9]),
      Buffer.from("\n---\nna"),
      Buffer.from([0xef, 0xbb]), // a truncated sequence
      Buffer.from("ve"),
    ]);
    await check(
      { [file]: bytes },
      {
        loads: [view("m-latin1", file, { description: "caf\uFFFD", systemPrompt: "na\uFFFDve" })],
        diagnostics: [{ code: "load/invalid-utf8", message: "not valid UTF-8", file, severity: "warning" }],
      },
    );
  });
});

describe("§9 CRLF, BOM, tabs, HTML comments, `---` inside the body", () => {
  test("CRLF line endings", async () => {
    const file = bad("m-crlf.md");
    await check(
      { [file]: "---\r\nname: m-crlf\r\ndescription: windows\r\n---\r\nline one\r\nline two\r\n" },
      {
        loads: [view("m-crlf", file, { description: "windows", systemPrompt: "line one\nline two" })],
        diagnostics: [],
      },
    );
  });

  test("lone CR line endings", async () => {
    const file = bad("m-cr.md");
    await check(
      { [file]: "---\rname: m-cr\rdescription: old mac\r---\rone\rtwo" },
      { loads: [view("m-cr", file, { description: "old mac", systemPrompt: "one\ntwo" })], diagnostics: [] },
    );
  });

  test("a UTF-8 BOM", async () => {
    const file = bad("m-bom.md");
    await check({ [file]: `\uFEFF${agentFile("m-bom")}` }, { loads: [view("m-bom", file)], diagnostics: [] });
  });

  test("tabs in the frontmatter become indentation", async () => {
    const file = bad("m-tabs.md");
    await check(
      { [file]: "---\nname: m-tabs\ndescription: tabbed\ntools:\n\t- Read\n\t- Bash\n---\nBody." },
      {
        loads: [
          view("m-tabs", file, {
            description: "tabbed",
            systemPrompt: "Body.",
            tools: ["read", "bash", "submit_result"],
          }),
        ],
        diagnostics: [],
      },
    );
  });

  test("HTML comments are removed from the frontmatter, even across lines; the body keeps them (SPEC §15)", async () => {
    const file = bad("m-comment.md");
    await check(
      {
        [file]:
          "---\nname: m-comment\n<!-- description: hidden\n-->\ndescription: visible <!-- not this -->\n---\nKeep <!-- drop\nthis --> that.",
      },
      {
        loads: [
          view("m-comment", file, { description: "visible", systemPrompt: "Keep <!-- drop\nthis --> that." }),
        ],
        diagnostics: [],
      },
    );
  });

  test("`---` inside the body stays in the body", async () => {
    const file = bad("m-rule.md");
    await check(
      { [file]: "---\nname: m-rule\ndescription: ruled\n---\nabove\n---\nbelow\n---\n" },
      {
        loads: [view("m-rule", file, { description: "ruled", systemPrompt: "above\n---\nbelow\n---" })],
        diagnostics: [],
      },
    );
  });

  test("everything at once: BOM, CRLF, tabs, comment and a body rule", async () => {
    const file = bad("m-all.md");
    await check(
      {
        [file]:
          "\uFEFF---\r\nname: m-all\r\n<!-- c -->description: mixed\r\ntools:\r\n\t- Read\r\n---\r\nA\r\n---\r\nB\r\n",
      },
      {
        loads: [
          view("m-all", file, {
            description: "mixed",
            systemPrompt: "A\n---\nB",
            tools: ["read", "submit_result"],
          }),
        ],
        diagnostics: [],
      },
    );
  });
});

describe("§9 YAML alias bombs and deeply nested documents inside real agent files", () => {
  const laughs = [
    'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
    ...Array.from({ length: 8 }, (_, i) => {
      const prev = String.fromCharCode(97 + i);
      const next = String.fromCharCode(98 + i);
      return `${next}: &${next} [${Array(9).fill(`*${prev}`).join(",")}]`;
    }),
  ].join("\n");

  test("a billion-laughs document fails fast; the fallback still reads the plain fields", async () => {
    const file = bad("m-bomb.md");
    await check(
      { [file]: `---\nname: m-bomb\ndescription: laughs\n${laughs}\n---\nBody.` },
      {
        loads: [view("m-bomb", file, { description: "laughs", systemPrompt: "Body." })],
        diagnostics: [
          { code: "frontmatter/yaml-error", message: /alias/i, file },
          { code: "frontmatter/fallback", message: "name, description", file },
        ],
      },
    );
  });

  test("10,000 nested flow brackets are refused before YAML runs", async () => {
    const file = bad("m-deep.md");
    const deep = `${"[".repeat(10_000)}${"]".repeat(10_000)}`;
    await check(
      { [file]: `---\nname: m-deep\ndescription: deep\nnest: ${deep}\n---\nBody.` },
      {
        loads: [view("m-deep", file, { description: "deep", systemPrompt: "Body." })],
        diagnostics: [{ code: "frontmatter/too-deep", message: "deeper than 256 levels", file }],
      },
    );
  });

  test("1,000 nested block lists are refused too", async () => {
    const file = bad("m-deepblock.md");
    const lines = Array.from({ length: 1000 }, (_, i) => `${"  ".repeat(i)}- x${i}:`).join("\n");
    await check(
      { [file]: `---\nname: m-deepblock\ndescription: deep\nnest:\n${lines}\n---\nBody.` },
      {
        loads: [view("m-deepblock", file, { description: "deep", systemPrompt: "Body." })],
        diagnostics: [{ code: "frontmatter/too-deep", message: "deeper than 256", file }],
      },
    );
  });

  const selfAlias = "---\nname: m-cycle\ndescription: cyclic\nloop: &a [*a]\n---\nBody.";

  test("a self-referencing alias never crashes discovery; the file gets a diagnostic", async () => {
    const file = bad("m-cycle.md");
    box.write({ ...GOOD, [file]: selfAlias });
    const result = await discover(box.ctx());
    // Today the parser throws and core reports load/parse-error (skipping the file); once
    // the parser handles cycles, a frontmatter/* warning and a fallback load are right too.
    const mine = result.diagnostics.filter((d) => d.file === file);
    expect(
      mine.map((d) => d.code).some((c) => c === "load/parse-error" || c.startsWith("frontmatter/")),
    ).toBe(true);
    const cycle = view("m-cycle", file, { description: "cyclic", systemPrompt: "Body." });
    expect([GOOD_VIEW, expectedWith(cycle)]).toContainEqual(result.agents);
    expect(result.diagnostics.filter((d) => d.file !== file)).toEqual([]);
  });

  // A YAML alias inside its own anchor (`loop: &a [*a]`) is a cycle: a yaml-error, then the fallback.
  test("a self-referencing alias is a yaml-error and the plain fields still load", () => {
    const result = parseFrontmatter(selfAlias, { level: "warn" });
    expect(result.frontmatter.name).toBe("m-cycle");
    expect(result.diagnostics[0]).toMatchObject({ code: "frontmatter/yaml-error" });
  });
});

describe("§9 symlink loops, dangling symlinks, a directory named x.md, unreadable files and folders", () => {
  test("a two-link symlink loop and a self-loop inside the recursive claude folder", async () => {
    mkdirSync(join(box.root, P, "sub"), { recursive: true });
    await check(
      {
        [bad("m-loop-a.md")]: { symlink: "m-loop-b.md" },
        [bad("m-loop-b.md")]: { symlink: "m-loop-a.md" },
        [bad("sub/self.md")]: { symlink: "self.md" },
      },
      {
        diagnostics: [
          { code: "load/broken-symlink", message: "a symlink loop", file: bad("m-loop-a.md") },
          { code: "load/broken-symlink", message: "a symlink loop", file: bad("m-loop-b.md") },
          { code: "load/broken-symlink", message: "a symlink loop", file: bad("sub/self.md") },
        ],
      },
    );
  });

  test("a folder symlink pointing back up is not entered (no infinite recursion)", async () => {
    await check(
      {
        [bad("nested/up")]: { symlink: ".." },
        [bad("nested/up.md")]: { symlink: "." },
        [bad("nested/root")]: { symlink: "/" },
      },
      {
        diagnostics: [
          {
            code: "load/not-a-file",
            message: "links to a folder",
            file: bad("nested/up.md"),
            severity: "info",
          },
        ],
      },
    );
  });

  test("a dangling symlink", async () => {
    await check(
      { [bad("m-dangling.md")]: { symlink: "does-not-exist.md" } },
      {
        diagnostics: [
          { code: "load/broken-symlink", message: "a dangling symlink", file: bad("m-dangling.md") },
        ],
      },
    );
  });

  test("a symlink to a good file elsewhere in the project loads it under the link's path", async () => {
    await check(
      {
        "project/docs/real.md": agentFile("m-linked"),
        [bad("m-linked.md")]: { symlink: join("..", "..", "docs", "real.md") },
      },
      { loads: [view("m-linked", bad("m-linked.md"))], diagnostics: [] },
    );
  });

  test("a symlink to a file outside the project is skipped and never read (load/outside-root)", async () => {
    await check(
      {
        "elsewhere/real.md": agentFile("m-linked"),
        [bad("m-linked.md")]: { symlink: join("..", "..", "..", "elsewhere", "real.md") },
      },
      {
        diagnostics: [
          { code: "load/outside-root", message: "file skipped: its real path", file: bad("m-linked.md") },
        ],
      },
    );
  });

  test("a folder named x.md: an info diagnostic; in a recursive claude folder its files still count", async () => {
    await check(
      { [bad("m-dir.md/inner.md")]: agentFile("m-inner") },
      {
        loads: [view("m-inner", bad("m-dir.md/inner.md"))],
        diagnostics: [
          {
            code: "load/not-a-file",
            message: "is a folder, not a file",
            file: bad("m-dir.md"),
            severity: "info",
          },
        ],
      },
    );
  });

  test("a folder named x.md in a flat (xcsh) folder: info, nothing read from it", async () => {
    await check(
      { [`${X}/y.md/inner.md`]: agentFile("never") },
      {
        diagnostics: [
          { code: "load/not-a-file", message: "is a folder", file: `${X}/y.md`, severity: "info" },
        ],
      },
    );
  });

  test("an unreadable file (EACCES through ctx.fs): read-error naming it, the rest loads", async () => {
    const file = bad("m-secret.md");
    await check(
      { [file]: agentFile("m-secret") },
      { diagnostics: [{ code: "load/read-error", message: "permission denied", file, severity: "warning" }] },
      (b) => deniedFileSystem({ read: [join(b.root, file)] }),
    );
  });

  test("an unreadable sub-folder: info, read as empty, siblings load", async () => {
    await check(
      {},
      {
        hides: ["mid"],
        diagnostics: [
          {
            code: "load/unreadable-directory",
            message: "permission denied",
            file: `${P}/nested`,
            severity: "info",
          },
        ],
      },
      (b) => deniedFileSystem({ list: [join(b.root, P, "nested")] }),
    );
  });

  test("an unreadable location folder (stat denied): info, the other locations load", async () => {
    await check(
      {},
      {
        hides: ["user-one"],
        diagnostics: [
          { code: "load/unreadable-directory", message: "permission denied", file: U, severity: "info" },
        ],
      },
      (b) => deniedFileSystem({ stat: [join(b.root, U)] }),
    );
  });
});

describe("§9 a file deleted or changed between listing and reading", () => {
  test("deleted after listing: read-error 'no longer exists'", async () => {
    const file = bad("m-gone.md");
    await check(
      { [file]: agentFile("m-gone") },
      { diagnostics: [{ code: "load/read-error", message: "it no longer exists", file }] },
      (b) => racingFileSystem(join(b.root, P), remove(join(b.root, file))),
    );
  });

  test("rewritten after listing: the new content is what loads", async () => {
    const file = bad("m-changed.md");
    await check(
      { [file]: agentFile("m-before") },
      { loads: [view("m-after", file, { description: "rewritten" })], diagnostics: [] },
      (b) =>
        racingFileSystem(
          join(b.root, P),
          rewrite(join(b.root, file), agentFile("m-after", "rewritten", "", "You are m-after.")),
        ),
    );
  });

  test("rewritten into garbage after listing: the garbage's diagnostic, nothing else changes", async () => {
    const file = bad("m-spoiled.md");
    await check(
      { [file]: agentFile("m-spoiled") },
      { diagnostics: [{ code: "frontmatter/unclosed", message: "no closing", file }] },
      (b) => racingFileSystem(join(b.root, P), rewrite(join(b.root, file), "---\nname: m-spoiled\n")),
    );
  });

  test("replaced by a folder after listing: skipped, not a regular file", async () => {
    const file = bad("m-dirnow.md");
    await check(
      { [file]: agentFile("m-dirnow") },
      { diagnostics: [{ code: "load/not-a-regular-file", message: "it is a folder", file }] },
      (b) =>
        racingFileSystem(join(b.root, P), () => {
          remove(join(b.root, file))();
          mkdirSync(join(b.root, file));
        }),
    );
  });

  test("grown past 1 MiB after listing: file-too-large", async () => {
    const file = bad("m-grown.md");
    await check(
      { [file]: agentFile("m-grown") },
      { diagnostics: [{ code: "load/file-too-large", message: "1048576-byte limit", file }] },
      (b) =>
        racingFileSystem(
          join(b.root, P),
          rewrite(join(b.root, file), agentFile("m-grown", "big", "", "z".repeat(2 << 20))),
        ),
    );
  });

  test("with a warm cache, a file deleted between listing and reading is dropped, not served stale", async () => {
    const file = bad("m-cached.md");
    box.write({ ...GOOD, [file]: agentFile("m-cached") });
    const cache = new DiscoveryCache();
    const warm = await discover(box.ctx(), { cache });
    expect(warm.agents).toEqual(expectedWith(view("m-cached", file)));
    // Deleting changes the folder, so the listing is redone; make the race hit that listing.
    const path = join(box.root, file);
    const fs = racingFileSystem(join(box.root, P), remove(path));
    // Touch the folder so its cached listing is not trusted and readdir runs.
    const past = new Date(Date.now() - 30_000);
    utimesSync(join(box.root, P), past, past);
    const raced = await discover(withFs(box.ctx(), fs), { cache });
    expect(raced.agents).toEqual(GOOD_VIEW);
    expect(raced.diagnostics).toContainEqual(expect.objectContaining({ code: "load/read-error", file }));
    const after = await discover(box.ctx(), { cache });
    expect(after.agents).toEqual(GOOD_VIEW);
    expect(after.diagnostics).toEqual([]);
  });
});

describe("§9 names with path separators, `..`, control characters or outer spaces", () => {
  const cases: Array<[string, string, string]> = [
    ["a path separator", '"team/reviewer"', "team/reviewer"],
    ["a backslash", '"team\\\\reviewer"', "team\\reviewer"],
    ["`..`", '"../../etc/passwd"', "../../etc/passwd"],
    ["a control character", '"bell\\x07name"', "bell\u0007name"],
    ["a newline", '"two\\nlines"', "two\nlines"],
    ["leading and trailing spaces", '"  padded  "', "  padded  "],
  ];
  test.each(cases)(
    "a name with %s loads as written, is found by exact name, and warns",
    async (_, yaml, name) => {
      const file = bad("m-odd.md");
      const result = await check(
        { [file]: `---\nname: ${yaml}\ndescription: odd name\n---\nBody.` },
        {
          loads: [view(name, file, { description: "odd name", systemPrompt: "Body." })],
          diagnostics: [{ code: "agent/suspicious-name", message: "loaded as written", file }],
        },
      );
      const found = getAgent(result.discovery, name);
      expect(found?.name).toBe(name);
      // The name never builds a path: the definition points at the file it came from.
      expect(found?.filePath).toBe(join(box.root, file));
      if (name !== name.trim()) expect(getAgent(result.discovery, name.trim())).toBeUndefined();
    },
  );

  test("odd file names (spaces, control characters) are read like any other", async () => {
    await check(
      { [bad("m space .md")]: agentFile("m-space"), [bad("m\u0001ctl.md")]: agentFile("m-ctl") },
      { loads: [view("m-ctl", bad("m\u0001ctl.md")), view("m-space", bad("m space .md"))], diagnostics: [] },
    );
  });
});

describe("one bad file of every kind at once", () => {
  test("the good files still load exactly, and each bad file has its own diagnostic", async () => {
    const kinds: Tree = {
      [bad("m1.md")]: "---\n- a\n---\n",
      [bad("m2.md")]: "---\nname: m2\n",
      [bad("m3.md")]: "",
      [bad("m4.md")]: Buffer.from([0, 0xff, 0]),
      [bad("m5.md")]: { symlink: "missing.md" },
      [bad("m6.md/x.txt")]: "not markdown",
      [bad("m7.md")]: "---\nname: 7\ndescription: x\n---\n",
      [bad("m8.md")]: `---\nname: m8\ndescription: d\nn: ${"{".repeat(300)}\n---\n`,
    };
    box.write({ ...GOOD, ...kinds });
    const result = await discover(box.ctx());
    expect(result.agents).toEqual(
      expectedWith(view("m8", bad("m8.md"), { description: "d", systemPrompt: "" })),
    );
    const codes = (file: string) => result.diagnostics.filter((d) => d.file === file).map((d) => d.code);
    // Exactly one diagnostic explains each skip.
    expect(codes(bad("m1.md"))).toEqual(["frontmatter/not-a-mapping"]);
    expect(codes(bad("m2.md"))).toEqual(["frontmatter/unclosed"]);
    expect(codes(bad("m3.md"))).toEqual(["agent/not-an-agent"]);
    expect(codes(bad("m4.md"))).toEqual(["load/invalid-utf8", "agent/not-an-agent"]);
    expect(codes(bad("m5.md"))).toEqual(["load/broken-symlink"]);
    expect(codes(bad("m6.md"))).toEqual(["load/not-a-file"]);
    expect(codes(bad("m7.md"))).toEqual(["agent/missing-name"]);
    expect(codes(bad("m8.md"))).toEqual(["frontmatter/too-deep", "frontmatter/fallback"]);
  });
});
