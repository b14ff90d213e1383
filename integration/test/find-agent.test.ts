// `findAgent` (a one-name lookup that reads family by family and stops at the first family
// defining the name) against `getAgent` over a whole discovery: the same agent, prompt
// included, for every name a tree has (winners, shadowed ones, plugin scoped ids, copies,
// bundled agents) and for unknown ones; on the fixture tree with copies and look-alike names
// added, on generated worlds (fast-check) and on a generated bench tree. Undefined is allowed
// only where the whole discovery must decide (no definition but a copy, none at all, or a
// bare name with a colon, which answers only when no plugin of that name exists).
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { createDefaultRegistry } from "@roster/cli";
import {
  type AgentDefinition,
  type AgentDiscovery,
  createRegistry,
  type DiscoveryContext,
  defineProvider,
  discoverAgents,
  type FileFormat,
  type FileSystem,
  fileSystemOf,
  findAgent,
  findAgentAgain,
  findAgentAt,
  getAgent,
  markdownFormat,
  reshapeParsed,
  scopedId,
} from "@roster/core";
import { agentFile, copyFixtureTree } from "@roster/testkit";
import fc from "fast-check";
import { afterAll, beforeAll, expect, test } from "vitest";
import { generateTree } from "../../bench/generate.mjs";
import { fcParams } from "./reliability/harness.js";

let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "roster-find-agent-"));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const registry = createDefaultRegistry();

/** An agent as a user sees all of it (its prompt read). */
const view = (agent: AgentDefinition | undefined) =>
  agent === undefined ? undefined : JSON.parse(JSON.stringify(agent));

/** Every name worth asking for in `d`, and some that are not there. */
function namesOf(d: AgentDiscovery): string[] {
  const all = [...d.agents, ...d.shadowed.map((s) => s.agent), ...d.copies.map((c) => c.agent)];
  const names = new Set<string>();
  for (const a of all) {
    names.add(a.name);
    const scoped = scopedId(a);
    if (scoped) {
      names.add(scoped);
      names.add(`${a.plugin!.name}:no-such-agent`);
    }
  }
  for (const extra of ["no-such-agent", "revewer", ":reviewer", "reviewer:", "nobody:reviewer", "a:b:c"])
    names.add(extra);
  return [...names];
}

/** Compares the early lookup with the whole discovery's answer for every name; returns how many it settled. */
async function expectSameAnswers(ctx: DiscoveryContext, names?: readonly string[]): Promise<number> {
  const whole = await discoverAgents(registry, ctx);
  const orphans = new Set(whole.copies.filter((c) => c.copyOf === undefined).map((c) => c.agent));
  let settled = 0;
  for (const name of names ?? namesOf(whole)) {
    const expected = getAgent(whole, name);
    const early = await findAgentAt(registry, ctx, name);
    // `show`'s lookup: the same agent and the copies the whole discovery lists under it.
    const shown = await findAgentAt(registry, ctx, name, { copies: true });
    if (shown !== undefined) {
      const copies = whole.copies.filter((c) => c.copyOf === (expected!.filePath ?? expected!.provider));
      expect({ name, agent: view(shown.agent), copies: shown.copies }).toEqual({
        name,
        agent: view(expected),
        copies: copies.map((c) => c.agent.filePath),
      });
    } else {
      // Only where the lookup without copies cannot settle either (below), or where another
      // definition has the agent's id (two bundled agents of one file): copies are filed by id.
      const id = expected && (expected.filePath ?? expected.provider);
      const sharing = [...whole.agents, ...whole.shadowed.map((s) => s.agent)].filter(
        (a) => (a.filePath ?? a.provider) === id,
      );
      expect({ name, settled: early !== undefined && sharing.length < 2 }).toEqual({ name, settled: false });
    }
    if (early !== undefined) {
      settled++;
      expect({ name, agent: view(early.agent) }).toEqual({ name, agent: view(expected) });
    } else {
      // Only the whole discovery can say: nothing defines the name, only a copy does, or a
      // bare name with a colon answers (no plugin of that name anywhere).
      const decided =
        expected === undefined ||
        orphans.has(expected) ||
        name.startsWith(":") ||
        (name.includes(":") && expected.name === name);
      expect({ name, decided, expected: expected?.filePath }).toEqual({
        name,
        decided: true,
        expected: expected?.filePath,
      });
    }
  }
  return settled;
}

