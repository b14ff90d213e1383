import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type TaskInvocation, validateOutput } from "@roster/executor";
import { acceptModel, ruleToolName, toolTable } from "@roster/family";
import {
  checkHostReady,
  createHostRunner,
  type HostId,
  pickHost,
  type RunnableFamily,
  STATUS_TIMEOUT_MS,
  statusBudget,
} from "@roster/hosts";
import { claudeFamily } from "@roster/source-claude";
import { codexFamily } from "@roster/source-codex";
import { copilotFamily } from "@roster/source-copilot";
import { geminiFamily } from "@roster/source-gemini";
import { opencodeFamily, opencodePermission } from "@roster/source-opencode";
import { pluginsFamily } from "@roster/source-plugins";
import { xcshFamily } from "@roster/source-xcsh";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type FakeRecord, readRecords, writeFakeHosts } from "../../../packages/hosts/test/fake-hosts.js";

// Each built-in host with its family's vocabulary, as the app hands them to the runner: the
// hosts are the families' own (each family package holds its host plan), the runner is @roster/hosts'.
const HOST_FAMILIES = [claudeFamily, codexFamily, geminiFamily, opencodeFamily, copilotFamily];
/** Their vocabularies' tool names as one table, as the app's family set holds them. */
const TOOLS = toolTable(HOST_FAMILIES.map((f) => f.vocabulary));

/** The built-in family of a host id. */
function testFamily(id: string): RunnableFamily {
  const family = HOST_FAMILIES.find((f) => f.id === id);
  if (!family?.host) throw new Error(`no built-in host "${id}"`);
  return { id: family.id, host: family.host, vocabulary: family.vocabulary };
}

let root: string;
let bin: string;
let counter = 0;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "roster-hosts-"));
  bin = writeFakeHosts(join(root, "bin"));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

function invocation(extra: Partial<TaskInvocation> = {}): TaskInvocation {
  return {
    id: "t1",
    agent: "code-reviewer",
    systemPrompt: "You review code.",
    prompt: "Repo is X.\n\nReview src/auth.ts",
    tools: null,
    spawns: "",
    model: null,
    thinkingLevel: null,
    outputSchema: null,
    cwd: root,
    provider: "claude",
    source: "user",
    filePath: "/home/me/.claude/agents/code-reviewer.md",
    planMode: false,
    atMaxDepth: false,
    ...extra,
  };
}

/** Runs one invocation on a fake host; returns the result and what the host recorded. */
async function runOn(
  host: HostId,
  inv: Partial<TaskInvocation> = {},
  options: { env?: Record<string, string>; depth?: number; trustProject?: boolean } = {},
) {
  const record = join(root, `rec-${counter++}`);
  const runner = createHostRunner({
    tools: TOOLS,
    family: testFamily(host),
    trustProject: options.trustProject ?? true,
  });
  const result = await runner.run(invocation(inv), {
    depth: options.depth ?? 1,
    env: { PATH: bin, FAKE_HOST_RECORD: record, ...options.env },
  });
  const records = readRecords(record);
  return { result, rec: records[0] as FakeRecord, records };
}

const arg = (rec: FakeRecord, flag: string) => {
  const i = rec.argv.indexOf(flag);
  return i >= 0 ? rec.argv[i + 1] : undefined;
};
const fileText = (rec: FakeRecord, suffix: string) =>
  Object.entries(rec.files).find(([p]) => p.endsWith(suffix))?.[1];

const HOST_IDS: HostId[] = ["claude", "codex", "gemini", "opencode", "copilot"];

/** Where each host finds the system prompt. */
function systemPromptOf(host: HostId, rec: FakeRecord): string | undefined {
  switch (host) {
    case "claude":
      return rec.files[arg(rec, "--system-prompt-file")!];
    case "codex": {
      const c = rec.argv.find((a) => a.startsWith("developer_instructions="));
      return c ? (JSON.parse(c.slice("developer_instructions=".length)) as string) : undefined;
    }
    case "gemini":
      return rec.files[rec.env.GEMINI_SYSTEM_MD!];
    case "opencode":
      return fileText(rec, "system.md");
    case "copilot":
      return fileText(rec, ".agent.md")
        ?.replace(/^---\n[\s\S]*?\n---\n/, "")
        .replace(/\n$/, "");
  }
}

