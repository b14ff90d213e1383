import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { type CallToolResult, ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { type AgentDefinition, createRegistry, defineProvider, type LoadedItem } from "@roster/core";
import { PLAN_MODE_TOOLS, type Runner, type RunOptions, type TaskInvocation } from "@roster/executor";
import { afterEach, describe, expect, test } from "vitest";
import { capResults, MAX_ANSWER_BYTES, MAX_TASKS_PER_CALL } from "./cap-answer.js";
import { createRosterMcpServer, type RosterMcpServer } from "./create-server.js";
import type { RosterMcpOptions, RunnerFor } from "./types.js";

function item(fields: Record<string, unknown>, body = `You are ${String(fields.name)}.`): LoadedItem {
  return {
    filePath: `mem:${String(fields.name)}.md`,
    source: "user",
    frontmatter: { description: `${String(fields.name)} agent`, ...fields },
    body,
  };
}

function spyRunner(
  answer: (invocation: TaskInvocation, options: RunOptions) => Promise<void> = async () => {},
) {
  const calls: Array<{ invocation: TaskInvocation; options: RunOptions }> = [];
  const runner: Runner = {
    async run(invocation, options) {
      calls.push({ invocation, options });
      await answer(invocation, options);
      const aborted = options.signal?.aborted === true;
      return {
        exitCode: aborted ? null : 0,
        output: `ran ${invocation.id}`,
        stderr: "",
        truncated: false,
        ...(aborted ? { aborted: true, error: "aborted" } : {}),
      };
    },
  };
  return { runner, calls };
}

const servers: RosterMcpServer[] = [];
afterEach(async () => {
  await Promise.allSettled(servers.splice(0).map((s) => s.close()));
});

/** A server over one swappable in-memory provider, connected to an SDK client in memory. */
async function start(options: Partial<RosterMcpOptions> & { items?: LoadedItem[] } = {}) {
  const state = { items: options.items ?? [item({ name: "alpha" }), item({ name: "beta" })] };
  const registry = createRegistry([defineProvider({ id: "mem", load: () => state.items })]);
  const spy = spyRunner();
  const server = await createRosterMcpServer({
    registry,
    ctx: { cwd: "/nowhere", home: "/nowhere-home", env: {} },
    runnerFor: () => spy.runner,
    ...options,
  });
  servers.push(server);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.mcp.connect(serverSide);
  const client = new Client({ name: "unit", version: "0.0.0" });
  await client.connect(clientSide);
  const call = async (name: string, args: Record<string, unknown>) =>
    (await client.callTool({ name, arguments: args })) as CallToolResult;
  return { server, client, state, spy, call };
}

const text = (result: CallToolResult) => (result.content[0] as { text: string }).text;

describe("run_task and runnerFor", () => {
  test("runnerFor gets the host asked for (auto as undefined) and the resolved agent", async () => {
    const seen: Array<[string | undefined, string]> = [];
    const spy = spyRunner();
    const runnerFor: RunnerFor = (host, agent) => {
      seen.push([host, agent.name]);
      return spy.runner;
    };
    const { call } = await start({ runnerFor });
    const tasks = [{ id: "t", assignment: "go" }];
    await call("run_task", { agent: "alpha", tasks });
    await call("run_task", { agent: "alpha", tasks, host: "auto" });
    await call("run_task", { agent: "beta", tasks, host: "codex" });
    expect(seen).toEqual([
      [undefined, "alpha"],
      [undefined, "alpha"],
      ["codex", "beta"],
    ]);
    expect(spy.calls.map((c) => c.invocation.agent)).toEqual(["alpha", "alpha", "beta"]);
  });

  test("a refused call never asks for a runner; a runnerFor that throws is a host-unavailable tool error", async () => {
    let asked = 0;
    const { call } = await start({
      runnerFor: () => {
        asked++;
        throw new Error('No host "nope". Hosts: claude, codex.');
      },
    });
    const refused = await call("run_task", {
      agent: "gamma",
      tasks: [{ id: "t", assignment: "go" }],
      host: "nope",
    });
    expect(text(refused)).toBe('Unknown agent "gamma". Available: alpha, beta');
    expect(asked).toBe(0);
    const host = await call("run_task", {
      agent: "alpha",
      tasks: [{ id: "t", assignment: "go" }],
      host: "nope",
    });
    expect(host.isError).toBe(true);
    expect(text(host)).toBe('No host "nope". Hosts: claude, codex.');
    expect(host._meta).toEqual({ "roster/code": "mcp/host-unavailable" });
    expect(asked).toBe(1);
  });

  test("plan mode and settings from the options reach the runner", async () => {
    const { call, spy } = await start({
      planMode: true,
      settings: { maxRecursionDepth: 5, agentModelOverrides: { alpha: "big-model" } },
      items: [item({ name: "alpha", tools: "read, write, task", spawns: "*" })],
    });
    await call("run_task", { agent: "alpha", tasks: [{ id: "t", assignment: "go" }] });
    const [{ invocation, options }] = spy.calls as [(typeof spy.calls)[number]];
    expect(invocation.tools).toEqual([...PLAN_MODE_TOOLS]);
    expect(invocation.spawns).toBe("");
    expect(invocation.model).toEqual(["big-model"]);
    expect(options.depth).toBe(1);
  });

  test("abortAll ends running calls through their signal; close waits for them", async () => {
    const started: string[] = [];
    const slow = spyRunner(
      (invocation, options) =>
        new Promise<void>((resolve) => {
          started.push(invocation.id);
          options.signal?.addEventListener("abort", () => resolve(), { once: true });
        }),
    );
    const { call, server } = await start({ runnerFor: () => slow.runner });
    const pending = call("run_task", { agent: "alpha", tasks: [{ id: "t", assignment: "go" }] });
    while (started.length === 0) await new Promise((r) => setTimeout(r, 5));
    expect(server.running).toBe(1);
    server.abortAll("test over");
    const result = await pending;
    const [r] = (result.structuredContent as { results: Array<{ aborted?: boolean }> }).results;
    expect(r?.aborted).toBe(true);
    expect(server.running).toBe(0);
  });
});

describe("run_task's bounds (issue #27)", () => {
  test("more than MAX_TASKS_PER_CALL tasks are refused before any runs, and the schema says the limit", async () => {
    const { call, client, spy } = await start();
    const tasks = Array.from({ length: 150 }, (_, i) => ({ id: `t${i}`, assignment: "go" }));
    const refused = await call("run_task", { agent: "alpha", tasks });
    expect(refused.isError).toBe(true);
    expect(refused._meta).toEqual({ "roster/code": "mcp/too-many-tasks" });
    expect(text(refused)).toBe(
      `run_task takes at most ${MAX_TASKS_PER_CALL} tasks per call (its answer carries every result at once); got 150. Split them over several calls.`,
    );
    expect(spy.calls).toEqual([]);
    const tool = (await client.listTools()).tools.find((t) => t.name === "run_task")!;
    expect(JSON.stringify(tool.inputSchema)).toContain(`at most ${MAX_TASKS_PER_CALL} per call`);
    const fine = await call("run_task", { agent: "alpha", tasks: tasks.slice(0, MAX_TASKS_PER_CALL) });
    expect(fine.isError).toBeFalsy();
  });

  test("an answer past MAX_ANSWER_BYTES keeps each output's tail and says so", async () => {
    const big = "x".repeat(2 * 1024 * 1024);
    const runner: Runner = {
      async run(invocation) {
        return {
          exitCode: 0,
          output: `${big}END ${invocation.id}`,
          stderr: big,
          truncated: false,
          data: { big },
        };
      },
    };
    const { call } = await start({ runnerFor: () => runner });
    const tasks = Array.from({ length: 4 }, (_, i) => ({ id: `t${i}`, assignment: "go" }));
    const answer = await call("run_task", { agent: "alpha", tasks });
    const results = (answer.structuredContent as { results: Array<Record<string, unknown>> }).results;
    expect(Buffer.byteLength(JSON.stringify(results))).toBeLessThanOrEqual(MAX_ANSWER_BYTES);
    expect(Buffer.byteLength(text(answer))).toBeLessThanOrEqual(MAX_ANSWER_BYTES + 1024);
    expect(text(answer)).toMatch(/^\(answer shortened to fit 4194304 bytes/);
    for (const [i, r] of results.entries()) {
      expect(r.truncated).toBe(true);
      expect(r.output).toMatch(new RegExp(`END t${i}$`));
      expect(r.data).toBeUndefined();
      expect(r.error).toMatch(/structured data dropped: the answer of one run_task call is capped/);
    }
  });

  test("capResults leaves a small answer as it is and fits control characters (six bytes each in JSON)", () => {
    const small = [
      {
        id: "a",
        agent: "x",
        source: "user",
        exitCode: 0,
        output: "hi",
        stderr: "",
        truncated: false,
        durationMs: 1,
      },
    ] as const;
    expect(capResults(small)).toEqual({ results: small, shortened: false });
    const control = [{ ...small[0], output: "\u0001".repeat(10_000) }];
    const { results, shortened } = capResults(control, 4096);
    expect(shortened).toBe(true);
    expect(Buffer.byteLength(JSON.stringify(results))).toBeLessThanOrEqual(4096);
  });
});

describe("rediscovery", () => {
  test("a changed description is announced once with tools/list_changed; an unchanged one is not", async () => {
    const { client, state, call } = await start();
    let notices = 0;
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      notices++;
    });
    const describe = async () =>
      (await client.listTools()).tools.find((t) => t.name === "run_task")!.description;
    expect(await describe()).toContain("- beta: beta agent");

    // Only a system prompt changes: the fingerprint moves, the description does not.
    state.items = [item({ name: "alpha" }, "A new prompt."), item({ name: "beta" })];
    await call("list_agents", {});
    await client.ping();
    expect(notices).toBe(0);

    state.items = [
      item({ name: "alpha" }),
      item({ name: "gamma", output: { properties: { x: { type: "string" } } } }),
    ];
    await call("show_agent", { name: "alpha" });
    await client.ping();
    expect(notices).toBe(1);
    const now = await describe();
    expect(now).toContain("- gamma: gamma agent [structured output]");
    expect(now).not.toContain("- beta:");
    expect(now).toMatch(/built-in output schema \(gamma\)/);
  });

  test("list_agents filters by text, provider and source; show_agent resolves a scoped plugin id", async () => {
    const plugin = { id: "kit@market", name: "kit", marketplace: "market", version: "1.0.0" };
    const { call } = await start({
      items: [
        item({ name: "alpha", description: "Reads the Docs" }),
        { ...item({ name: "reviewer" }), source: "project", plugin },
      ],
    });
    const names = async (args: Record<string, unknown>) =>
      ((await call("list_agents", args)).structuredContent as { agents: Array<{ name: string }> }).agents.map(
        (a) => a.name,
      );
    expect(await names({ query: "docs" })).toEqual(["alpha"]);
    expect(await names({ query: "KIT:" })).toEqual(["reviewer"]);
    // The query is trimmed; one of spaces only filters nothing.
    expect(await names({ query: "  docs " })).toEqual(["alpha"]);
    expect(await names({ query: "   " })).toEqual(["alpha", "reviewer"]);
    expect(await names({ query: "   ", source: "project" })).toEqual(["reviewer"]);
    expect(await names({ source: "project" })).toEqual(["reviewer"]);
    expect(await names({ provider: "other" })).toEqual([]);
    const shown = await call("show_agent", { name: "kit:reviewer" });
    expect(shown.structuredContent as Partial<AgentDefinition>).toMatchObject({
      name: "reviewer",
      scopedId: "kit:reviewer",
      systemPrompt: "You are reviewer.",
    });
  });
});

