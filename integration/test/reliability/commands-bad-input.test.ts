// SPEC §9 for workflow commands (`@roster/commands` over the same core loaders): each bad
// file or fault gets its diagnostic and every other command keeps its exact result.
import { join } from "node:path";
import { discoverCommands, getCommand } from "@roster/commands";
import { createSandbox, type Sandbox, type Tree } from "@roster/testkit";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  appRegistry,
  deniedFileSystem,
  diagnosticsView,
  racingFileSystem,
  relativeTo,
  remove,
  withFs,
} from "./harness.js";

const C = "project/.claude/commands";
const G = "home/.gemini/commands";

const GOOD: Tree = {
  [`${C}/aa.md`]: "---\ndescription: first\n---\nDo $ARGUMENTS.",
  [`${C}/frontend/component.md`]: "---\ndescription: make one\n---\nMake $1.",
  [`${C}/zz.md`]: "Last.",
  [`${G}/git/commit.toml`]: 'description = "commit"\nprompt = "Commit {{args}}"\n',
};
const GOOD_VIEW = [
  { name: "aa", description: "first", instructions: "Do $ARGUMENTS.", file: `${C}/aa.md` },
  {
    name: "component",
    description: "make one",
    instructions: "Make $1.",
    file: `${C}/frontend/component.md`,
  },
  { name: "zz", description: "", instructions: "Last.", file: `${C}/zz.md` },
  {
    name: "git:commit",
    description: "commit",
    instructions: "Commit {{args}}",
    file: `${G}/git/commit.toml`,
  },
];
type View = (typeof GOOD_VIEW)[number];
/** GOOD_VIEW with `loaded` at `at` (2: after frontend/component.md, where `${C}/m*.md` sorts). */
const expectedWith = (loaded: View[], at = 2) => [
  ...GOOD_VIEW.slice(0, at),
  ...loaded,
  ...GOOD_VIEW.slice(at),
];

let box: Sandbox;
beforeEach(() => {
  box = createSandbox("roster-rel-cmd-");
});
afterEach(() => box.cleanup());

async function check(
  bad: Tree,
  expected: {
    loads?: View[];
    at?: number;
    diagnostics: Array<{ code: string; message: string; file: string }>;
  },
  fs?: () => ReturnType<typeof deniedFileSystem>,
) {
  box.write({ ...GOOD, ...bad });
  const ctx = fs ? withFs(box.ctx(), fs()) : box.ctx();
  const discovery = await discoverCommands(appRegistry(), ctx);
  const rel = relativeTo(box.root);
  const commands = discovery.commands
    .filter((c) => c.provider !== "bundled")
    .map((c) => ({
      name: c.name,
      description: c.description,
      instructions: c.instructions,
      file: rel(c.filePath),
    }));
  const diagnostics = diagnosticsView(discovery.diagnostics, box.root);
  for (const d of expected.diagnostics) {
    expect(diagnostics).toContainEqual(
      expect.objectContaining({ ...d, message: expect.stringContaining(d.message) }),
    );
  }
  const goodFiles = new Set(Object.keys(GOOD));
  expect(diagnostics.filter((d) => d.file && goodFiles.has(d.file))).toEqual([]);
  expect(commands).toEqual(expectedWith(expected.loads ?? [], expected.at));
  // The bundled command is still there.
  expect(getCommand(discovery.commands, "init")?.provider).toBe("bundled");
  return discovery;
}

test("control: the good tree alone", async () => {
  await check({}, { diagnostics: [] });
});