describe.each(HOST_IDS)("%s host", (host) => {
  test("system prompt, task prompt on stdin, guardrail env, answer, session id", async () => {
    const { result, rec } = await runOn(host);
    expect(systemPromptOf(host, rec)).toBe("You review code.");
    expect(rec.stdin).toBe("Repo is X.\n\nReview src/auth.ts");
    expect(rec.env).toMatchObject({
      ROSTER_TASK_DEPTH: "1",
      ROSTER_SPAWNS: "",
      PI_BLOCKED_AGENT: "code-reviewer",
    });
    expect(rec.cwd).toBe(root);
    expect(result).toMatchObject({ exitCode: 0, output: `fake answer from ${host}`, sessionId: `s-${host}` });
    expect(result.error).toBeUndefined();
  });

  test("the host's own error answer becomes a clear error with its exit code", async () => {
    const { result } = await runOn(host, {}, { env: { FAKE_HOST_MODE: "error" } });
    // A host that says it is not logged in ran nothing: one line naming the fix, no answer,
    // no session, no cost.
    const expected: Record<HostId, [number, RegExp]> = {
      claude: [1, /^Claude Code is not logged in: run `claude auth login` \(or set ANTHROPIC_API_KEY\)$/],
      codex: [1, /^Codex exited with code 1: stream disconnected$/],
      gemini: [41, /^Gemini CLI is not logged in: run `gemini` and choose a sign-in method/],
      opencode: [1, /^opencode exited with code 1: UnknownError: Unexpected server error/],
      copilot: [1, /^Copilot CLI is not logged in: run `copilot login`/],
    };
    expect(result.exitCode).toBe(expected[host]![0]);
    expect(result.error).toMatch(expected[host]![1]);
    if (["claude", "gemini", "copilot"].includes(host)) {
      expect(result).toMatchObject({ output: "", code: "host/not-logged-in" });
      expect(result.cost).toBeUndefined();
      expect(result.sessionId).toBeUndefined();
    }
  });

  test("a 500 KB system prompt and prompt travel without any argv element over 100 KB", async () => {
    const big = `${"x".repeat(500 * 1024)}\nEND`;
    const { result, rec } = await runOn(host, { systemPrompt: big, prompt: `P${big}` });
    expect(result.error).toBeUndefined();
    expect(Math.max(...rec.argv.map((a) => Buffer.byteLength(a)))).toBeLessThan(100 * 1024);
    if (host === "codex") expect(rec.stdin).toContain(big);
    else expect(systemPromptOf(host, rec)).toBe(big);
    expect(rec.stdin).toContain(`P${big}`);
  });

  test("a missing host binary is a clear error naming the command and the config key", async () => {
    const runner = createHostRunner({ tools: TOOLS, family: testFamily(host) });
    const result = await runner.run(invocation(), { depth: 1, env: { PATH: join(root, "nowhere") } });
    expect(result.exitCode).toBeNull();
    expect(result.error).toContain(`"${host}" was not found on PATH`);
    expect(result.error).toContain(`"hosts": { "${host}": { "command"`);
    expect(result.code).toBe("host/missing");
  });

  test("a structured result reaches the task tool (which validates it); the schema in the host's form", async () => {
    const schema = {
      properties: { verdict: { enum: ["ok", "bad"] } },
      optionalProperties: { notes: { type: "string" } },
    };
    const ok = await runOn(host, { outputSchema: schema }, { env: { FAKE_HOST_DATA: '{"verdict":"ok"}' } });
    expect(ok.result.error).toBeUndefined();
    expect(ok.result.data).toEqual({ verdict: "ok" });
    const bad = await runOn(host, { outputSchema: schema }, { env: { FAKE_HOST_DATA: '{"verdict":"meh"}' } });
    expect(bad.result.data).toEqual({ verdict: "meh" });
    expect(validateOutput(schema, bad.result.data)).toMatch(/does not match the output schema/);
    const none = await runOn(host, { outputSchema: schema }, { env: { FAKE_HOST_ANSWER: "no JSON here" } });
    expect(none.result.error).toMatch(/gave no structured result/);
    if (host === "claude") {
      expect(JSON.parse(arg(ok.rec, "--json-schema")!)).toEqual({
        type: "object",
        properties: { verdict: { type: "string", enum: ["ok", "bad"] }, notes: { type: "string" } },
        required: ["verdict"],
        additionalProperties: false,
      });
    } else if (host === "codex") {
      // Strict form: every key required, the optional one nullable.
      expect(JSON.parse(ok.rec.files[arg(ok.rec, "--output-schema")!]!)).toMatchObject({
        required: ["verdict", "notes"],
        properties: { notes: { anyOf: [{ type: "string" }, { type: "null" }] } },
      });
    } else {
      expect(ok.rec.stdin).toContain("Answer with one JSON value and nothing else");
      expect(ok.rec.stdin).toContain('"enum":["ok","bad"]');
    }
  });
});

