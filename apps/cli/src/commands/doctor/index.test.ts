import { readFileSync } from "node:fs";
import { join } from "node:path";
import { agentFile, createSandbox, type Sandbox } from "@roster/testkit";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { countingFileSystem } from "../../../test/counting-fs.js";
import { testApp } from "../../../test/test-app.js";
import { createOutput } from "../../output.js";
import { report } from "../report/index.js";
import { doctor, runDoctor } from "./index.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox("roster-doctor-");
});
afterEach(() => sb.cleanup());

/** An app over the sandbox whose file system counts every file read. */
function countingApp(env: Record<string, string | undefined> = {}) {
  const { fs, reads } = countingFileSystem();
  const app = testApp({
    ctx: { ...sb.ctx({ env }), fs },
    output: {
      json: true,
      color: false,
      cwd: sb.project,
      home: sb.home,
      out: () => {},
      err: () => {},
      raw: () => {},
      stream: () => {},
    },
    env,
  });
  return { app, reads };
}

describe("runDoctor", () => {
  test("reads each agent and command file once, from one discovery of each", async () => {
    sb.write({
      "project/.claude/agents/a.md": agentFile("a"),
      "project/.claude/agents/broken.md": "---\nname: broken\n---\n",
      "project/.claude/commands/c.md": "---\ndescription: c\n---\nDo $ARGUMENTS\n",
      "project/.gemini/commands/g.toml": 'prompt = "g {{args}}"\n',
      "home/.claude/agents/a.md": agentFile("a", "user"),
    });
    const { app, reads } = countingApp();
    const { summary, files } = await runDoctor(app);
    // Config files and the sources' locks are not definitions (`roster.lock`: SPEC §20).
    const definitionReads = [...reads].filter(
      ([path]) => path.startsWith(sb.root) && !path.endsWith(".json") && !path.endsWith("roster.lock"),
    );
    expect(definitionReads.length).toBe(5);
    expect(definitionReads.every(([, count]) => count === 1)).toBe(true);
    expect(summary.outcomes).toEqual({ loaded: 10, shadowed: 1, skipped: 1, "not-an-agent": 0, copy: 0 });
    // The accounting identity: every file has exactly one outcome.
    const { loaded, shadowed, skipped } = summary.outcomes;
    expect(summary.files - loaded - shadowed - skipped - summary.outcomes["not-an-agent"]).toBe(0);
    expect(files.filter((f) => f.kind === "commands").map((f) => f.path)).toEqual([
      join(sb.project, ".claude/commands/c.md"),
      join(sb.project, ".gemini/commands/g.toml"),
      "embedded:init.md",
    ]);
  });

  test("report (graph, doctor and every tool's view) reads each agent file once, as doctor does", async () => {
    sb.write({
      "project/.claude/agents/a.md": agentFile("a"),
      "project/.gemini/agents/g.md": agentFile("g", "gemini", "color: blue"),
      "project/.codex/agents/c.toml": 'name = "c"\ndescription = "c"\ndeveloper_instructions = "Do."\n',
      "home/.claude/agents/a.md": agentFile("a", "user"),
    });
    const { app, reads } = countingApp();
    await report(app, { html: join(sb.root, "report.html") });
    const agentReads = [...reads].filter(([path]) => path.includes("/agents/"));
    expect(agentReads.map(([path]) => path.slice(sb.root.length)).sort()).toEqual([
      "/home/.claude/agents/a.md",
      "/project/.claude/agents/a.md",
      "/project/.codex/agents/c.toml",
      "/project/.gemini/agents/g.md",
    ]);
    expect(agentReads.every(([, count]) => count === 1)).toBe(true);
    // Every tool's column is on the page: Gemini CLI rejects `color`.
    expect(readFileSync(join(sb.root, "report.html"), "utf8")).toContain("Gemini CLI");
  });

  test("doctor with every tool's view still reads each agent file once: the views take discovery's reads", async () => {
    sb.write({
      "project/.claude/agents/a.md": agentFile("a"),
      "project/.claude/agents/team/b.md": agentFile("b"),
      "project/.gemini/agents/g.md": agentFile("g", "gemini", "color: blue"),
      "project/.codex/agents/c.toml": 'name = "c"\ndescription = "c"\ndeveloper_instructions = "Do."\n',
      "home/.claude/agents/a.md": agentFile("a", "user"),
    });
    const { app, reads } = countingApp();
    const printed: Uint8Array[] = [];
    app.output.stream = (chunk) => printed.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
    await doctor(app);
    const agentReads = [...reads].filter(([path]) => path.includes("/agents/"));
    expect(agentReads.map(([path]) => path.slice(sb.root.length)).sort()).toEqual([
      "/home/.claude/agents/a.md",
      "/project/.claude/agents/a.md",
      "/project/.claude/agents/team/b.md",
      "/project/.codex/agents/c.toml",
      "/project/.gemini/agents/g.md",
    ]);
    expect(agentReads.every(([, count]) => count === 1)).toBe(true);
    // Gemini CLI rejects `color` (an error of its own) although it reads the file only through discovery.
    const report = JSON.parse(Buffer.concat(printed).toString("utf8"));
    expect(report.tools.find((t: { tool: string }) => t.tool === "gemini")).toMatchObject({ errors: 1 });
  });

  test("doctor's text is one write however many files it names", async () => {
    const files: Record<string, string> = {};
    // Each name defined twice in one scope: a finding of its own for each second file.
    for (let i = 0; i < 40; i++) {
      files[`project/.claude/agents/a${i}.md`] = agentFile(`a${i}`);
      files[`project/.claude/agents/b${i}.md`] = agentFile(`a${i}`);
    }
    sb.write(files);
    const { app } = countingApp();
    const writes: string[] = [];
    app.output = createOutput({
      json: false,
      color: false,
      cwd: sb.project,
      home: sb.home,
      write: (chunk) => writes.push(String(chunk)),
      writeErr: () => undefined,
    });
    expect(await doctor(app)).toBe(0);
    expect(writes).toHaveLength(1);
    expect(writes[0]).toContain("b39.md");
    expect(writes[0]).toMatch(/40 warnings/);
    // 40 files, each its name, a finding and a blank line; the totals and a line per tool.
    expect(writes[0]!.split("\n").length).toBeGreaterThan(120);
    expect(writes[0]!.endsWith("\n")).toBe(true);
  });

  test("a skipped file's reason is an error; the session's environment is checked", async () => {
    sb.write({ "project/.claude/agents/broken.md": "---\nname: broken\n---\n" });
    const { app } = countingApp({ ROSTER_TASK_DEPTH: "-1" });
    const { diagnostics, summary } = await runDoctor(app);
    expect(diagnostics.map((d) => [d.severity, d.code])).toEqual([
      ["error", "agent/missing-description"],
      // A malformed depth makes run refuse (fail closed): an error here too.
      ["error", "executor/bad-task-depth"],
    ]);
    expect(summary.errors).toBe(2);
  });

  test("an agent named like a plugin's scoped id is flagged", async () => {
    sb.write({ "project/.claude/agents/x.md": agentFile("superpowers:code-reviewer") });
    const { app } = countingApp();
    const { diagnostics } = await runDoctor(app);
    expect(diagnostics.map((d) => d.code)).toContain("doctor/colon-in-name");
  });

  test("an agent's output schema that cannot compile is an error naming its file", async () => {
    const agent = (name: string, output: string) =>
      `---\nname: ${name}\ndescription: ${name} agent\noutput:\n${output}---\nDo it.\n`;
    sb.write({
      "project/.claude/agents/cyclic.md": agent("cyclic", "  definitions:\n    a:\n      ref: a\n  ref: a\n"),
      "project/.claude/agents/invalid.md": agent("invalid", "  type: not-a-type\n"),
      "project/.claude/agents/fine.md": agent("fine", "  properties:\n    n:\n      type: int32\n"),
    });
    const { app } = countingApp();
    const { diagnostics, summary } = await runDoctor(app);
    const bad = diagnostics.filter((d) => d.code === "doctor/bad-output-schema");
    expect(bad.map((d) => [d.severity, d.filePath])).toEqual([
      ["error", join(sb.project, ".claude/agents/cyclic.md")],
      ["error", join(sb.project, ".claude/agents/invalid.md")],
    ]);
    expect(bad[0]!.message).toContain('"cyclic"');
    expect(summary.errors).toBe(2);
  });

  test("a plugin registry's warning, seen by both discoveries, is shown once", async () => {
    sb.write({ "home/.claude/plugins/installed_plugins.json": "{ not json" });
    const { app } = countingApp();
    const { diagnostics, summary } = await runDoctor(app);
    const registry = diagnostics.filter((d) => d.code.startsWith("plugins/"));
    expect(registry.map((d) => d.code)).toEqual(["plugins/registry-invalid-json"]);
    expect(summary.warnings).toBe(1);
  });
});