describe("bad command files", () => {
  test("a 5 MiB command is skipped", async () => {
    const file = `${C}/m-huge.md`;
    await check(
      { [file]: "x".repeat(5 << 20) },
      { diagnostics: [{ code: "load/file-too-large", message: "1048576", file }] },
    );
  });

  test("binary content loads as text with a UTF-8 warning (a command needs no frontmatter)", async () => {
    const file = `${C}/m-bin.md`;
    await check(
      { [file]: Buffer.from([0x00, 0xff, 0x41]) },
      {
        loads: [{ name: "m-bin", description: "", instructions: "\u0000\uFFFDA", file }],
        diagnostics: [{ code: "load/invalid-utf8", message: "U+FFFD", file }],
      },
    );
  });

  test("malformed YAML: the fallback keeps the description", async () => {
    const file = `${C}/m-yaml.md`;
    await check(
      { [file]: "---\ndescription: Use when: x\nargument-hint: [a\n---\nGo." },
      {
        loads: [{ name: "m-yaml", description: "Use when: x", instructions: "Go.", file }],
        diagnostics: [{ code: "frontmatter/yaml-error", message: "invalid YAML", file }],
      },
    );
  });

  test("an empty file loads with an empty-instructions warning", async () => {
    const file = `${C}/m-empty.md`;
    await check(
      { [file]: "" },
      {
        loads: [{ name: "m-empty", description: "", instructions: "", file }],
        diagnostics: [{ code: "command/empty-instructions", message: "empty body", file }],
      },
    );
  });

  test("a file named only `.md` has no name: skipped with an error", async () => {
    const file = `${C}/.md`;
    await check(
      { [file]: "Nameless." },
      { diagnostics: [{ code: "command/missing-name", message: "no command name", file }] },
    );
  });

  test("a file stem with outer spaces is a suspicious name, found by exact lookup", async () => {
    const file = `${C}/ m-spaced .md`;
    const d = await check(
      { [file]: "Spaced." },
      {
        loads: [{ name: " m-spaced ", description: "", instructions: "Spaced.", file }],
        at: 0, // " " sorts before every letter
        diagnostics: [{ code: "command/suspicious-name", message: "leading or trailing spaces", file }],
      },
    );
    expect(getCommand(d.commands, " m-spaced ")?.filePath).toBe(join(box.root, file));
  });

  test("a non-string description is dropped with a warning", async () => {
    const file = `${C}/m-desc.md`;
    await check(
      { [file]: "---\ndescription: [1, 2]\n---\nGo." },
      {
        loads: [{ name: "m-desc", description: "", instructions: "Go.", file }],
        diagnostics: [{ code: "command/invalid-description", message: "", file }],
      },
    );
  });

  test("a Gemini TOML command that is not TOML, and one without prompt", async () => {
    await check(
      { [`${G}/broken.toml`]: "prompt = [unclosed", [`${G}/noprompt.toml`]: 'description = "d"\n' },
      {
        diagnostics: [
          { code: "gemini/toml-error", message: "", file: `${G}/broken.toml` },
          { code: "gemini/missing-prompt", message: "", file: `${G}/noprompt.toml` },
        ],
      },
    );
  });
});

describe("file-system faults under commands/", () => {
  test("symlink loop, dangling symlink, folder named x.md", async () => {
    await check(
      {
        [`${C}/m-loop.md`]: { symlink: "m-loop.md" },
        [`${C}/m-dangle.md`]: { symlink: "gone.md" },
        [`${C}/m-dir.md/inner.txt`]: "not a command",
      },
      {
        diagnostics: [
          { code: "load/broken-symlink", message: "symlink loop", file: `${C}/m-loop.md` },
          { code: "load/broken-symlink", message: "dangling", file: `${C}/m-dangle.md` },
          { code: "load/not-a-file", message: "is a folder", file: `${C}/m-dir.md` },
        ],
      },
    );
  });

  test("an unreadable command file", async () => {
    const file = `${C}/m-secret.md`;
    await check(
      { [file]: "Secret." },
      { diagnostics: [{ code: "load/read-error", message: "permission denied", file }] },
      () => deniedFileSystem({ read: [join(box.root, file)] }),
    );
  });

  test("a command deleted between listing and reading", async () => {
    const file = `${C}/m-gone.md`;
    await check(
      { [file]: "Gone." },
      { diagnostics: [{ code: "load/read-error", message: "no longer exists", file }] },
      () => racingFileSystem(join(box.root, C), remove(join(box.root, file))),
    );
  });
});