describe("mapping rows", () => {
  const models = ["inherit-me/unknown", "gpt-5", "claude-sonnet-4-5", "gemini-2.5-pro"];
  test.each([
    ["claude", "--model", "claude-sonnet-4-5"],
    ["codex", "-m", "gpt-5"],
    ["gemini", "-m", "gemini-2.5-pro"],
    ["opencode", "-m", "inherit-me/unknown"],
    ["copilot", "--model", "gpt-5"],
  ] as const)("model on %s: the first entry the host takes (%s %s)", async (host, flag, expected) => {
    const { rec } = await runOn(host, { model: models });
    expect(arg(rec, flag)).toBe(expected);
  });

  test("opencode spells a bare model with its provider", async () => {
    const { rec } = await runOn("opencode", { model: ["claude-sonnet-4-5"] });
    expect(arg(rec, "-m")).toBe("anthropic/claude-sonnet-4-5");
  });

  test("thinking level in each host's form", async () => {
    expect(arg((await runOn("claude", { thinkingLevel: "high" })).rec, "--effort")).toBe("high");
    expect((await runOn("claude", { thinkingLevel: "off" })).rec.env.MAX_THINKING_TOKENS).toBe("0");
    expect((await runOn("codex", { thinkingLevel: "minimal" })).rec.argv).toContain(
      'model_reasoning_effort="minimal"',
    );
    expect(arg((await runOn("opencode", { thinkingLevel: "low" })).rec, "--variant")).toBe("low");
    expect(arg((await runOn("copilot", { thinkingLevel: "xhigh" })).rec, "--reasoning-effort")).toBe("xhigh");
    const gemini = (await runOn("gemini", { thinkingLevel: "high" })).rec;
    expect(gemini.argv.join(" ")).not.toMatch(/high/);
  });

  const tools = ["read", "grep", "bash", "mcp__github__get_issue", "submit_result"];
  const disallowed = ["write"];
  test("claude: tools, permission rules as written, disallowed tools", async () => {
    const { rec } = await runOn("claude", {
      tools: [...tools, "bash(git *)"],
      toolsAsWritten: ["Read", "Grep", "Bash", "mcp__github__get_issue", "Bash(git *)"],
      disallowedTools: disallowed,
    });
    expect(arg(rec, "--tools")).toBe("Read,Grep,Bash");
    expect(arg(rec, "--allowedTools")).toBe("Read,Grep,Bash,mcp__github__get_issue,Bash(git *)");
    expect(arg(rec, "--disallowedTools")).toBe("Write");
  });

  test("claude: a permission rule's built-in name is what comes before its first (, on any line", () => {
    const plan = (rule: string) =>
      createHostRunner({ tools: TOOLS, family: testFamily("claude") }).plan(
        invocation({ tools: ["read", rule.toLowerCase()], toolsAsWritten: ["Read", rule] }),
        { depth: 1, runDir: "/tmp/r" },
      );
    expect(arg({ argv: plan("Bash(git\n*)").args } as FakeRecord, "--tools")).toBe("Read,Bash");
    // A rule Claude Code would read as the name of no tool enables none; it still goes to
    // --allowedTools as written.
    const open = plan("Bash(git status").args;
    expect(arg({ argv: open } as FakeRecord, "--tools")).toBe("Read");
    expect(arg({ argv: open } as FakeRecord, "--allowedTools")).toBe("Read,Bash(git status");
    // And the plan says so, naming the rule.
    expect(plan("Bash(git status").notes).toEqual([
      "permission rules Claude Code reads as the name of no tool (`Tool(…)` must end with its `)`) enable no tool: Bash(git status",
    ]);
    expect(plan("Bash(git diff:*)").notes).toEqual([]);
    // Many ( and a line break: read in one pass (the search of each ( took seconds per 100,000),
    // then refused as an argument over 100 KB.
    expect(() => plan(`Bash(${"(".repeat(200_000)}\nx)`)).toThrow(/over 100 KB/);
  });

  test("claude: ruleToolName reads a rule as Claude Code 2.1.197's rule parser does", () => {
    const cases: Array<[string, string | undefined]> = [
      ["Bash", "Bash"],
      ["Bash(git diff:*)", "Bash"],
      ["Bash()", "Bash"],
      ["Bash(*)", "Bash"],
      ["Bash(a\nb)", "Bash"],
      ["Bash(a(b)c)", "Bash"],
      ["Bash(echo \\))", "Bash"],
      // Not closed by the rule's last character, or no name: the whole text names no tool.
      ["Bash(git status", undefined],
      ["Bash(x) ", undefined],
      ["Bash(x)y", undefined],
      ["(x)", undefined],
      ["Bash)(", undefined],
      // An escaped ( is not one: the rule is a (strange) name, as Claude Code reads it.
      ["Bash\\(x)", "Bash\\(x)"],
      ["Bash\\\\(x)", "Bash\\\\"],
    ];
    for (const [rule, name] of cases) expect(ruleToolName(rule), rule).toBe(name);
    // Linear in the rule: 200,000 escaped ) or ( are each looked at once.
    expect(ruleToolName(`Bash(${"\\)".repeat(200_000)}`)).toBeUndefined();
    const escapedOpen = `${"\\(".repeat(200_000)}x`;
    expect(ruleToolName(escapedOpen)).toBe(escapedOpen);
  });

  test("claude: tools of another family are mapped, unknown ones noted and left out", async () => {
    const { rec } = await runOn("claude", {
      provider: "gemini",
      tools: ["read_file", "run_shell_command", "mcp__x__y"],
    });
    expect(arg(rec, "--tools")).toBe("Read,Bash");
  });

  test("gemini: tools as a policy file (allow the agent's, deny the rest and the disallowed)", async () => {
    const { rec } = await runOn("gemini", { provider: "gemini", tools, disallowedTools: disallowed });
    const policy = rec.files[arg(rec, "--policy")!]!;
    expect(policy).toContain(
      'toolName = ["read_file","read_many_files","grep_search","run_shell_command"]\ndecision = "allow"',
    );
    expect(policy).toMatch(/toolName = \[[^\]]*"write_file"[^\]]*\]\ndecision = "deny"\npriority = 900/);
    expect(policy).toContain('toolName = ["write_file"]\ndecision = "deny"\npriority = 999');
  });

  test("opencode: a primary agent with a permission set", async () => {
    const { rec } = await runOn("opencode", { tools, disallowedTools: disallowed, maxTurns: 7 });
    expect(arg(rec, "--agent")).toBe("roster-code-reviewer");
    const config = JSON.parse(rec.env.OPENCODE_CONFIG_CONTENT!);
    expect(config.agent["roster-code-reviewer"]).toMatchObject({
      mode: "primary",
      steps: 7,
      permission: { "*": "deny", read: "allow", grep: "allow", bash: "allow", edit: "deny" },
    });
    expect(Object.keys(config.agent["roster-code-reviewer"].permission)[0]).toBe("*");
  });

  test("opencodePermission: one table for run and export (deny all, allow each, plan, deny each)", () => {
    const vocabulary = testFamily("opencode").vocabulary.tools;
    const made = opencodePermission(
      { tools: ["read", "bash", "no_such_tool"], disallowedTools: ["Bash(rm *)"], plan: true },
      { vocabulary, table: TOOLS },
    );
    expect(made.permission).toEqual({ "*": "deny", read: "allow", bash: "deny", edit: "deny" });
    // The last matching rule wins in opencode: "*" comes first.
    expect(Object.keys(made.permission)[0]).toBe("*");
    expect(made).toMatchObject({ allowed: ["read", "bash"], dropped: ["no_such_tool"], lost: [] });
    // No tool list: nothing denied wholesale; no fields: no permission at all.
    expect(
      opencodePermission({ disallowedTools: ["write"] }, { vocabulary, table: TOOLS }).permission,
    ).toEqual({
      edit: "deny",
    });
    expect(opencodePermission({}, { vocabulary, table: TOOLS }).permission).toEqual({});
  });

  test("copilot: Copilot's tool aliases in the agent file, disallowed tools excluded", async () => {
    const { rec } = await runOn("copilot", { tools, disallowedTools: disallowed });
    expect(fileText(rec, "roster-code-reviewer.agent.md")).toContain('tools: ["read","search","execute"]');
    expect(rec.argv).toContain("--excluded-tools=create");
    expect(rec.argv).toContain("--allow-all-tools");
    expect(arg(rec, "--agent")).toBe("roster-code-reviewer");
  });

  // What a host allows or denies for one permission rule, from its plan.
  const shellOf = {
    gemini: (plan: Plan) => {
      const policy = plan.files.find((f) => f.path.endsWith("policy.toml"))!.content;
      const allowed = /toolName = (\[[^\]]*\])\ndecision = "allow"/.exec(policy)?.[1] ?? "[]";
      const denied = /toolName = (\[[^\]]*\])\ndecision = "deny"\npriority = 999/.exec(policy)?.[1] ?? "[]";
      return { allowed: JSON.parse(allowed) as string[], denied: JSON.parse(denied) as string[] };
    },
    opencode: (plan: Plan) => {
      const permission: Record<string, string> = JSON.parse(plan.env.OPENCODE_CONFIG_CONTENT!).agent[
        "roster-code-reviewer"
      ].permission;
      const with_ = (decision: string) =>
        Object.entries(permission).flatMap(([tool, d]) => (d === decision && tool !== "*" ? [tool] : []));
      return { allowed: with_("allow"), denied: with_("deny") };
    },
    copilot: (plan: Plan) => {
      const file = plan.files.find((f) => f.path.endsWith(".agent.md"))!.content;
      const excluded = plan.args.find((a) => a.startsWith("--excluded-tools="))?.slice(17);
      return {
        allowed: JSON.parse(/^tools: (.*)$/m.exec(file)![1]!) as string[],
        denied: excluded ? excluded.split(",") : [],
      };
    },
  };
  type Plan = ReturnType<ReturnType<typeof createHostRunner>["plan"]>;
  const shellNames = { gemini: "run_shell_command", opencode: "bash", copilot: "execute" } as const;
  const writeNames = { gemini: "write_file", opencode: "edit", copilot: "create" } as const;

  test.each(["gemini", "opencode", "copilot"] as const)(
    "%s: a Claude permission rule is left out of the allowed tools (as export leaves it out), and denies its whole tool",
    (host) => {
      for (const rule of ["Bash(git status)", "Bash(git status"]) {
        const plan = createHostRunner({ tools: TOOLS, family: testFamily(host) }).plan(
          invocation({
            tools: ["read", rule.toLowerCase()],
            toolsAsWritten: ["Read", rule],
            disallowedTools: ["Write(/etc/**)"],
          }),
          { depth: 1, runDir: "/tmp/r" },
        );
        const { allowed, denied } = shellOf[host](plan);
        // `git status` only, or no tool at all for Claude Code: never the whole shell.
        expect(allowed).not.toContain(shellNames[host]);
        expect(allowed.length).toBeGreaterThan(0);
        expect(plan.notes.join("\n")).toContain(`permission rules were left out`);
        expect(plan.notes.join("\n")).toContain(rule.toLowerCase());
        // A rule it may not use denies more than the rule, never less.
        expect(denied).toContain(writeNames[host]);
      }
    },
  );

  test("claude: a Claude Code agent's tool names go as written (Claude Code reads them itself, case by case)", () => {
    const plan = (extra: Partial<TaskInvocation>) =>
      createHostRunner({ tools: TOOLS, family: testFamily("claude") }).plan(invocation(extra), {
        depth: 1,
        runDir: "/tmp/r",
      });
    const written = plan({ tools: ["read", "ls", "multiedit"], toolsAsWritten: ["read", "LS", "MultiEdit"] });
    // Not `Read,Glob,Edit`: Claude Code has no tool by these names and gives the agent none.
    expect(arg({ argv: written.args } as FakeRecord, "--tools")).toBe("read,LS,MultiEdit");
    // From another family, a name is translated by what it does.
    const other = plan({ provider: "xcsh", tools: ["read", "ls"] });
    expect(arg({ argv: other.args } as FakeRecord, "--tools")).toBe("Read,Glob");
  });

  test("claude: a rule from another family is left out, not widened to its whole tool", () => {
    const plan = createHostRunner({ tools: TOOLS, family: testFamily("claude") }).plan(
      invocation({
        provider: "xcsh",
        tools: ["read", "bash(git status)"],
        disallowedTools: ["write(/etc/**)"],
      }),
      { depth: 1, runDir: "/tmp/r" },
    );
    expect(arg({ argv: plan.args } as FakeRecord, "--tools")).toBe("Read");
    expect(arg({ argv: plan.args } as FakeRecord, "--allowedTools")).toBe("Read");
    expect(arg({ argv: plan.args } as FakeRecord, "--disallowedTools")).toBe("Write");
    expect(plan.notes.join("\n")).toContain("permission rules were left out");
  });

  test("codex: tools decide the sandbox; disallowed tools cannot be enforced", async () => {
    expect(arg((await runOn("codex", { tools: ["read", "grep"] })).rec, "-s")).toBe("read-only");
    expect(arg((await runOn("codex", { tools: ["read", "edit"] })).rec, "-s")).toBe("workspace-write");
    expect(arg((await runOn("codex", {})).rec, "-s")).toBeUndefined();
  });

  test.each([
    ["claude", (r: FakeRecord) => arg(r, "--permission-mode") === "plan"],
    ["codex", (r: FakeRecord) => arg(r, "-s") === "read-only"],
    ["gemini", (r: FakeRecord) => arg(r, "--approval-mode") === "plan" && r.argv.includes("--skip-trust")],
    [
      "opencode",
      (r: FakeRecord) => {
        const p = JSON.parse(r.env.OPENCODE_CONFIG_CONTENT!).agent["roster-code-reviewer"].permission;
        return p.edit === "deny" && p.bash === "deny";
      },
    ],
    ["copilot", (r: FakeRecord) => arg(r, "--mode") === "plan"],
  ] as const)("plan mode on %s is the host's own plan/read-only mode", async (host, check) => {
    const { rec } = await runOn(host, {
      planMode: true,
      tools: ["read", "grep", "find", "ls", "lsp", "web_search"],
    });
    expect(check(rec)).toBe(true);
    const normal = (await runOn(host, { tools: ["read", "grep", "edit"] })).rec;
    expect(check(normal)).toBe(false);
  });

  test("gemini in an untrusted project does not skip Gemini's trust check", async () => {
    const { rec } = await runOn("gemini", { planMode: true }, { trustProject: false });
    expect(arg(rec, "--approval-mode")).toBe("plan");
    expect(rec.argv).not.toContain("--skip-trust");
  });

  test.each([
    [
      "claude",
      (r: FakeRecord) =>
        arg(r, "--disallowedTools") === "Task,Agent" &&
        r.env.CLAUDE_CODE_MAX_SUBAGENT_SPAWN_DEPTH === "0" &&
        arg(r, "--tools") === "Read",
    ],
    ["codex", (r: FakeRecord) => r.argv.includes("agents.max_depth=0")],
    [
      "gemini",
      (r: FakeRecord) =>
        /toolName = \["invoke_agent"\]\ndecision = "deny"\npriority = 999/.test(
          r.files[arg(r, "--policy")!]!,
        ),
    ],
    [
      "opencode",
      (r: FakeRecord) =>
        JSON.parse(r.env.OPENCODE_CONFIG_CONTENT!).agent["roster-code-reviewer"].permission.task === "deny" &&
        r.env.OPENCODE_PERMISSION === '{"task":"deny"}',
    ],
    [
      "copilot",
      (r: FakeRecord) =>
        r.argv.includes("--excluded-tools=task") && !fileText(r, ".agent.md")!.includes('"agent"'),
    ],
  ] as const)("at max depth %s's own sub-agents are switched off", async (host, check) => {
    const { rec } = await runOn(host, { atMaxDepth: true, tools: ["read", "task"] }, { depth: 2 });
    expect(check(rec)).toBe(true);
    expect(rec.env.ROSTER_TASK_DEPTH).toBe("2");
    const below = (await runOn(host, { tools: ["read", "task"] })).rec;
    expect(check(below)).toBe(false);
  });

  test("claude: permission mode and max turns; bypass from an untrusted project's agent is dropped", async () => {
    const { rec } = await runOn("claude", { permissionMode: "acceptEdits", maxTurns: 3 });
    expect(arg(rec, "--permission-mode")).toBe("acceptEdits");
    expect(arg(rec, "--max-turns")).toBe("3");
    const untrusted = (
      await runOn(
        "claude",
        { permissionMode: "bypassPermissions", source: "project" },
        { trustProject: false },
      )
    ).rec;
    expect(untrusted.argv).not.toContain("--permission-mode");
    expect(arg(untrusted, "--setting-sources")).toBe("user");
  });

  test("cost: USD from Claude and opencode, premium requests from Copilot", async () => {
    expect((await runOn("claude")).result.cost).toEqual({ amount: 0.0123, unit: "usd" });
    expect((await runOn("opencode")).result.cost).toEqual({ amount: 0.002, unit: "usd" });
    expect((await runOn("copilot")).result.cost).toEqual({ amount: 1, unit: "premium-requests" });
  });

  test("a timeout ends the host and marks the result aborted", async () => {
    const hang = join(root, "hang.mjs");
    writeFileSync(hang, "setTimeout(() => {}, 60000);");
    const runner = createHostRunner({
      tools: TOOLS,
      family: testFamily("claude"),
      command: process.execPath,
      args: [hang],
    });
    const result = await runner.run(invocation(), { depth: 1, env: { PATH: bin }, timeoutMs: 300 });
    expect(result).toMatchObject({ aborted: true, error: "timed out after 300 ms" });
  });

  test("one timeout for the run: a hung status check takes a quarter, the host gets SIGTERM before SIGKILL", async () => {
    const deaf = join(root, `deaf-${counter++}.log`);
    const status = join(root, `status-${counter++}`);
    const runner = createHostRunner({ tools: TOOLS, family: testFamily("claude") });
    const result = await runner.run(invocation(), {
      depth: 1,
      env: { PATH: bin, FAKE_HOST_STATUS_HANG: "1", FAKE_HOST_STATUS_RECORD: status, FAKE_HOST_DEAF: deaf },
      timeoutMs: 2000,
    });
    expect(result).toMatchObject({ aborted: true, error: "timed out after 2000 ms" });
    // The status check was asked (and given up on), the host started, was asked to wind down
    // (SIGTERM, ignored) and was killed at the end of the same budget.
    expect(readdirSync(status)).toHaveLength(1);
    expect(readFileSync(deaf, "utf8")).toBe("start\nTERM\n");
  });

  test("statusBudget: a quarter of what is left of the run, at most the status timeout", () => {
    expect(statusBudget({})).toEqual({});
    expect(statusBudget({ timeoutMs: 2000 }).timeoutMs).toBeLessThanOrEqual(500);
    expect(statusBudget({ timeoutMs: 600_000 }).timeoutMs).toBe(STATUS_TIMEOUT_MS);
    // A run whose time is all but gone still gives the check a millisecond, never a negative one.
    expect(statusBudget({ timeoutMs: 2000, deadline: performance.now() - 10 }).timeoutMs).toBe(1);
  });

  describe("preflight: a host that is not logged in is one line before anything starts", () => {
    test.each([
      ["claude", "Claude Code is not logged in: run `claude auth login` (or set ANTHROPIC_API_KEY)"],
      ["codex", "Codex is not logged in: run `codex login`"],
    ] as const)("%s: its offline status command answers, the task never starts", async (host, line) => {
      const status = join(root, `status-${counter++}`);
      const { result, records } = await runOn(
        host,
        {},
        { env: { FAKE_HOST_LOGIN: "out", FAKE_HOST_STATUS_RECORD: status } },
      );
      expect(result).toMatchObject({ exitCode: null, output: "", error: line, code: "host/not-logged-in" });
      expect(result.cost).toBeUndefined();
      expect(records).toHaveLength(0);
      expect(readdirSync(status)).toHaveLength(1);
    });

    test("logged in: the status is asked once per runner, whatever the number of tasks", async () => {
      const status = join(root, `status-${counter++}`);
      const record = join(root, `rec-${counter++}`);
      const runner = createHostRunner({ tools: TOOLS, family: testFamily("codex") });
      const env = { PATH: bin, FAKE_HOST_RECORD: record, FAKE_HOST_STATUS_RECORD: status };
      const results = await Promise.all(
        ["a", "b", "c"].map((id) => runner.run(invocation({ id }), { depth: 1, env })),
      );
      expect(results.map((r) => r.error)).toEqual([undefined, undefined, undefined]);
      expect(readRecords(record)).toHaveLength(3);
      expect(readdirSync(status)).toHaveLength(1);
    });

    test("codex: a key in the environment skips the status command (it does not count one)", async () => {
      const status = join(root, `status-${counter++}`);
      const { result } = await runOn(
        "codex",
        {},
        { env: { FAKE_HOST_LOGIN: "out", FAKE_HOST_STATUS_RECORD: status, CODEX_API_KEY: "k" } },
      );
      expect(result.error).toBeUndefined();
      expect(existsSync(status)).toBe(false);
    });

    test("a status command roster cannot read lets the run go ahead", async () => {
      const odd = join(root, "odd-status.mjs");
      writeFileSync(
        odd,
        'if (process.argv.includes("status")) { console.log("???"); process.exit(3); } console.log(JSON.stringify({ type: "result", is_error: false, result: "ran", session_id: "s" }));',
      );
      const runner = createHostRunner({
        tools: TOOLS,
        family: testFamily("claude"),
        command: process.execPath,
        args: [odd],
      });
      const result = await runner.run(invocation(), { depth: 1, env: { PATH: bin } });
      expect(result).toMatchObject({ exitCode: 0, output: "ran" });
      await expect(
        checkHostReady(testFamily("claude").host, { env: { PATH: bin }, cwd: root }),
      ).resolves.toMatchObject({
        ready: true,
        path: join(bin, "claude"),
        login: "logged-in",
      });
    });
  });
});