describe("provider: a shadowed definition (SPEC §16)", () => {
  test("show_agent, why_agent and run_task take an optional provider", async () => {
    const registry = createRegistry([
      defineProvider({ id: "first", load: () => [item({ name: "same", description: "the first's" })] }),
      defineProvider({
        id: "second",
        load: () => [item({ name: "same", description: "the second's" }, "Second.")],
      }),
    ]);
    const spy = spyRunner();
    const server = await createRosterMcpServer({
      registry,
      ctx: { cwd: "/nowhere", home: "/nowhere-home", env: {} },
      runnerFor: () => spy.runner,
    });
    servers.push(server);
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.mcp.connect(serverSide);
    const client = new Client({ name: "unit", version: "0.0.0" });
    await client.connect(clientSide);
    const call = async (name: string, args: Record<string, unknown>) =>
      (await client.callTool({ name, arguments: args })) as CallToolResult;

    const plain = await call("show_agent", { name: "same" });
    expect((plain.structuredContent as { description: string }).description).toBe("the first's");
    const picked = await call("show_agent", { name: "same", provider: "second" });
    expect((picked.structuredContent as { description: string }).description).toBe("the second's");
    const why = await call("why_agent", { name: "same", provider: "second" });
    expect((why.structuredContent as { picked?: { provider: string } }).picked?.provider).toBe("second");
    const none = await call("show_agent", { name: "same", provider: "third" });
    expect(none.isError).toBe(true);
    expect(text(none)).toMatch(
      /Agent "same" has no definition from provider "third"\. Defined by: first, second/,
    );

    await call("run_task", { agent: "same", provider: "second", tasks: [{ id: "t", assignment: "go" }] });
    expect(spy.calls.map((c) => c.invocation.systemPrompt)).toEqual(["Second."]);
  });
});