/** The real file system, with every path it reads recorded in `opened`. */
function recordingFs(): { fs: FileSystem; opened: string[] } {
  const opened: string[] = [];
  const node = fileSystemOf({});
  const fs: FileSystem = {
    ...node,
    readFile: (path, max, stats, scratch) => {
      opened.push(path);
      return node.readFile(path, max, stats, scratch);
    },
  };
  return { fs, opened };
}

function write(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

const copyFile = (name: string, description: string) =>
  `---\nname: ${name}\ndescription: ${description}\ngenerated-by: roster\n---\nA copy.\n`;

test("the fixture tree, with copies found first and look-alike names: the same answer for every name", async () => {
  const dir = join(root, "fixture");
  const { home, project } = copyFixtureTree(dir);
  // A copy in the first place read never outranks the user's planner (xcsh user).
  write(join(project, ".xcsh/agents/planner.md"), copyFile("planner", "copy in xcsh project"));
  // A copy listed in a Gemini manifest, before the Gemini user file of the same name.
  write(join(project, ".gemini/agents/doc-writer.md"), agentFile("doc-writer", "listed copy"));
  write(join(project, ".gemini/agents/.roster-sync.json"), JSON.stringify({ files: ["doc-writer.md"] }));
  // A copy whose source is gone: it loads, last of all (only the whole discovery knows).
  write(join(home, ".claude/agents/orphan.md"), copyFile("orphan", "orphan copy"));
  // A project file whose bare name looks like a plugin's scoped id.
  write(join(project, ".claude/agents/beta-plan.md"), agentFile("beta:plan", "look-alike"));
  write(join(project, ".claude/agents/nobody-plan.md"), agentFile("nobody:plan", "no such plugin"));
  // A copy of a bundled agent that shares its file with another (task.md: task and quick_task).
  write(join(project, ".claude/agents/quick-copy.md"), copyFile("quick_task", "copy of a bundled agent"));
  // Names spelled with escapes (the file's bytes never hold them as asked for): one winner, one copy.
  write(join(project, ".claude/agents/escaped.md"), '---\nname: "spelled\\x2dout"\ndescription: d\n---\nx\n');
  // The same in the formats that say their name is the file's text: Gemini, a plugin's, Codex TOML.
  write(
    join(project, ".gemini/agents/escaped.md"),
    '---\nname: "gemini\\x2dspelled"\ndescription: d\n---\nx\n',
  );
  write(
    join(home, "plugins/beta/agents/escaped.md"),
    '---\nname: "plugin\\x2dspelled"\ndescription: d\n---\nx\n',
  );
  write(
    join(home, ".codex/agents/escaped.toml"),
    'name = "toml\\u002dspelled"\ndescription = "d"\ndeveloper_instructions = "x"\n',
  );
  write(
    join(home, ".claude/agents/escaped-copy.md"),
    '---\nname: "spelled\\u002dout"\ndescription: c\ngenerated-by: roster\n---\nx\n',
  );
  // Names the bytes hold in no one piece without an escape: YAML folds a plain scalar over two
  // lines with a space, and doubles a quote inside single quotes.
  write(join(project, ".claude/agents/folded.md"), "---\nname: folded\n  over\ndescription: d\n---\nx\n");
  write(join(project, ".claude/agents/quoted.md"), "---\nname: 'it''s-quoted'\ndescription: d\n---\nx\n");
  const ctx = { cwd: project, home, env: {} };
  const settled = await expectSameAnswers(ctx);
  expect(settled).toBeGreaterThan(10);
  for (const name of ["folded over", "it's-quoted"])
    expect((await findAgentAt(registry, ctx, name))?.agent.name).toBe(name);
  for (const name of ["gemini-spelled", "plugin-spelled", "toml-spelled"])
    expect((await findAgentAt(registry, ctx, name))?.agent.name).toBe(name);
  const spelled = await findAgentAt(registry, ctx, "spelled-out", { copies: true });
  expect(spelled?.copies).toEqual([join(home, ".claude/agents/escaped-copy.md")]);
  // The same with project data untrusted (project places are not read).
  await expectSameAnswers({ ...ctx, trustProject: false });
});

test("a name defined early stops the read: later families' files are not opened", async () => {
  const dir = join(root, "stops");
  const { home, project } = copyFixtureTree(dir);
  const { fs, opened } = recordingFs();
  const ctx = { cwd: project, home, env: {}, fs };
  const agent = await findAgent(registry, ctx, "reviewer");
  expect(agent?.filePath).toBe(join(project, ".xcsh/agents/reviewer.md"));
  expect(opened.some((p) => p.includes(".gemini") || p.includes(".codex") || p.includes("plugins"))).toBe(
    false,
  );
  // The whole discovery opens them (the check above can see them).
  opened.length = 0;
  await discoverAgents(registry, ctx);
  expect(opened.some((p) => p.includes(".gemini"))).toBe(true);
});

/** Where a generated file goes (relative to the world's root) and what it is. */
interface GenFile {
  folder: string;
  name: string;
  /** `marker`: `generated-by: roster`; `listed`: in its folder's `.roster-sync.json`. */
  copy: "no" | "marker" | "listed";
}

const FOLDERS = [
  "project/.xcsh/agents",
  "home/.xcsh/agent/agents",
  "project/.claude/agents",
  "home/.claude/agents",
  "project/.gemini/agents",
  "home/.gemini/agents",
  "home/plugins/beta/agents",
  "project/plugins/gamma/agents",
];
// Names the fixture tree has (bare, plugin and bundled ones), a look-alike and new ones.
const NAMES = [
  "reviewer",
  "plan",
  "code-reviewer",
  "auditor",
  "explore",
  "doc-writer",
  "beta:plan",
  "n1",
  "n2",
];

const genWorld = fc.uniqueArray(
  fc.record({
    folder: fc.constantFrom(...FOLDERS),
    name: fc.constantFrom(...NAMES),
    copy: fc.constantFrom<GenFile["copy"]>("no", "no", "marker", "listed"),
  }),
  { maxLength: 14, selector: (f) => `${f.folder}/${f.name}` },
);

test("generated worlds over the fixture tree: the early answer is the whole discovery's", async () => {
  let world = 0;
  await fc.assert(
    fc.asyncProperty(genWorld, async (files) => {
      const dir = join(root, `world-${world++}`);
      const { home, project } = copyFixtureTree(dir);
      const listed = new Map<string, string[]>();
      files.forEach((f, i) => {
        const file = `gen-${i}.md`;
        const text =
          f.copy === "marker" ? copyFile(f.name, `generated ${i}`) : agentFile(f.name, `generated ${i}`);
        write(join(dir, f.folder, file), text);
        if (f.copy === "listed") listed.set(f.folder, [...(listed.get(f.folder) ?? []), file]);
      });
      for (const [folder, names] of listed)
        write(join(dir, folder, ".roster-sync.json"), JSON.stringify({ files: names }));
      await expectSameAnswers({ cwd: project, home, env: {} }, [
        ...NAMES,
        "beta:code-reviewer",
        "gamma:auditor",
      ]);
      rmSync(dir, { recursive: true, force: true });
    }),
    fcParams(25),
  );
}, 120_000);

test("a generated bench tree: every tenth name shadowed, plugins registered", async () => {
  const dir = join(root, "bench");
  const tree = generateTree(dir, 400, { corpus: false });
  const names = [...tree.names];
  // A spread of names over the precedence order (each lookup may read most of the tree).
  const sample = names.filter((_, i) => i % 13 === 0);
  const settled = await expectSameAnswers({ cwd: join(dir, "project"), home: join(dir, "home"), env: {} }, [
    ...sample,
    "no-such-agent",
  ]);
  expect(settled).toBe(sample.length);
}, 60_000);

test("findAgentAgain: one file read while its families are unchanged; any change before or in them: looked up anew", async () => {
  const dir = join(root, "again");
  const { home, project } = copyFixtureTree(dir);
  const { fs, opened } = recordingFs();
  const ctx = { cwd: project, home, env: {}, fs };
  // doc-writer: the Codex user file wins over Gemini's (families xcsh, claude, codex read).
  const found = await findAgentAt(registry, ctx, "doc-writer");
  expect(found?.at?.filePath).toBe(join(home, ".codex/agents/doc-writer.md"));
  expect(found?.at?.providers.slice(-1)).toEqual(["codex"]);
  // Files look old enough (the racy window) once back-dated.
  const past = new Date(Date.now() - 60_000);
  // A change's ctime is now: past the racy window after a short wait.
  const backdate = async (path: string) => {
    utimesSync(path, past, past);
    await delay(40);
  };
  const at = { ...found!.at!, newestChangeMs: 0 };
  const expected = view(found!.agent);

  await delay(40);
  opened.length = 0;
  expect(view(await findAgentAgain(registry, ctx, at))).toEqual(expected);
  // Its file alone (twice: the frontmatter, then the prompt when asked for).
  expect([...new Set(opened.filter((p) => /\.(md|toml)$/.test(p)))]).toEqual([
    join(home, ".codex/agents/doc-writer.md"),
  ]);

  // A change after its family (Gemini's folder) cannot outrank it: still found.
  write(join(project, ".gemini/agents/doc-writer-2.md"), agentFile("doc-writer", "later"));
  await backdate(join(project, ".gemini/agents/doc-writer-2.md"));
  expect(view(await findAgentAgain(registry, ctx, at))).toEqual(expected);

  // A file added in a family before it: not vouched for.
  write(join(project, ".claude/agents/other.md"), agentFile("other", "new"));
  await backdate(join(project, ".claude/agents/other.md"));
  expect(await findAgentAgain(registry, ctx, at)).toBeUndefined();
  // A fresh lookup vouches again; then the file itself edited: not vouched for.
  const again = (await findAgentAt(registry, ctx, "doc-writer"))!.at!;
  expect(view(await findAgentAgain(registry, ctx, { ...again, newestChangeMs: 0 }))).toEqual(expected);
  write(join(home, ".codex/agents/doc-writer.md"), agentFile("doc-writer", "edited"));
  await backdate(join(home, ".codex/agents/doc-writer.md"));
  expect(await findAgentAgain(registry, ctx, again)).toBeUndefined();
  // Another registry order (a family's id at its place differs): not vouched for.
  expect(
    await findAgentAgain(registry, ctx, { ...again, providers: ["claude", ...again.providers.slice(1)] }),
  ).toBeUndefined();
});

test("a file read in two places under two names: the copies filed under its path are left to the whole discovery", async () => {
  const dir = join(root, "twice");
  const agents = join(dir, "agents");
  write(join(agents, "file-name.md"), agentFile("field-name", "named by its field here, by its path there"));
  write(join(dir, "more/copy.md"), copyFile("file-name", "a copy of the one named by its path"));
  // A format naming agents by their path (as Copilot's does), reading the same folder.
  const byPath: FileFormat = {
    id: "by-path",
    extensions: [".md"],
    parse(file) {
      const parsed = markdownFormat.parse(file);
      if (parsed.kind === "unusable") return parsed;
      return reshapeParsed(parsed, {
        frontmatter: { ...parsed.frontmatter, name: file.relativePath.replace(/\.md$/, "") },
      });
    },
  };
  const two = createRegistry([
    defineProvider({
      id: "field",
      locate: () => [
        { dir: agents, scope: "user" as const },
        { dir: join(dir, "more"), scope: "user" as const },
      ],
    }),
    defineProvider({
      id: "path",
      locate: () => [{ dir: agents, scope: "user" as const, formats: [byPath] }],
    }),
  ]);
  const ctx = { cwd: dir, home: dir, env: {} };
  const whole = await discoverAgents(two, ctx);
  const agent = getAgent(whole, "field-name")!;
  // The whole discovery files the copy of "file-name" under the path both definitions share.
  expect(whole.copies.filter((c) => c.copyOf === agent.filePath).map((c) => c.agent.name)).toEqual([
    "file-name",
  ]);
  expect(await findAgentAt(two, ctx, "field-name", { copies: true })).toBeUndefined();
  expect(view((await findAgentAt(two, ctx, "field-name"))?.agent)).toEqual(view(agent));
});

test("findAgentAgain of show's answer (every family read): a copy added after the agent's family is not vouched for", async () => {
  const dir = join(root, "again-shown");
  const { home, project } = copyFixtureTree(dir);
  const ctx = { cwd: project, home, env: {} };
  const found = await findAgentAt(registry, ctx, "doc-writer", { copies: true });
  expect(found?.at?.providers).toEqual(registry.ids());
  expect(found?.at?.providers[found.at.owner!]).toBe("codex");
  expect(found?.copies).toEqual([]);
  const at = { ...found!.at!, newestChangeMs: 0 };
  await delay(40);
  expect(view(await findAgentAgain(registry, ctx, at))).toEqual(view(found!.agent));
  // A copy of it in Gemini's folder, after its family: `show` would list it.
  const copy = join(project, ".gemini/agents/doc-writer-copy.md");
  write(copy, copyFile("doc-writer", "a copy"));
  const past = new Date(Date.now() - 60_000);
  utimesSync(copy, past, past);
  await delay(40);
  expect(await findAgentAgain(registry, ctx, at)).toBeUndefined();
  expect((await findAgentAt(registry, ctx, "doc-writer", { copies: true }))?.copies).toEqual([copy]);
});