describe("an untrusted project (issue 27)", () => {
  const bypass = { permissionMode: "bypassPermissions", source: "project" } as const;
  test.each([
    [
      "claude",
      (r: FakeRecord) => !r.argv.includes("--permission-mode") && arg(r, "--setting-sources") === "user",
      (r: FakeRecord) =>
        arg(r, "--permission-mode") === "bypassPermissions" && !r.argv.includes("--setting-sources"),
    ],
    [
      "codex",
      (r: FakeRecord) => !r.argv.includes("danger-full-access") && !r.argv.includes("--skip-git-repo-check"),
      (r: FakeRecord) => arg(r, "-s") === "danger-full-access",
    ],
    [
      "gemini",
      (r: FakeRecord) => !r.argv.includes("--approval-mode") && !r.argv.includes("--skip-trust"),
      (r: FakeRecord) => arg(r, "--approval-mode") === "yolo" && r.argv.includes("--skip-trust"),
    ],
    [
      "opencode",
      (r: FakeRecord) => r.env.OPENCODE_DISABLE_PROJECT_CONFIG === "1",
      (r: FakeRecord) => r.env.OPENCODE_DISABLE_PROJECT_CONFIG === undefined,
    ],
    [
      "copilot",
      (r: FakeRecord) => !r.argv.includes("--trust-folder") && !r.argv.includes("--allow-all"),
      (r: FakeRecord) => !r.argv.includes("--allow-all"),
    ],
  ] as const)(
    "%s gets no permission a project agent raises, and is kept from the project's own config",
    async (host, untrusted, trusted) => {
      const notes: string[] = [];
      const record = join(root, `rec-${counter++}`);
      const runner = createHostRunner({
        tools: TOOLS,
        family: testFamily(host),
        onTrustNote: (note) => notes.push(note),
      });
      await runner.run(invocation(bypass), { depth: 1, env: { PATH: bin, FAKE_HOST_RECORD: record } });
      const [rec] = readRecords(record) as FakeRecord[];
      expect(untrusted(rec!)).toBe(true);
      expect(notes).toContain(
        'permission mode "bypassPermissions" of project agent "code-reviewer" was dropped: the project is not trusted',
      );
      // Trusted (roster trust), the project's agent keeps its mode, as before.
      expect(trusted((await runOn(host, bypass, { trustProject: true })).rec)).toBe(true);
    },
  );

  test("acceptEdits and dontAsk of a project agent are dropped too; a user agent's are kept; plan stays", async () => {
    for (const permissionMode of ["acceptEdits", "dontAsk"]) {
      const { rec } = await runOn("claude", { permissionMode, source: "project" }, { trustProject: false });
      expect(rec.argv).not.toContain("--permission-mode");
      const gemini = (await runOn("gemini", { permissionMode, source: "project" }, { trustProject: false }))
        .rec;
      expect(gemini.argv).not.toContain("--approval-mode");
    }
    const user = (
      await runOn("claude", { permissionMode: "acceptEdits", source: "user" }, { trustProject: false })
    ).rec;
    expect(arg(user, "--permission-mode")).toBe("acceptEdits");
    const plan = (
      await runOn("claude", { permissionMode: "plan", source: "project" }, { trustProject: false })
    ).rec;
    expect(arg(plan, "--permission-mode")).toBe("plan");
  });

  test("Codex never gets danger-full-access in an untrusted project, whoever's agent asks", async () => {
    const runner = createHostRunner({ tools: TOOLS, family: testFamily("codex") });
    const plan = runner.plan(invocation({ permissionMode: "bypassPermissions", source: "user" }), {
      depth: 1,
      runDir: "/tmp/roster-run-t1",
    });
    expect(plan.args).toContain("workspace-write");
    expect(plan.args).not.toContain("danger-full-access");
    expect(plan.trustNotes).toEqual([
      'Codex runs with the "workspace-write" sandbox, not "danger-full-access": the project is not trusted',
    ]);
  });

  test("Gemini in plan mode, untrusted: the plan says Gemini resets its approval mode", () => {
    const plan = createHostRunner({ tools: TOOLS, family: testFamily("gemini") }).plan(
      invocation({ planMode: true, permissionMode: "plan", tools: ["read", "grep"] }),
      { depth: 1, runDir: "/tmp/roster-run-t1" },
    );
    expect(plan.args).not.toContain("--skip-trust");
    expect(plan.trustNotes.join("\n")).toMatch(/resets --approval-mode plan to "default".*policy file/);
  });

  test("createHostRunner is untrusted unless told otherwise", () => {
    const plan = createHostRunner({ tools: TOOLS, family: testFamily("claude") }).plan(invocation(), {
      depth: 1,
      runDir: "/tmp/r",
    });
    expect(arg({ argv: plan.args } as FakeRecord, "--setting-sources")).toBe("user");
  });
});

