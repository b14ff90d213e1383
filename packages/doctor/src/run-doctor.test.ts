import { join } from "node:path";
import { discoverCommands } from "@roster/commands";
import {
  createRegistry,
  type Diagnostic,
  defineProvider,
  discoverAgents,
  familyLocations,
} from "@roster/core";
import { agentFile, createSandbox, type Sandbox } from "@roster/testkit";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { findProblems } from "./run-doctor.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox("roster-doctor-rules-");
});
afterEach(() => sb.cleanup());

/** A family reading `.team/agents`, whose `locate` may add diagnostics of its own. */
function registry(notes: (dir: string) => Diagnostic[] = () => []) {
  return createRegistry([
    defineProvider({
      id: "team",
      locate: (ctx, kind) => {
        const locations = familyLocations(ctx, {
          project: `.team/${kind}`,
          user: join(ctx.home, ".team", kind),
        });
        return { locations, diagnostics: notes(join(ctx.cwd, ".team", kind)) };
      },
    }),
  ]);
}

async function problems(notes?: (dir: string) => Diagnostic[]) {
  const reg = registry(notes);
  const [agents, commands] = await Promise.all([
    discoverAgents(reg, sb.ctx()),
    discoverCommands(reg, sb.ctx()),
  ]);
  return findProblems({ agents, commands });
}

describe("findProblems", () => {
  test("a skipped file is an error: its record's reason, not a look-alike note, is raised", async () => {
    sb.write({ "project/.team/agents/broken.md": "---\nname: broken\n---\n" });
    const broken = join(sb.project, ".team/agents/broken.md");
    const first = await problems();
    const reason = first.files.find((f) => f.path === broken);
    expect(reason?.outcome).toBe("skipped");
    if (reason?.outcome !== "skipped") return;
    expect(first.diagnostics.map((d) => [d.severity, d.code])).toEqual([["error", reason.reason.code]]);
    // A provider's own note that reads exactly like the reason (same code, file and message)
    // stays a warning: only the diagnostic the record names as its reason becomes an error.
    const lookAlike = (): Diagnostic[] => [
      { severity: "warning", code: reason.reason.code, message: reason.reason.message, filePath: broken },
    ];
    const second = await problems(lookAlike);
    expect(second.diagnostics.map((d) => [d.severity, d.code, d.filePath])).toEqual([
      ["warning", reason.reason.code, broken],
      ["error", reason.reason.code, broken],
    ]);
    expect(second.summary).toMatchObject({ errors: 1, warnings: 1 });
  });

  test("an info reason is a deliberate skip: no error", async () => {
    const agents = await discoverAgents(registry(), sb.ctx());
    const info: Diagnostic = { severity: "info", code: "x/disabled", message: "disabled", filePath: "/f.md" };
    const record = {
      path: "/f.md",
      provider: "team",
      scope: "project",
      kind: "agents",
      diagnostics: [info],
      outcome: "skipped",
      reason: info,
    } as const;
    const report = findProblems({
      agents: { ...agents, files: [record], diagnostics: [info] },
      commands: { commands: [], files: [], diagnostics: [] },
    });
    expect(report.diagnostics).toEqual([info]);
    expect(report.summary).toMatchObject({ errors: 0, warnings: 0, outcomes: { skipped: 1 } });
  });

  test("config findings first, then discovery's, the session's, then doctor's own rules", async () => {
    sb.write({
      "project/.team/agents/a.md": agentFile("a", "a agent", "spawns: [b, a]"),
      "project/.team/agents/colour.md": agentFile("colour", "c", "colr: red"),
    });
    const agents = await discoverAgents(registry(), sb.ctx());
    const note = (code: string): Diagnostic => ({ severity: "warning", code, message: code });
    const report = findProblems({
      agents,
      commands: { commands: [], files: [], diagnostics: [] },
      configDiagnostics: [note("config/x")],
      sessionDiagnostics: [note("session/y")],
    });
    expect(report.diagnostics.map((d) => d.code)).toEqual([
      "config/x",
      "session/y",
      "doctor/unknown-key",
      "doctor/unknown-spawn",
      "doctor/self-spawn",
    ]);
  });

  test("a command's `allowed-tools` in an agent points to `tools`, not to its opposite", async () => {
    sb.write({
      "project/.team/agents/a.md": agentFile("a", "a agent", "allowed-tools: [Read, Grep]"),
      "project/.team/agents/b.md": agentFile("b", "b agent", "disalowedTools: [Bash]"),
    });
    const agents = await discoverAgents(registry(), sb.ctx());
    const report = findProblems({ agents, commands: { commands: [], files: [], diagnostics: [] } });
    expect(report.diagnostics.map((d) => d.message)).toEqual([
      'unknown frontmatter key "allowedTools"; did you mean "tools"?',
      // A misspelling still gets the nearest spelling.
      'unknown frontmatter key "disalowedTools"; did you mean "disallowedTools"?',
    ]);
  });

  test("an unknown key is named as its file spells it, when the caller can tell", async () => {
    sb.write({ "project/.team/agents/a.md": agentFile("a", "a agent", "allowed-tools: [Read]\nfoo-bar: 1") });
    const agents = await discoverAgents(registry(), sb.ctx());
    const asked: string[] = [];
    const report = findProblems({
      agents,
      commands: { commands: [], files: [], diagnostics: [] },
      keyAsWritten: (filePath, key) => {
        asked.push(`${filePath.slice(sb.root.length)} ${key}`);
        return key === "fooBar" ? undefined : { key: key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`) };
      },
    });
    expect(asked).toEqual(["/project/.team/agents/a.md allowedTools", "/project/.team/agents/a.md fooBar"]);
    expect(report.diagnostics.map((d) => [d.message, d.field])).toEqual([
      ['unknown frontmatter key "allowed-tools"; did you mean "tools"?', "allowed-tools"],
      // No answer: named as discovery names it.
      ['unknown frontmatter key "fooBar" (roster ignores it)', "fooBar"],
    ]);
  });

  test("output schemas are checked with the compiler given, and only then", async () => {
    sb.write({ "project/.team/agents/s.md": agentFile("s", "s", "output:\n  type: nope") });
    const agents = await discoverAgents(registry(), sb.ctx());
    const commands = { commands: [], files: [], diagnostics: [] };
    expect(findProblems({ agents, commands }).diagnostics).toEqual([]);
    const refused = findProblems({
      agents,
      commands,
      compileOutputSchema: () => ({ ok: false, error: "bad type" }),
    });
    expect(refused.diagnostics.map((d) => [d.severity, d.code, d.message])).toEqual([
      ["error", "doctor/bad-output-schema", 'agent "s" has an output schema that cannot be used: bad type'],
    ]);
  });
});
