import { createRegistry, defineProvider, discoverAgents, familyLocations } from "@roster/core";
import { agentFile, createSandbox } from "@roster/testkit";
import { describe, expect, test } from "vitest";
import { item, memoryRegistry, spyRunner, task } from "../test/helpers.js";
import { PLAN_MODE_PROMPT, PLAN_MODE_TOOLS } from "./effective-agent.js";
import { createTaskTool } from "./task-tool.js";
import type { TaskOutcome, TaskSession } from "./types.js";

const session: TaskSession = { cwd: "/work" };

function setup(
  items = [
    item({ name: "explore" }),
    item({ name: "reviewer" }),
    item({ name: "task", tools: "read, task" }),
  ],
  env = {},
) {
  const mem = memoryRegistry(items);
  const runner = spyRunner();
  const tool = createTaskTool({ registry: mem.registry, ctx: mem.ctx, runner, env });
  return { ...mem, runner, tool };
}

function refusal(outcome: TaskOutcome): string {
  if (outcome.status !== "refused") throw new Error(`expected a refusal, got ${JSON.stringify(outcome)}`);
  return outcome.message;
}

describe("refusals run no process and use SPEC's exact text", () => {
  test("unknown agent lists the available names and suggests a close one", async () => {
    const { tool, runner } = setup();
    const outcome = await tool.execute({ agent: "explorer", tasks: [task("a")] }, session);
    expect(refusal(outcome)).toBe(
      'Unknown agent "explorer". Available: explore, reviewer, task\nDid you mean "explore"?',
    );
    expect(outcome).toMatchObject({ code: "executor/unknown-agent" });
    expect(runner.calls).toHaveLength(0);
  });

  test("unknown agent without a close match has no suggestion line", async () => {
    const { tool, runner } = setup();
    expect(refusal(await tool.execute({ agent: "zzzzzzzz", tasks: [task("a")] }, session))).toBe(
      'Unknown agent "zzzzzzzz". Available: explore, reviewer, task',
    );
    expect(runner.calls).toHaveLength(0);
  });

  test("unknown agent with no agents at all says none", async () => {
    const { tool } = setup([]);
    expect(refusal(await tool.execute({ agent: "x", tasks: [task("a")] }, session))).toBe(
      'Unknown agent "x". Available: none',
    );
  });

  test("lookup is case-sensitive: Task is not task", async () => {
    const { tool, runner } = setup();
    expect(refusal(await tool.execute({ agent: "Task", tasks: [task("a")] }, session))).toMatch(
      /^Unknown agent "Task"\./,
    );
    expect(runner.calls).toHaveLength(0);
  });

  test("disabled agent names the enabled ones", async () => {
    const { tool, runner } = setup();
    const outcome = await tool.execute(
      { agent: "reviewer", tasks: [task("a")] },
      { ...session, settings: { disabledAgents: ["reviewer"] } },
    );
    expect(refusal(outcome)).toBe('Agent "reviewer" is disabled in settings.\nEnabled agents: explore, task');
    expect(runner.calls).toHaveLength(0);
  });

  test("disabled check comes before the spawn policy", async () => {
    const { tool } = setup();
    const outcome = await tool.execute(
      { agent: "reviewer", tasks: [task("a")] },
      { ...session, spawns: "", settings: { disabledAgents: ["reviewer"] } },
    );
    expect(outcome).toMatchObject({ code: "executor/disabled-agent" });
  });

  test("PI_BLOCKED_AGENT, read at construction, blocks self-recursion", async () => {
    const env: Record<string, string> = { PI_BLOCKED_AGENT: "task" };
    const { tool, runner } = setup(undefined, env);
    env.PI_BLOCKED_AGENT = "explore"; // changing the object later has no effect
    expect(refusal(await tool.execute({ agent: "task", tasks: [task("a")] }, session))).toBe(
      "Cannot spawn task agent from within itself (recursion prevention). Use a different agent type.",
    );
    expect(runner.calls).toHaveLength(0);
    const other = await tool.execute({ agent: "explore", tasks: [task("a")] }, session);
    expect(other.status).toBe("completed");
    expect(runner.calls).toHaveLength(1);
  });

  test('spawns "" allows none', async () => {
    const { tool, runner } = setup();
    expect(
      refusal(await tool.execute({ agent: "explore", tasks: [task("a")] }, { ...session, spawns: "" })),
    ).toBe("Cannot spawn 'explore'. Allowed: none (spawns disabled for this agent)");
    expect(runner.calls).toHaveLength(0);
  });

  test("a CSV spawn list with spaces allows exactly the trimmed names", async () => {
    const { tool, runner } = setup();
    const csv = { ...session, spawns: " explore ,  task " };
    expect(refusal(await tool.execute({ agent: "reviewer", tasks: [task("a")] }, csv))).toBe(
      "Cannot spawn 'reviewer'. Allowed: explore, task",
    );
    expect(runner.calls).toHaveLength(0);
    expect((await tool.execute({ agent: "explore", tasks: [task("a")] }, csv)).status).toBe("completed");
    expect((await tool.execute({ agent: "task", tasks: [task("a")] }, csv)).status).toBe("completed");
    expect(runner.calls).toHaveLength(2);
  });

  test('spawns "*" and absent spawns allow any agent', async () => {
    const { tool, runner } = setup();
    expect(
      (await tool.execute({ agent: "reviewer", tasks: [task("a")] }, { ...session, spawns: "*" })).status,
    ).toBe("completed");
    expect(
      (await tool.execute({ agent: "reviewer", tasks: [task("a")] }, { ...session, spawns: " * " })).status,
    ).toBe("completed");
    expect((await tool.execute({ agent: "reviewer", tasks: [task("a")] }, session)).status).toBe("completed");
    expect(runner.calls).toHaveLength(3);
  });

  test.each([
    ["no tasks", [], "No tasks given: pass at least one task { id, description, assignment }."],
    [
      "a task without an id",
      [task("a"), { description: "x", assignment: "y" }],
      "Task 2 has no id: every task needs a non-empty string id.",
    ],
    [
      "an empty id",
      [{ id: " ", description: "x", assignment: "y" }],
      "Task 1 has no id: every task needs a non-empty string id.",
    ],
    [
      "duplicate ids",
      [task("a"), task("b"), task("a")],
      'Duplicate task id "a": task ids must be unique within a call.',
    ],
    [
      "a missing assignment",
      [{ id: "a", description: "x" }],
      'Task "a" has no assignment: say what the agent must do.',
    ],
  ])("%s is refused", async (_name, tasks, message) => {
    const { tool, runner } = setup();
    const outcome = await tool.execute({ agent: "explore", tasks: tasks as never }, session);
    expect(refusal(outcome)).toBe(message);
    expect(outcome).toMatchObject({ code: "executor/invalid-tasks" });
    expect(runner.calls).toHaveLength(0);
  });

  test("tasks that are not a list are refused", async () => {
    const { tool, runner } = setup();
    expect((await tool.execute({ agent: "explore" } as never, session)).status).toBe("refused");
    expect(runner.calls).toHaveLength(0);
  });

  test("checks run in order: unknown beats bad tasks, spawn policy beats bad tasks", async () => {
    const { tool } = setup();
    expect(await tool.execute({ agent: "nope", tasks: [] }, session)).toMatchObject({
      code: "executor/unknown-agent",
    });
    expect(await tool.execute({ agent: "explore", tasks: [] }, { ...session, spawns: "" })).toMatchObject({
      code: "executor/spawn-not-allowed",
    });
  });

  test("invalid JSON in the call schema is an error answer", async () => {
    const { tool, runner } = setup();
    const outcome = await tool.execute({ agent: "explore", schema: "{nope", tasks: [task("a")] }, session);
    expect(outcome).toMatchObject({ status: "refused", code: "executor/invalid-schema" });
    expect(refusal(outcome)).toMatch(/^The task's schema is not valid JSON/);
    expect(runner.calls).toHaveLength(0);
  });
});

describe("the effective agent reaches the runner", () => {
  test("plan mode: prefixed prompt, read-only tools, no spawns", async () => {
    const { tool, runner } = setup([
      item({ name: "task", tools: "read, write, bash, task", spawns: "*" }, "Do the work."),
    ]);
    const outcome = await tool.execute({ agent: "task", tasks: [task("a")] }, { ...session, planMode: true });
    expect(outcome.status).toBe("completed");
    const { invocation } = runner.calls[0]!;
    expect(invocation.systemPrompt).toBe(`${PLAN_MODE_PROMPT}\n\nDo the work.`);
    expect(invocation.tools).toEqual([...PLAN_MODE_TOOLS]);
    expect(invocation.tools).toEqual(["read", "grep", "find", "ls", "lsp", "web_search"]);
    expect(invocation.spawns).toBe("");
  });

  test("the runner learns where the agent came from, plan mode and whether it is at max depth", async () => {
    const { tool, runner } = setup([item({ name: "task", tools: "read" })]);
    await tool.execute({ agent: "task", tasks: [task("a")] }, { ...session, planMode: true });
    await tool.execute(
      { agent: "task", tasks: [task("b")] },
      { ...session, depth: 0, settings: { maxRecursionDepth: 1 } },
    );
    const [plan, deep] = runner.calls.map((c) => c.invocation);
    expect(plan).toMatchObject({ provider: "t", source: "user", filePath: "mem:task.md", planMode: true });
    expect(plan!.atMaxDepth).toBe(false);
    expect(deep).toMatchObject({ planMode: false, atMaxDepth: true });
  });

  test("without plan mode the agent's own prompt and tools are used", async () => {
    const { tool, runner } = setup([item({ name: "task", tools: "read, write" }, "Do the work.")]);
    await tool.execute({ agent: "task", tasks: [task("a")] }, session);
    expect(runner.calls[0]!.invocation.systemPrompt).toBe("Do the work.");
    expect(runner.calls[0]!.invocation.tools).toEqual(["read", "write", "submit_result"]);
  });

  test("model chain: override, then agent model, then session model", async () => {
    const agents = [item({ name: "a", model: "claude-x, claude-y" }), item({ name: "b" })];
    const { tool, runner } = setup(agents);
    const s: TaskSession = {
      ...session,
      model: "session-model",
      settings: { agentModelOverrides: { a: "override-model" } },
    };
    await tool.execute({ agent: "a", tasks: [task("1")] }, s);
    await tool.execute({ agent: "a", tasks: [task("1")] }, { ...s, settings: {} });
    await tool.execute({ agent: "b", tasks: [task("1")] }, s);
    await tool.execute({ agent: "b", tasks: [task("1")] }, session);
    expect(runner.calls.map((c) => c.invocation.model)).toEqual([
      ["override-model"],
      ["claude-x", "claude-y"],
      ["session-model"],
      null,
    ]);
  });

  describe("output schema precedence", () => {
    const agentSchema = { properties: { fromAgent: { type: "string" } } };
    const callSchema = { properties: { fromCall: { type: "string" } } };
    const sessionSchema = { properties: { fromSession: { type: "string" } } };
    const agents = [item({ name: "typed", output: agentSchema }), item({ name: "plain" })];

    test("the agent's output wins over the call and the session", async () => {
      const { tool, runner } = setup(agents);
      await tool.execute(
        { agent: "typed", schema: JSON.stringify(callSchema), tasks: [task("a")] },
        { ...session, outputSchema: sessionSchema },
      );
      expect(runner.calls[0]!.invocation.outputSchema).toEqual(agentSchema);
    });

    test("the call's schema (JSON text) wins over the session", async () => {
      const { tool, runner } = setup(agents);
      await tool.execute(
        { agent: "plain", schema: JSON.stringify(callSchema), tasks: [task("a")] },
        { ...session, outputSchema: sessionSchema },
      );
      expect(runner.calls[0]!.invocation.outputSchema).toEqual(callSchema);
    });

    test("the session's schema is the last fallback, then null", async () => {
      const { tool, runner } = setup(agents);
      await tool.execute({ agent: "plain", tasks: [task("a")] }, { ...session, outputSchema: sessionSchema });
      await tool.execute({ agent: "plain", tasks: [task("a")] }, session);
      expect(runner.calls.map((c) => c.invocation.outputSchema)).toEqual([sessionSchema, null]);
    });
  });

  describe("depth gating", () => {
    const agents = [
      item({ name: "lead", tools: "read, edit", spawns: "explore, reviewer" }),
      item({ name: "any", tools: "read, task" }),
      item({ name: "leaf", tools: "read" }),
      item({ name: "free" }),
    ];
    async function child(agent: string, depth: number, maxRecursionDepth: number | undefined) {
      const { tool, runner } = setup(agents);
      const settings = maxRecursionDepth === undefined ? {} : { maxRecursionDepth };
      const outcome = await tool.execute({ agent, tasks: [task("a")] }, { ...session, depth, settings });
      expect(outcome.status).toBe("completed");
      const call = runner.calls[0]!;
      return { tools: call.invocation.tools, spawns: call.invocation.spawns, depth: call.options.depth };
    }

    test("maxRecursionDepth 2 (default): depth 0 spawns a child that may spawn; depth 1 is at max", async () => {
      expect(await child("lead", 0, undefined)).toEqual({
        tools: ["read", "edit", "submit_result", "task"],
        spawns: "explore,reviewer",
        depth: 1,
      });
      expect(await child("any", 0, undefined)).toEqual({
        tools: ["read", "task", "submit_result"],
        spawns: "*",
        depth: 1,
      });
      expect(await child("lead", 1, undefined)).toEqual({
        tools: ["read", "edit", "submit_result"],
        spawns: "",
        depth: 2,
      });
      expect(await child("any", 1, 2)).toEqual({ tools: ["read", "submit_result"], spawns: "", depth: 2 });
    });

    test("maxRecursionDepth 1: the first child is already at max", async () => {
      expect(await child("any", 0, 1)).toEqual({ tools: ["read", "submit_result"], spawns: "", depth: 1 });
    });

    test("maxRecursionDepth 0: every child is at max", async () => {
      expect(await child("lead", 0, 0)).toEqual({
        tools: ["read", "edit", "submit_result"],
        spawns: "",
        depth: 1,
      });
    });

    test("maxRecursionDepth -1: no limit, even deep down", async () => {
      expect(await child("any", 7, -1)).toEqual({
        tools: ["read", "task", "submit_result"],
        spawns: "*",
        depth: 8,
      });
      expect(await child("lead", 50, -1)).toEqual({
        tools: ["read", "edit", "submit_result", "task"],
        spawns: "explore,reviewer",
        depth: 51,
      });
    });

    test("an agent without spawns gets no task tool and spawns empty", async () => {
      expect(await child("leaf", 0, 5)).toEqual({ tools: ["read", "submit_result"], spawns: "", depth: 1 });
    });

    test("an agent without a tool list keeps null tools", async () => {
      expect(await child("free", 0, 5)).toEqual({ tools: null, spawns: "", depth: 1 });
    });
  });

  test("prompt is the shared context, a blank line, then the assignment", async () => {
    const { tool, runner } = setup();
    await tool.execute({ agent: "explore", context: "Repo is X.", tasks: [task("a", "Find Y.")] }, session);
    await tool.execute({ agent: "explore", tasks: [task("b", "Find Z.")] }, session);
    expect(runner.calls.map((c) => c.invocation.prompt)).toEqual(["Repo is X.\n\nFind Y.", "Find Z."]);
    expect(runner.calls[0]!.invocation.cwd).toBe("/work");
  });

  test("results keep input order and carry id, agent and source", async () => {
    const mem = memoryRegistry([item({ name: "explore" })]);
    const delays: Record<string, number> = { a: 30, b: 0, c: 15 };
    const tool = createTaskTool({
      registry: mem.registry,
      ctx: mem.ctx,
      runner: {
        run: async (inv) => {
          await new Promise((r) => setTimeout(r, delays[inv.id]));
          return { exitCode: 0, output: inv.id, stderr: "", truncated: false };
        },
      },
    });
    const outcome = await tool.execute(
      { agent: "explore", tasks: [task("a"), task("b"), task("c")] },
      session,
    );
    if (outcome.status !== "completed") throw new Error("refused");
    expect(outcome.results.map((r) => [r.id, r.output, r.agent, r.source])).toEqual([
      ["a", "a", "explore", "user"],
      ["b", "b", "explore", "user"],
      ["c", "c", "explore", "user"],
    ]);
  });

  test("a runner that throws becomes an error on that result", async () => {
    const mem = memoryRegistry([item({ name: "explore" })]);
    const tool = createTaskTool({
      registry: mem.registry,
      ctx: mem.ctx,
      runner: { run: async () => Promise.reject(new Error("boom")) },
    });
    const outcome = await tool.execute({ agent: "explore", tasks: [task("a")] }, session);
    expect(outcome).toMatchObject({
      status: "completed",
      results: [{ id: "a", exitCode: null, error: "runner failed: boom" }],
    });
  });

  test("an already aborted signal runs nothing and marks every result aborted", async () => {
    const { tool, runner } = setup();
    const controller = new AbortController();
    controller.abort();
    const outcome = await tool.execute({ agent: "explore", tasks: [task("a"), task("b")] }, session, {
      signal: controller.signal,
    });
    expect(outcome).toMatchObject({ status: "completed", results: [{ aborted: true }, { aborted: true }] });
    expect(runner.calls).toHaveLength(0);
  });

  test("the tool's env and output caps reach the runner", async () => {
    const { tool, runner } = setup(undefined, {
      PATH: "/bin",
      PI_TASK_MAX_OUTPUT_BYTES: "1234",
      PI_TASK_MAX_OUTPUT_LINES: "12",
    });
    await tool.execute(
      { agent: "explore", tasks: [task("a")] },
      { ...session, settings: { timeoutMs: 999 } },
    );
    expect(runner.calls[0]!.options).toMatchObject({
      env: { PATH: "/bin" },
      maxOutputBytes: 1234,
      maxOutputLines: 12,
      timeoutMs: 999,
    });
  });
});

describe("one timeout for the whole call", () => {
  test("every task of a call gets the call's deadline; one queued past it never starts", async () => {
    const mem = memoryRegistry([item({ name: "explore" })]);
    const calls: Array<{ id: string; timeoutMs?: number; deadline?: number }> = [];
    const tool = createTaskTool({
      registry: mem.registry,
      ctx: mem.ctx,
      runner: {
        async run(invocation, options) {
          calls.push({
            id: invocation.id,
            ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
            ...(options.deadline !== undefined ? { deadline: options.deadline } : {}),
          });
          // The first task uses up the call's time (as a host would, until it is killed).
          if (invocation.id === "a")
            await new Promise((r) => setTimeout(r, Math.max(0, options.deadline! - performance.now()) + 20));
          return { exitCode: 0, output: "", stderr: "", truncated: false };
        },
      },
    });
    const before = performance.now();
    const outcome = await tool.execute(
      { agent: "explore", tasks: [task("a"), task("b")] },
      { ...session, settings: { timeoutMs: 300, maxConcurrency: 1 } },
    );
    expect(calls.map((c) => c.id)).toEqual(["a"]);
    expect(calls[0]!.timeoutMs).toBe(300);
    expect(calls[0]!.deadline).toBeGreaterThanOrEqual(before + 300);
    if (outcome.status !== "completed") throw new Error("expected a run");
    expect(outcome.results[1]).toMatchObject({
      id: "b",
      aborted: true,
      error: "timed out after 300 ms before it could start",
    });
  });
});

test("timeoutFrom: the timeout counts from then (a process's start), not from execute", async () => {
  const { tool, runner } = setup();
  // This process started more than 300 ms ago: a 300 ms run counted from its start is over.
  expect(performance.now()).toBeGreaterThan(300);
  const outcome = await tool.execute(
    { agent: "explore", tasks: [task("a")] },
    { ...session, settings: { timeoutMs: 300 } },
    { timeoutFrom: 0 },
  );
  expect(runner.calls).toHaveLength(0);
  if (outcome.status !== "completed") throw new Error("expected a run");
  expect(outcome.results[0]).toMatchObject({
    aborted: true,
    error: "timed out after 300 ms before it could start",
  });
  await tool.execute({ agent: "explore", tasks: [task("b")] }, { ...session, settings: { timeoutMs: 300 } });
  expect(runner.calls[0]!.options.deadline).toBeGreaterThan(300);
});

describe("rediscovery and the description", () => {
  test("every execute rediscovers: an added agent is usable at once", async () => {
    const { tool, state } = setup([item({ name: "explore" })]);
    expect((await tool.execute({ agent: "late", tasks: [task("a")] }, session)).status).toBe("refused");
    state.items = [...state.items, item({ name: "late" })];
    expect((await tool.execute({ agent: "late", tasks: [task("a")] }, session)).status).toBe("completed");
  });

  test("hasChanged and descriptionStale follow the agent set", async () => {
    const { tool, state } = setup([item({ name: "explore" })]);
    expect(await tool.hasChanged()).toBe(true); // nothing described yet
    const first = await tool.describe();
    expect(await tool.hasChanged()).toBe(false);
    const same = await tool.execute({ agent: "explore", tasks: [task("a")] }, session);
    expect(same).toMatchObject({ descriptionStale: false });

    state.items = [item({ name: "explore" }), item({ name: "reviewer" })];
    expect(await tool.hasChanged()).toBe(true);
    expect(await tool.execute({ agent: "explore", tasks: [task("a")] }, session)).toMatchObject({
      descriptionStale: true,
    });
    const second = await tool.describe();
    expect(second.fingerprint).not.toBe(first.fingerprint);
    expect(second.description).toContain("- reviewer:");
    expect(await tool.hasChanged()).toBe(false);
  });

  test("a change that does not alter the description is not reported", async () => {
    const { tool, state } = setup([item({ name: "explore" }, "old prompt")]);
    await tool.describe();
    state.items = [item({ name: "explore" }, "new prompt")];
    expect(await tool.hasChanged()).toBe(false);
  });

  test("on disk, warm rediscovery through the cache parses nothing and an edit is seen", async () => {
    const sb = createSandbox();
    try {
      sb.write({ "project/.claude/agents/explore.md": agentFile("explore", "first") });
      const claude = defineProvider({
        id: "claude",
        locate: (ctx, kind) =>
          familyLocations(ctx, { project: `.claude/${kind}`, user: `${ctx.home}/.claude/${kind}` }),
      });
      const runner = spyRunner();
      const tool = createTaskTool({ registry: createRegistry([claude]), ctx: sb.ctx(), runner });
      await tool.execute({ agent: "explore", tasks: [task("a")] }, session);
      const parses = tool.cache.stats.parses;
      await tool.execute({ agent: "explore", tasks: [task("a")] }, session);
      expect(tool.cache.stats.parses).toBe(parses);
      sb.write({ "project/.claude/agents/explore.md": agentFile("explore", "second", "", "New body.") });
      await tool.execute({ agent: "explore", tasks: [task("a")] }, session);
      expect(runner.calls[2]!.invocation.systemPrompt).toBe("New body.");
    } finally {
      sb.cleanup();
    }
  });
});

describe("permissions reach the host (SPEC §3 addendum)", () => {
  test("disallowedTools and permissionMode survive to the invocation", async () => {
    const { tool, runner } = setup([
      item({
        name: "careful",
        tools: "Read, Grep",
        disallowedTools: "Bash, Write",
        permissionMode: "acceptEdits",
      }),
      item({ name: "plain" }),
    ]);
    await tool.execute({ agent: "careful", tasks: [task("a")] }, session);
    expect(runner.calls[0]!.invocation).toMatchObject({
      disallowedTools: ["Bash", "Write"],
      permissionMode: "acceptEdits",
    });
    await tool.execute({ agent: "plain", tasks: [task("b")] }, session);
    expect(runner.calls[1]!.invocation).toMatchObject({ disallowedTools: null, permissionMode: null });
  });

  test("plan mode asks the host for its plan mode, whatever the agent said", async () => {
    const { tool, runner } = setup([item({ name: "bold", permissionMode: "bypassPermissions" })]);
    await tool.execute({ agent: "bold", tasks: [task("a")] }, { ...session, planMode: true });
    expect(runner.calls[0]!.invocation.permissionMode).toBe("plan");
  });
});

describe("findAgent: a quick lookup of one name (a one-shot caller's)", () => {
  /** A tool whose whole discovery counts its calls (each asks the provider for its items). */
  function counted() {
    const items = [item({ name: "explore" }), item({ name: "reviewer" }), item({ name: "task" })];
    let wholeDiscoveries = 0;
    const registry = createRegistry([
      defineProvider({
        id: "t",
        load: () => {
          wholeDiscoveries++;
          return items;
        },
      }),
    ]);
    const asked: string[] = [];
    const runner = spyRunner();
    const tool = createTaskTool({
      registry,
      ctx: { cwd: "/nowhere", home: "/nowhere-home", env: {} },
      runner,
      findAgent: async (name) => {
        asked.push(name);
        // A quick answer that differs from the discovery's (its description) shows which was used.
        return name === "reviewer"
          ? (
              await discoverAgents(
                createRegistry([
                  defineProvider({ id: "q", load: () => [item({ name, description: "quick" })] }),
                ]),
                { cwd: "/", home: "/", env: {} },
              )
            ).agents[0]
          : undefined;
      },
    });
    return { tool, runner, asked, count: () => wholeDiscoveries };
  }

  test("the agent it finds runs without a whole discovery", async () => {
    const { tool, runner, asked, count } = counted();
    const outcome = await tool.execute({ agent: "reviewer", tasks: [task("a")] }, session);
    expect(outcome.status).toBe("completed");
    expect(asked).toEqual(["reviewer"]);
    expect(count()).toBe(0);
    expect(runner.calls[0]?.invocation.provider).toBe("q");
  });

  test("a name it does not find, a disabled agent or --provider: the whole discovery decides", async () => {
    const { tool, count } = counted();
    expect(refusal(await tool.execute({ agent: "revewer", tasks: [task("a")] }, session))).toMatch(
      /Available: explore, reviewer, task\nDid you mean "reviewer"\?/,
    );
    expect(count()).toBe(1);
    const disabled = await tool.execute(
      { agent: "reviewer", tasks: [task("a")] },
      { ...session, settings: { disabledAgents: ["reviewer"] } },
    );
    expect(refusal(disabled)).toBe(
      'Agent "reviewer" is disabled in settings.\nEnabled agents: explore, task',
    );
    expect(count()).toBe(2);
    const picked = await tool.execute({ agent: "reviewer", provider: "t", tasks: [task("a")] }, session);
    expect(picked.status).toBe("completed");
    expect(count()).toBe(3);
  });

  test("discover: the caller's whole discovery is the one execute falls back to", async () => {
    const registry = createRegistry([defineProvider({ id: "c", load: () => [item({ name: "mine" })] })]);
    const theirs = await discoverAgents(registry, { cwd: "/", home: "/", env: {} });
    let asked = 0;
    const tool = createTaskTool({
      registry: createRegistry([]),
      ctx: { cwd: "/nowhere", home: "/nowhere-home", env: {} },
      runner: spyRunner(),
      findAgent: async () => undefined,
      discover: async () => {
        asked++;
        return theirs;
      },
    });
    expect(refusal(await tool.execute({ agent: "mien", tasks: [task("a")] }, session))).toBe(
      'Unknown agent "mien". Available: mine\nDid you mean "mine"?',
    );
    expect((await tool.execute({ agent: "mine", tasks: [task("a")] }, session)).status).toBe("completed");
    expect(asked).toBe(2);
    // `describe` reads anew (the registry's own: no agent here).
    expect((await tool.describe()).description).not.toContain("mine");
  });
});