describe("an untrusted project agent's tools grant nothing beyond reading (issue 49)", () => {
  // As an agent file writes them: `tools: [Read, Bash, Edit]` of a project's Claude Code agent.
  const agent: Partial<TaskInvocation> = {
    tools: ["read", "bash", "edit"],
    toolsAsWritten: ["Read", "Bash", "Edit"],
    source: "project",
  };
  const plan = (host: HostId, trustProject: boolean, extra: Partial<TaskInvocation> = {}) =>
    createHostRunner({ tools: TOOLS, family: testFamily(host), trustProject }).plan(
      invocation({ ...agent, provider: host, ...extra }),
      { depth: 1, runDir: "/tmp/roster-run-t1" },
    );
  const argOf = (args: readonly string[], flag: string) => arg({ argv: [...args] } as FakeRecord, flag);
  const opencodePermission = (p: ReturnType<typeof plan>) =>
    (
      JSON.parse(p.env.OPENCODE_CONFIG_CONTENT!) as {
        agent: Record<string, { permission?: Record<string, string> }>;
      }
    ).agent["roster-code-reviewer"]!.permission;
  const geminiPolicy = (p: ReturnType<typeof plan>) =>
    p.files.find((f) => f.path.endsWith("policy.toml"))!.content;

  test("Claude Code: --tools keeps all three, --allowedTools only Read; the note says what was withheld", () => {
    const untrusted = plan("claude", false);
    expect(argOf(untrusted.args, "--tools")).toBe("Read,Bash,Edit");
    expect(argOf(untrusted.args, "--allowedTools")).toBe("Read");
    expect(untrusted.trustNotes.join("\n")).toMatch(
      /tools Bash, Edit of project agent "code-reviewer" are not pre-approved.*the project is not trusted/,
    );
    expect(argOf(plan("claude", true).args, "--allowedTools")).toBe("Read,Bash,Edit");
    expect(plan("claude", true).trustNotes).toEqual([]);
    // A user's own agent, untrusted folder or not: as before.
    expect(argOf(plan("claude", false, { source: "user" }).args, "--allowedTools")).toBe("Read,Bash,Edit");
    // Only read-only tools: nothing withheld, nothing said.
    const reader = plan("claude", false, { tools: ["read", "grep"], toolsAsWritten: ["Read", "Grep"] });
    expect(argOf(reader.args, "--allowedTools")).toBe("Read,Grep");
    expect(reader.trustNotes).toEqual([]);
  });

  test("opencode: bash and edit are denied, not allowed; without a tool list every tool but reading is denied", () => {
    const untrusted = plan("opencode", false);
    expect(opencodePermission(untrusted)).toEqual({ "*": "deny", read: "allow", bash: "deny", edit: "deny" });
    expect(untrusted.trustNotes.join("\n")).toMatch(
      /tools bash, edit of project agent "code-reviewer" are denied/,
    );
    expect(opencodePermission(plan("opencode", true))).toEqual({
      "*": "deny",
      read: "allow",
      bash: "allow",
      edit: "allow",
    });
    const all = opencodePermission(plan("opencode", false, { tools: null, toolsAsWritten: undefined }))!;
    for (const name of ["bash", "edit", "webfetch", "websearch", "task"]) expect(all[name]).toBe("deny");
    for (const name of ["read", "grep", "glob", "list", "todowrite"]) expect(all[name]).toBeUndefined();
    expect(
      opencodePermission(plan("opencode", true, { tools: null, toolsAsWritten: undefined })),
    ).toBeUndefined();
  });

  test("Copilot CLI: no --allow-all-tools for an untrusted project's agent; a trusted one's as before", () => {
    const untrusted = plan("copilot", false);
    expect(untrusted.args).not.toContain("--allow-all-tools");
    expect(untrusted.trustNotes.join("\n")).toMatch(
      /Copilot CLI gets no --allow-all-tools for project agent/,
    );
    expect(plan("copilot", true).args).toContain("--allow-all-tools");
    expect(plan("copilot", false, { source: "user" }).args).toContain("--allow-all-tools");
  });

  test("Gemini CLI: the policy allows only the read-only tools; the others get no allow rule", () => {
    const untrusted = plan("gemini", false, { toolsAsWritten: undefined });
    const allowed = (policy: string) =>
      [...policy.matchAll(/toolName = (\[[^\]]*\])\ndecision = "allow"/g)].flatMap(
        (m) => JSON.parse(m[1]!) as string[],
      );
    expect(allowed(geminiPolicy(untrusted))).toEqual(["read_file", "read_many_files"]);
    expect(untrusted.trustNotes.join("\n")).toMatch(
      /tools run_shell_command, replace of project agent "code-reviewer" are not allowed by roster's policy/,
    );
    // Not denied either: Gemini CLI's own rules decide (it asks).
    expect(geminiPolicy(untrusted)).not.toMatch(/"run_shell_command"[^\n]*\]\ndecision = "deny"/);
    expect(allowed(geminiPolicy(plan("gemini", true, { toolsAsWritten: undefined })))).toEqual([
      "read_file",
      "read_many_files",
      "run_shell_command",
      "replace",
    ]);
  });

  test("Codex: the read-only sandbox, not workspace-write", () => {
    const untrusted = plan("codex", false);
    expect(argOf(untrusted.args, "-s")).toBe("read-only");
    expect(untrusted.trustNotes.join("\n")).toMatch(/"read-only" sandbox, not "workspace-write"/);
    expect(argOf(plan("codex", true).args, "-s")).toBe("workspace-write");
  });
});

