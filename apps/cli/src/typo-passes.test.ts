// A name no family defines (a typo) costs `run` and `why` no more than it must: the lookup of
// the one name, then one whole discovery for the did-you-mean. `run` once made four passes
// over every file (the lookup, the host's choice, the task tool's refusal, the refusal's
// suggestions); `why` prepared every tool's view again for a discovery whose views it never
// asks (with no winner, no tool resolves the name differently).
import { discoverAgents, type FileSystem } from "@roster/core";
import type { ToolProfile } from "@roster/family";
import { parseMarkdownForTool } from "@roster/profiles";
import { agentFile, createSandbox, type Sandbox } from "@roster/testkit";
import { afterEach, beforeEach, expect, test } from "vitest";
import { countingFileSystem } from "../test/counting-fs.js";
import { whyAgent } from "./commands/agents/index.js";
import { runAgent } from "./commands/run/index.js";
import { type App, createApp } from "./context.js";
import { FindingError } from "./errors.js";
import { familySetOf } from "./families.js";
import { createDefaultRegistry } from "./registry.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox("roster-typo-passes-");
  sb.write({
    "project/.git/HEAD": "ref: refs/heads/main\n",
    "project/.claude/agents/reviewer.md": agentFile("reviewer"),
    "project/.claude/agents/planner.md": agentFile("planner"),
    "home/.claude/agents/writer.md": agentFile("writer"),
    "home/.gemini/agents/tester.md": agentFile("tester", "gemini"),
  });
});
afterEach(() => sb.cleanup());

/**
 * An app over the sandbox, printing nothing, whose every look at an agent file is counted: a
 * read, or a `stat` (a discovery through a cache looks again without reading an unchanged file).
 */
async function countedApp(): Promise<{ app: App; agentLooks: () => number[] }> {
  const app = await createApp({ cwd: sb.project, home: sb.home, cache: false });
  const { fs: reading, reads } = countingFileSystem();
  const looks = new Map<string, number>();
  const look = (path: string) => looks.set(path, (looks.get(path) ?? 0) + 1);
  const fs: FileSystem = {
    ...reading,
    stat: (path) => {
      look(path);
      return reading.stat(path);
    },
  };
  app.ctx = { ...app.ctx, fs };
  app.output = { ...app.output, json: false, out: () => {}, err: () => {}, raw: () => {} };
  const agentLooks = () =>
    [...new Set([...reads.keys(), ...looks.keys()])]
      .filter((path) => path.endsWith(".md"))
      .map((path) => Math.max(reads.get(path) ?? 0, looks.get(path) ?? 0));
  return { app, agentLooks };
}

test("run: a name no family defines looks at each agent file twice (its lookup, one whole discovery)", async () => {
  const { app, agentLooks } = await countedApp();
  const run = runAgent(app, "reviewr", { task: ["x"], dryRun: true });
  await expect(run).rejects.toThrow(FindingError);
  await expect(run).rejects.toThrow(/did you mean reviewer\?/);
  expect(agentLooks()).toHaveLength(4);
  expect(Math.max(...agentLooks())).toBe(2);
});

test("run --provider: a provider that does not define the name looks at each file once", async () => {
  const { app, agentLooks } = await countedApp();
  await expect(runAgent(app, "tester", { task: ["x"], dryRun: true, provider: "claude" })).rejects.toThrow(
    /claude defines no agent "tester"; it comes from gemini/,
  );
  expect(Math.max(...agentLooks())).toBe(1);
});

test("why: a name no family defines parses no file for a tool's view that passes it", async () => {
  const { app } = await countedApp();
  let parses = 0;
  // Claude Code names agents by `name` and refuses no configuration whole: a file whose bytes
  // cannot hold the name is passed unparsed by its view about that name.
  const claude = familySetOf().get("claude")!.profile!;
  const parse = claude.parse ?? parseMarkdownForTool;
  const counted: ToolProfile = {
    ...claude,
    parse: (content, filePath) => {
      parses++;
      return parse(content, filePath);
    },
  };
  await expect(whyAgent(app, "reviewr", [counted])).rejects.toThrow(/did you mean reviewer\?/);
  expect(parses).toBe(0);
  // The same view about a name that is there parses its file.
  await whyAgent(app, "reviewer", [counted]);
  expect(parses).toBeGreaterThan(0);
});

test("a lookup of one name parses no file whose bytes cannot hold it, in every family named by its text", async () => {
  // `show`, `run`, `export` and `why NAME` look up one name; a family whose format wraps
  // core's markdown parser (an empty `tools` list read as no tool) once parsed every file.
  const files: Record<string, string> = {
    "project/.xcsh/agents/other-x.md": agentFile("other-x"),
    "project/.claude/agents/other-c.md": agentFile("other-c"),
    "project/.gemini/agents/other-g.md": agentFile("other-g", "gemini"),
    "project/.cursor/agents/other-u.md": agentFile("other-u"),
    "project/.codex/agents/other-o.toml":
      'name = "other-o"\ndescription = "o"\ndeveloper_instructions = "Do."\n',
  };
  sb.write(files);
  const about = await discoverAgents(createDefaultRegistry(), sb.ctx(), { about: "reviewer" });
  const recorded = about.files.map((f) => f.path);
  expect(recorded).toContain(`${sb.project}/.claude/agents/reviewer.md`);
  for (const path of Object.keys(files)) expect(recorded).not.toContain(`${sb.root}/${path}`);
  // Every one of them is a definition a whole discovery records.
  const whole = await discoverAgents(createDefaultRegistry(), sb.ctx());
  for (const path of Object.keys(files))
    expect(whole.agents.map((a) => a.filePath)).toContain(`${sb.root}/${path}`);
});