describe("prompts", () => {
  test("user-invocable skills are prompts; a skill answers before its family's command of that name", async () => {
    const { mkdtempSync, mkdirSync, writeFileSync, rmSync } = await import("node:fs");
    const { join } = await import("node:path");
    const { tmpdir } = await import("node:os");
    const { defineSkillSource } = await import("@roster/family");
    const root = mkdtempSync(join(tmpdir(), "roster-mcp-skills-"));
    try {
      const write = (rel: string, text: string) => {
        mkdirSync(join(root, rel, ".."), { recursive: true });
        writeFileSync(join(root, rel), text);
      };
      write("skills/deploy/SKILL.md", "---\ndescription: deploy skill\n---\nShip $ARGUMENTS now.\n");
      write("skills/quiet/SKILL.md", "---\ndescription: hidden\nuser-invocable: false\n---\nx\n");
      const commands = defineProvider({
        id: "fam",
        load: (_ctx, kind) =>
          kind === "commands"
            ? [
                {
                  filePath: "mem:deploy.md",
                  source: "user",
                  frontmatter: { description: "deploy command" },
                  body: "old",
                  defaultName: "deploy",
                },
              ]
            : [],
      });
      const skills = defineSkillSource({
        id: "fam",
        tool: "fam",
        displayName: "Fam",
        places: () => [{ dir: join(root, "skills"), scope: "user" }],
        rules: {
          layout: "one-level",
          identity: "folder",
          duplicates: "first-wins",
          requiresDescription: false,
          badYaml: "ignore",
          requiresFrontmatter: false,
          invocable: true,
          clash: "skill",
          knownKeys: ["name", "description", "user-invocable"],
        },
      });
      const { client } = await start({
        registry: createRegistry([commands]),
        families: { profiles: [], skillSources: [skills] },
      });
      const { prompts } = await client.listPrompts();
      expect(prompts.map((p) => [p.name, p.description])).toEqual([["deploy", "deploy skill"]]);
      const got = await client.getPrompt({ name: "deploy", arguments: { input: "v2" } });
      expect((got.messages[0]!.content as { text: string }).text).toBe(
        `Base directory for this skill: ${join(root, "skills/deploy")}\n\nShip v2 now.`,
      );
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  test("prompts/get and expand_command are bounded: a template repeating a long input is a clear error, never 500 MB (issue 49)", async () => {
    const commands = defineProvider({
      id: "fam",
      load: (_ctx, kind) =>
        kind === "commands"
          ? [
              {
                filePath: "mem:boom.md",
                source: "project",
                frontmatter: { description: "boom" },
                body: "$ARGUMENTS ".repeat(5000),
                defaultName: "boom",
              },
            ]
          : [],
    });
    const { client } = await start({ registry: createRegistry([commands]) });
    const input = "x".repeat(100 * 1024);
    const error = await client.getPrompt({ name: "boom", arguments: { input } }).then(
      () => undefined,
      (e: unknown) => e as { code?: number; message?: string },
    );
    expect(error?.code).toBe(-32602);
    expect(error?.message).toContain(`the expanded text would be larger than ${MAX_ANSWER_BYTES} bytes`);
    const tool = await client.callTool({ name: "expand_command", arguments: { name: "boom", input } });
    expect(tool.isError).toBe(true);
    expect(tool._meta).toEqual({ "roster/code": "mcp/answer-too-large" });
    // A short input still expands.
    const small = await client.getPrompt({ name: "boom", arguments: { input: "y" } });
    expect((small.messages[0]!.content as { text: string }).text).toBe("y ".repeat(5000));
  });
});