describe("the host program", () => {
  test("an empty or relative PATH entry never runs the project's own ./claude: the absolute path found is spawned", async () => {
    const project = join(root, "cloned");
    mkdirSync(project, { recursive: true });
    const marker = join(root, "project-claude-ran");
    const own = join(project, "claude");
    writeFileSync(own, `#!/bin/sh\ntouch '${marker}'\n`);
    chmodSync(own, 0o755);
    for (const PATH of [`:${bin}`, `.:${bin}`, `${bin}:`]) {
      const record = join(root, `rec-${counter++}`);
      const result = await createHostRunner({ tools: TOOLS, family: testFamily("claude") }).run(
        invocation({ cwd: project }),
        {
          depth: 1,
          env: { PATH, FAKE_HOST_RECORD: record },
        },
      );
      expect(existsSync(marker)).toBe(false);
      expect(result.output).toBe("fake answer from claude");
      expect(readRecords(record)).toHaveLength(1);
    }
  });
});

describe("opencode's config substitutions", () => {
  test("no text of an agent file can start {env:…} or {file:…}; roster's own prompt reference stays", async () => {
    const { rec } = await runOn("opencode", {
      agent: "x{env:SECRET}{file:/etc/passwd}",
      provider: "opencode",
      tools: ["read"],
      toolsAsWritten: ["{env:SECRET}", "{file:/etc/hostname}"],
    });
    const text = rec.env.OPENCODE_CONFIG_CONTENT!;
    // opencode's own scan: /\{env:([^}]+)\}/ and /\{file:[^}]+\}/ over the text.
    expect(text.match(/\{env:[^}]+\}/g)).toBeNull();
    expect(text.match(/\{file:[^}]+\}/g)).toHaveLength(1);
    const config = JSON.parse(text);
    const agent = config.agent["roster-x-env-secret-file-etc-passwd"];
    expect(agent.description).toBe("roster: x{env:SECRET}{file:/etc/passwd}");
    expect(agent.prompt).toMatch(/^\{file:.*system\.md\}$/);
    expect(fileText(rec, "system.md")).toBe("You review code.");
  });
});

describe("the built-in families' hosts and words", () => {
  test("pickHost: each family's agents run on its host; plugins on Claude Code's; xcsh takes the default", () => {
    const families = [...HOST_FAMILIES, pluginsFamily, xcshFamily];
    for (const family of HOST_FAMILIES)
      expect(pickHost({ provider: family.id }, families)).toEqual({ host: family.id, reason: "family" });
    expect(pickHost({ provider: "plugins" }, families)).toEqual({ host: "claude", reason: "family" });
    expect(pickHost({ provider: "xcsh" }, families, { defaultHost: "codex" })).toEqual({
      host: "codex",
      reason: "default-host",
    });
  });

  test("models: each host takes its own names", () => {
    const words = (id: string) => testFamily(id).vocabulary;
    expect(acceptModel(words("claude"), "anthropic/claude-opus-4-1")).toBe("claude-opus-4-1");
    expect(acceptModel(words("claude"), "gpt-5")).toBeUndefined();
    expect(acceptModel(words("codex"), "openai/gpt-5-codex")).toBe("gpt-5-codex");
    expect(acceptModel(words("gemini"), "flash")).toBe("flash");
    expect(acceptModel({ ...words("gemini"), modelAliases: [] }, "flash")).toBeUndefined();
    expect(acceptModel(words("opencode"), "gemini-2.5-pro")).toBe("google/gemini-2.5-pro");
    expect(acceptModel(words("copilot"), "claude-sonnet-4.6")).toBe("claude-sonnet-4.6");
  });

  test("tool spellings of every family map to one capability", () => {
    expect(["read_file", "view", "Read"].map(TOOLS.capabilityOf)).toEqual(["read", "read", "read"]);
    expect(["run_shell_command", "execute", "Bash"].map(TOOLS.capabilityOf)).toEqual([
      "bash",
      "bash",
      "bash",
    ]);
    expect(TOOLS.capabilityOf("mcp__github__get_issue")).toBeUndefined();
  });
});
