// End-to-end: `roster mcp` from the BUILT binary, driven by the MCP SDK's own client over stdio.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import {
  type CallToolResult,
  CallToolResultSchema,
  McpError,
  type Progress,
  ToolListChangedNotificationSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { agentFile, copyFixtureTree, createSandbox, type Sandbox } from "@roster/testkit";
import { Ajv } from "ajv";
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { writeFakeHosts } from "../../../packages/hosts/test/fake-hosts.js";

const bin = fileURLToPath(new URL("../dist/roster.js", import.meta.url));
const node = process.execPath;

let tree: string;
let box: Sandbox;
const open: Array<{ close(): Promise<void> }> = [];

/** Starts `roster mcp` with a clean environment and connects the SDK client to it. */
async function connect(
  options: { cwd?: string; home?: string; args?: string[]; env?: Record<string, string> } = {},
) {
  const transport = new StdioClientTransport({
    command: node,
    args: [
      bin,
      "mcp",
      "--home",
      options.home ?? box.home,
      "--cwd",
      options.cwd ?? box.project,
      ...(options.args ?? []),
    ],
    env: { PATH: process.env.PATH ?? "", ...options.env },
    cwd: box.root,
    stderr: "pipe",
  });
  const client = new Client({ name: "roster-test", version: "0.0.0" });
  await client.connect(transport);
  open.push(client);
  return { client, transport };
}

async function call(client: Client, name: string, args: Record<string, unknown>) {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

const text = (result: CallToolResult) => (result.content[0] as { text: string }).text;
/** Alive and not a zombie (PID 1 in a container may not reap orphans). */
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return false;
  }
};

const INITIALIZE = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "0" } },
};

/** `roster mcp` on raw pipes, for what the SDK client hides: the exact lines, stdin closing. */
function rawServer(args: string[], env: Record<string, string> = {}) {
  const server = spawn(node, [bin, "mcp", ...args], {
    env: { PATH: process.env.PATH ?? "", ...env },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  server.stdout.on("data", (c) => (stdout += c));
  server.stderr.on("data", (c) => (stderr += c));
  const exited = new Promise<number | null>((resolve) => server.on("exit", (code) => resolve(code)));
  return {
    server,
    exited,
    send: (message: unknown) => server.stdin.write(`${JSON.stringify(message)}\n`),
    lines: () =>
      stdout
        .split("\n")
        .filter((l) => l.trim())
        .map((l) => JSON.parse(l) as Record<string, unknown>),
    stderr: () => stderr,
  };
}

const scripts = {
  // A fake host: answers with what it received, as a structured result.
  "child.mjs": `
    import { writeFileSync } from "node:fs";
    let input = "";
    process.stdin.on("data", (c) => (input += c));
    process.stdin.on("end", () => {
      const inv = JSON.parse(input);
      writeFileSync(process.env.ROSTER_RESULT_FILE, JSON.stringify({
        prompt: inv.prompt, depth: process.env.ROSTER_TASK_DEPTH, spawns: process.env.ROSTER_SPAWNS,
      }));
      process.stdout.write("did " + inv.id + "\\n");
    });`,
  // Never ends; starts a grandchild in its process group and records both pids (both
  // command lines name the sandbox, so a cleanup can tell them from a reused pid).
  "hang.mjs": `
    import { spawn } from "node:child_process";
    import { writeFileSync } from "node:fs";
    import { join } from "node:path";
    let input = "";
    process.stdin.on("data", (c) => (input += c));
    process.stdin.on("end", () => {
      const inv = JSON.parse(input);
      const g = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)", process.argv[2]], { stdio: "ignore" });
      writeFileSync(join(process.argv[2], inv.id + ".pids"), process.pid + " " + g.pid);
    });
    setInterval(() => {}, 1000);`,
};

beforeAll(() => {
  expect(existsSync(bin), "apps/cli is not built: run pnpm build (pnpm test does)").toBe(true);
  tree = mkdtempSync(join(tmpdir(), "roster-mcp-tree-"));
  // The one checked-in end-to-end tree, shared with the integration tests.
  copyFixtureTree(tree);
  box = createSandbox("roster-mcp-");
  box.write({
    "project/.claude/agents/helper.md": agentFile("helper", "Helps with things"),
    "project/.claude/agents/other.md": agentFile("other", "Another one"),
    "project/.claude/commands/greet.md": "---\ndescription: Say hello\n---\nHello $ARGUMENTS, and $1.\n",
    "child.mjs": scripts["child.mjs"],
    "hang.mjs": scripts["hang.mjs"],
    pids: null,
  });
});
afterEach(async () => {
  await Promise.allSettled(open.splice(0).map((c) => c.close()));
});
afterAll(() => {
  // A failing test must not leave its children behind: kill every pid the fake hosts recorded.
  for (const dir of readdirSync(box.root).filter((d) => d.startsWith("pids-"))) {
    for (const file of readdirSync(join(box.root, dir))) {
      for (const pid of readFileSync(join(box.root, dir, file), "utf8")
        .split(" ")
        .map(Number)) {
        // Only a live process of this sandbox (its command line names the sandbox): pids get reused.
        let cmdline = "";
        try {
          cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8");
        } catch {
          continue;
        }
        if (alive(pid) && cmdline.includes(box.root)) process.kill(pid, "SIGKILL");
      }
    }
  }
  rmSync(tree, { recursive: true, force: true });
  box.cleanup();
});

/** Waits until `a.pids` exists and both pids are written into it (a file is seen as soon as it is created). */
async function waitForPids(pids: string): Promise<void> {
  await vi.waitFor(
    () => {
      expect(readdirSync(pids)).toEqual(["a.pids"]);
      expect(readFileSync(join(pids, "a.pids"), "utf8")).toMatch(/^\d+ \d+$/);
    },
    { timeout: 10_000, interval: 20 },
  );
}

describe("roster mcp: tools", () => {
  test("lists six tools whose input and output schemas are valid JSON Schema", async () => {
    const { client } = await connect();
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([
      "expand_command",
      "list_agents",
      "list_commands",
      "run_task",
      "show_agent",
      "why_agent",
    ]);
    const ajv = new Ajv({ strict: false });
    for (const tool of tools) {
      expect(tool.inputSchema.type).toBe("object");
      expect(() => ajv.compile(tool.inputSchema), `${tool.name} input`).not.toThrow();
      expect(tool.outputSchema, `${tool.name} has an output schema`).toBeDefined();
      expect(() => ajv.compile(tool.outputSchema!), `${tool.name} output`).not.toThrow();
    }
    const runTask = tools.find((t) => t.name === "run_task")!;
    expect(runTask.inputSchema.required).toEqual(["agent", "tasks"]);
    // buildTaskDescription over the current agents, with the output-schema warning.
    expect(runTask.description).toContain("- helper: Helps with things");
    expect(runTask.description).toContain("- reviewer: ");
    expect(runTask.description).toMatch(/built-in output schema \(explore, reviewer\)/);
  });

  test("list_agents over a tree with shadowing equals roster list --json's agents", async () => {
    const listed = spawnSync(
      node,
      [bin, "--home", join(tree, "home"), "--cwd", join(tree, "project"), "list", "--json"],
      { encoding: "utf8", env: { PATH: process.env.PATH ?? "" } },
    );
    expect(listed.status).toBe(0);
    const expected = JSON.parse(listed.stdout) as { agents: unknown[]; shadowed: unknown[] };
    expect(expected.shadowed.length).toBeGreaterThan(0);

    const { client } = await connect({ home: join(tree, "home"), cwd: join(tree, "project") });
    const result = await call(client, "list_agents", {});
    const agents = (result.structuredContent as { agents: Array<Record<string, unknown>> }).agents;
    const withoutScopedId = agents.map(({ scopedId: _, ...rest }) => rest);
    expect(withoutScopedId).toEqual(expected.agents);
    // Plugin agents carry their scoped id; others do not.
    expect(agents.find((a) => a.name === "code-reviewer")?.scopedId).toBe("alpha:code-reviewer");
    expect(agents.find((a) => a.name === "reviewer")?.scopedId).toBeUndefined();
    // The text block carries the same data for clients that read only text.
    expect(JSON.parse(text(result))).toEqual(result.structuredContent);

    // Filters: exact provider and source, case-insensitive text in the name or description.
    const model = (
      expected.agents as Array<{ name: string; description: string; source: string; provider: string }>
    )
      .filter((a) => a.source === "user" && `${a.name} ${a.description}`.toLowerCase().includes("plan"))
      .map((a) => a.name);
    expect(model.length).toBeGreaterThan(0);
    const names = async (args: Record<string, unknown>) =>
      (
        (await call(client, "list_agents", args)).structuredContent as { agents: Array<{ name: string }> }
      ).agents.map((a) => a.name);
    expect(await names({ source: "user", query: "PLAN" })).toEqual(model);
    expect(await names({ provider: "plugins" })).toEqual(
      (expected.agents as Array<{ name: string; provider: string }>)
        .filter((a) => a.provider === "plugins")
        .map((a) => a.name),
    );
  });

  test("show_agent gives the full definition, why_agent the explanation, an unknown name a tool error", async () => {
    const { client } = await connect({ home: join(tree, "home"), cwd: join(tree, "project") });
    const shown = await call(client, "show_agent", { name: "reviewer" });
    expect(shown.structuredContent).toMatchObject({
      name: "reviewer",
      description: "Project reviewer from .xcsh",
      provider: "xcsh",
      source: "project",
    });
    expect(typeof (shown.structuredContent as { systemPrompt: unknown }).systemPrompt).toBe("string");

    const unknown = await call(client, "show_agent", { name: "reviewr" });
    expect(unknown.isError).toBe(true);
    expect(text(unknown)).toMatch(
      /^Unknown agent "reviewr"\. Available: reviewer, .*\nDid you mean "reviewer"\?$/,
    );
    expect(unknown._meta?.["roster/code"]).toBe("executor/unknown-agent");
  });

  test("why_agent answers exactly what roster why --json prints (one function builds both)", async () => {
    const home = join(tree, "home");
    const cwd = join(tree, "project");
    // A user file shadowed by a project one: MCP used to call it "absent", through its cache.
    const whyCli = (name: string) => {
      const r = spawnSync(node, [bin, "--home", home, "--cwd", cwd, "why", name, "--json"], {
        encoding: "utf8",
        env: { PATH: process.env.PATH ?? "" },
      });
      const { schemaVersion: _, error: __, code: ___, ...data } = JSON.parse(r.stdout);
      return data;
    };
    const { client } = await connect({ home, cwd });
    for (const name of ["reviewer", "code-reviewer", "explore", "reviewr"]) {
      const cli = whyCli(name);
      // Asked twice: the second answer comes through the server's warm cache.
      for (let i = 0; i < 2; i++) {
        const why = await call(client, "why_agent", { name });
        expect(why.structuredContent, name).toEqual(cli);
        expect(JSON.parse(text(why))).toEqual(cli);
      }
    }
    const reviewer = whyCli("reviewer");
    expect(
      reviewer.candidates.filter((c: { outcome: string }) => c.outcome === "shadowed").length,
    ).toBeGreaterThan(0);
    expect(whyCli("reviewr").suggestions).toContain("reviewer");
    // It builds every tool view of 600 agents twice (roster why and why_agent): minutes on a loaded CI machine.
  }, 120_000);

  test("--no-project: an untrusted checkout's agents are neither listed nor runnable", async () => {
    const { client } = await connect({ args: ["--no-project"] });
    const listed = await call(client, "list_agents", { source: "project" });
    expect((listed.structuredContent as { agents: unknown[] }).agents).toEqual([]);
    const refused = await call(client, "run_task", {
      agent: "helper",
      tasks: [{ id: "a", assignment: "x" }],
    });
    expect(refused.isError).toBe(true);
    expect(text(refused)).toMatch(/^Unknown agent "helper"\. Available: /);
  });

  test("list_commands and expand_command", async () => {
    const { client } = await connect();
    const listed = await call(client, "list_commands", {});
    const commands = (listed.structuredContent as { commands: Array<{ name: string; description: string }> })
      .commands;
    expect(commands.find((c) => c.name === "greet")).toMatchObject({
      description: "Say hello",
      provider: "claude",
    });
    const expanded = await call(client, "expand_command", { name: "greet", input: "Ada $& Bob" });
    expect(expanded.structuredContent).toEqual({ name: "greet", text: "Hello Ada $& Bob, and Ada." });
    const missing = await call(client, "expand_command", { name: "gret", input: "" });
    expect(missing.isError).toBe(true);
    expect(text(missing)).toMatch(/^Unknown command "gret"\. Available: .*greet/);
    expect(missing._meta?.["roster/code"]).toBe("mcp/unknown-command");
  });
});

describe("roster mcp: prompts, size, instructions", () => {
  test("workflow commands are prompts: prompts/get fills the input as expand_command does", async () => {
    const { client } = await connect();
    const { prompts } = await client.listPrompts();
    expect(prompts.find((p) => p.name === "greet")).toEqual({
      name: "greet",
      description: "Say hello",
      arguments: [
        { name: "input", description: "the arguments, as typed after the command", required: false },
      ],
    });
    const listed = await call(client, "list_commands", {});
    expect(prompts.map((p) => p.name)).toEqual(
      (listed.structuredContent as { commands: Array<{ name: string }> }).commands.map((c) => c.name),
    );
    const got = await client.getPrompt({ name: "greet", arguments: { input: "Ada $& Bob" } });
    const expanded = await call(client, "expand_command", { name: "greet", input: "Ada $& Bob" });
    expect(got).toEqual({
      description: "Say hello",
      messages: [{ role: "user", content: { type: "text", text: text(expanded) } }],
    });
    expect(text(expanded)).toBe("Hello Ada $& Bob, and Ada.");
    await expect(client.getPrompt({ name: "gret" })).rejects.toThrow(
      /Unknown prompt "gret"\. Available: .*greet/,
    );
  });

  test("tools/list stays under 16 KB with 600 agents; run_task names the project's and points to list_agents", async () => {
    const many = createSandbox("roster-mcp-many-");
    try {
      const long =
        "Reviews code for correctness, security and style; knows the team conventions well. ".repeat(4);
      const files: Record<string, string> = {
        "project/.claude/agents/team-lead.md": agentFile("team-lead", "The project's own lead"),
      };
      for (let i = 0; i < 600; i++)
        files[`home/.claude/agents/agent-${String(i).padStart(3, "0")}.md`] = agentFile(`agent-${i}`, long);
      many.write(files);
      const { client } = await connect({ home: many.home, cwd: many.project });
      const { tools } = await client.listTools();
      const bytes = Buffer.byteLength(JSON.stringify({ tools }));
      expect(bytes).toBeLessThanOrEqual(16 * 1024);
      const runTask = tools.find((t) => t.name === "run_task")!;
      expect(runTask.description).toContain("Agents:\n- team-lead: The project's own lead\n- agent-0: ");
      expect(runTask.description).toMatch(/…and \d+ more agent\(s\) not named here: call list_agents/);
      // Every agent is still there to list and to run.
      const listed = await call(client, "list_agents", { query: "agent-599" });
      expect((listed.structuredContent as { agents: unknown[] }).agents).toHaveLength(1);
    } finally {
      many.cleanup();
    }
  });

  test("the instructions name every family of the registry", async () => {
    const { client } = await connect();
    const instructions = client.getInstructions() ?? "";
    for (const family of [
      "xcsh",
      "Claude Code",
      "Codex",
      "Gemini CLI",
      "opencode",
      "GitHub Copilot",
      "Cursor",
      "Claude Code plugins",
      "Bundled",
    ])
      expect(instructions).toContain(family);
  });

  test("typed in a terminal, it says what it is and how to register it, then serves", () => {
    const cmd = [node, bin, "mcp", "--home", box.home, "--cwd", box.project].join(" ");
    const r = spawnSync("script", ["-qec", cmd, "/dev/null"], {
      encoding: "utf8",
      input: "",
      timeout: 30_000,
      env: { PATH: process.env.PATH ?? "", TERM: "xterm" },
    });
    const screen = r.stdout.replaceAll("\r", "");
    expect(screen).toContain(
      "roster mcp is an MCP server: it talks JSON-RPC on stdin and stdout to an agent host",
    );
    expect(screen).toContain("claude mcp add roster -- roster mcp");
    // It kept serving until its stdin ended, then left cleanly.
    expect(r.status).toBe(0);
  });

  test("not on a terminal (an agent host), stderr stays quiet", async () => {
    const raw = rawServer(["--home", box.home, "--cwd", box.project]);
    raw.send(INITIALIZE);
    await vi.waitFor(() => expect(raw.lines()).toHaveLength(1), { timeout: 10_000 });
    raw.server.stdin.end();
    await raw.exited;
    expect(raw.stderr()).toBe("");
  });
});

describe("roster mcp: run_task", () => {
  test("runs every task through the runner and reports progress per task", async () => {
    const { client } = await connect({ args: ["--runner", `${node} ${join(box.root, "child.mjs")}`] });
    const progress: Progress[] = [];
    const result = (await client.callTool(
      {
        name: "run_task",
        arguments: {
          agent: "helper",
          context: "Shared.",
          tasks: [
            { id: "a", description: "first", assignment: "Do A" },
            { id: "b", assignment: "Do B" },
          ],
        },
      },
      CallToolResultSchema,
      { onprogress: (p) => progress.push(p) },
    )) as CallToolResult;
    expect(result.isError).toBeFalsy();
    const out = result.structuredContent as {
      agent: string;
      results: Array<{ id: string; exitCode: number; output: string; data: unknown; source: string }>;
    };
    expect(out.agent).toBe("helper");
    expect(out.results.map((r) => [r.id, r.exitCode, r.output, r.source])).toEqual([
      ["a", 0, "did a\n", "project"],
      ["b", 0, "did b\n", "project"],
    ]);
    expect(out.results[0]!.data).toEqual({ prompt: "Shared.\n\nDo A", depth: "1", spawns: "" });
    expect(text(result)).toContain("[a] helper: exit 0");
    // The SDK client handles notifications a microtask late, so the last one may lose the
    // race with the response it precedes; the exact wire order is asserted below.
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.every((p, i) => p.progress === i + 1 && p.total === 2)).toBe(true);
  });

  test("progress: one notification per finished task, before the result, when a token was sent", async () => {
    const raw = rawServer([
      "--home",
      box.home,
      "--cwd",
      box.project,
      "--runner",
      `${node} ${join(box.root, "child.mjs")}`,
    ]);
    raw.send(INITIALIZE);
    raw.send({ jsonrpc: "2.0", method: "notifications/initialized" });
    const tasks = [
      { id: "a", assignment: "x" },
      { id: "b", assignment: "y" },
      { id: "c", assignment: "z" },
    ];
    raw.send({
      jsonrpc: "2.0",
      id: 2,
      method: "tools/call",
      params: { _meta: { progressToken: "p-1" }, name: "run_task", arguments: { agent: "helper", tasks } },
    });
    raw.send({
      jsonrpc: "2.0",
      id: 3,
      method: "tools/call",
      params: { name: "run_task", arguments: { agent: "helper", tasks } },
    });
    await vi.waitFor(() => expect(raw.lines().filter((l) => l.id === 2 || l.id === 3)).toHaveLength(2), {
      timeout: 10_000,
      interval: 20,
    });
    raw.server.stdin.end();
    expect(await raw.exited).toBe(0);
    const lines = raw.lines();
    const progress = lines.filter((l) => l.method === "notifications/progress");
    expect(progress.map((l) => l.params)).toEqual(
      [1, 2, 3].map((n) => expect.objectContaining({ progressToken: "p-1", progress: n, total: 3 })),
    );
    const messages = progress.map((l) => (l.params as { message: string }).message).sort();
    expect(messages).toEqual(["a: exit 0", "b: exit 0", "c: exit 0"]);
    const answer = lines.findIndex((l) => l.id === 2);
    expect(lines.findLastIndex((l) => l.method === "notifications/progress")).toBeLessThan(answer);
  });

  test("by default a task runs on the agent's host (auto), or on the host asked for", async () => {
    const fakes = writeFakeHosts(join(box.root, "fake-hosts"), ["claude", "gemini"]);
    const { client } = await connect({ env: { PATH: `${fakes}:${process.env.PATH ?? ""}` } });
    const auto = await call(client, "run_task", { agent: "helper", tasks: [{ id: "a", assignment: "x" }] });
    expect(auto.isError).toBeFalsy();
    expect((auto.structuredContent as { results: unknown[] }).results[0]).toMatchObject({
      output: "fake answer from claude",
      sessionId: "s-claude",
    });
    const asked = await call(client, "run_task", {
      agent: "helper",
      host: "gemini",
      tasks: [{ id: "a", assignment: "x" }],
    });
    expect((asked.structuredContent as { results: unknown[] }).results[0]).toMatchObject({
      sessionId: "s-gemini",
    });
    const missing = await call(client, "run_task", {
      agent: "helper",
      host: "codex",
      tasks: [{ id: "a", assignment: "x" }],
    });
    expect(missing.isError).toBe(true);
    expect(text(missing)).toContain('Codex is not installed here: "codex" was not found on PATH');
  });

  test("a host that is not logged in answers the one line; each call asks again", async () => {
    const fakes = writeFakeHosts(join(box.root, "fake-hosts-login"), ["codex"]);
    const loggedOut = join(box.root, "codex-logged-out");
    writeFileSync(loggedOut, "");
    const { client } = await connect({
      env: { PATH: `${fakes}:${process.env.PATH ?? ""}`, FAKE_HOST_LOGIN_FILE: loggedOut },
    });
    const args = { agent: "helper", host: "codex", tasks: [{ id: "a", assignment: "x" }] };
    const out = await call(client, "run_task", args);
    expect((out.structuredContent as { results: unknown[] }).results[0]).toMatchObject({
      exitCode: null,
      error: "Codex is not logged in: run `codex login`",
      code: "host/not-logged-in",
    });
    expect(text(out)).toBe("[a] helper: failed: Codex is not logged in: run `codex login`");
    // The user logs in while the server runs: the next call is not held to the old answer.
    rmSync(loggedOut);
    const ok = await call(client, "run_task", args);
    expect((ok.structuredContent as { results: unknown[] }).results[0]).toMatchObject({
      output: "fake answer from codex",
    });
  });

  test("with --dry-run it is a dry run; a host it does not have is a tool error", async () => {
    const { client } = await connect({ args: ["--dry-run"] });
    const dry = await call(client, "run_task", { agent: "helper", tasks: [{ id: "a", assignment: "x" }] });
    const data = (dry.structuredContent as { results: Array<{ data: { env: unknown } }> }).results[0]!.data;
    expect(data.env).toEqual({ ROSTER_TASK_DEPTH: "1", ROSTER_SPAWNS: "" });
    const host = await call(client, "run_task", {
      agent: "helper",
      host: "claude",
      tasks: [{ id: "a", assignment: "x" }],
    });
    expect(host.isError).toBe(true);
    expect(text(host)).toBe(
      'Host "claude" is not available: this roster mcp runs every task as a dry run (--dry-run). Use host "auto".',
    );
    expect(host._meta?.["roster/code"]).toBe("mcp/host-unavailable");
  });

  test("every SPEC §6 refusal is a tool error with the exact text and its code", async () => {
    const { client } = await connect({ args: ["--dry-run"] });
    const names = (
      (await call(client, "list_agents", {})).structuredContent as { agents: Array<{ name: string }> }
    ).agents.map((a) => a.name);
    const one = [{ id: "a", assignment: "x" }];
    let badJson = "";
    try {
      JSON.parse("{bad");
    } catch (error) {
      badJson = (error as Error).message;
    }
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [
        { agent: "helpr", tasks: one },
        `Unknown agent "helpr". Available: ${names.join(", ")}\nDid you mean "helper"?`,
        "executor/unknown-agent",
      ],
      [
        { agent: "helper", tasks: [] },
        "No tasks given: pass at least one task { id, description, assignment }.",
        "executor/invalid-tasks",
      ],
      [
        { agent: "helper", tasks: [{ id: "", assignment: "x" }] },
        "Task 1 has no id: every task needs a non-empty string id.",
        "executor/invalid-tasks",
      ],
      [
        { agent: "helper", tasks: [...one, ...one] },
        'Duplicate task id "a": task ids must be unique within a call.',
        "executor/invalid-tasks",
      ],
      [
        { agent: "helper", tasks: [{ id: "a", assignment: "  " }] },
        'Task "a" has no assignment: say what the agent must do.',
        "executor/invalid-tasks",
      ],
      [
        { agent: "helper", tasks: one, schema: "{bad" },
        `The task's schema is not valid JSON (${badJson}): pass a JTD schema as a JSON string.`,
        "executor/invalid-schema",
      ],
    ];
    for (const [args, message, code] of cases) {
      const result = await call(client, "run_task", args);
      expect(result.isError, message).toBe(true);
      expect(text(result)).toBe(message);
      expect(result._meta?.["roster/code"]).toBe(code);
    }
  });

  test("disabled, blocked and spawn-policy refusals come from config and the server's environment", async () => {
    const project = join(box.root, "disabled-project");
    box.write({
      "disabled-project/roster.config.json": JSON.stringify({ disabledAgents: ["other"] }),
      "disabled-project/.claude/agents/helper.md": agentFile("helper"),
      "disabled-project/.claude/agents/other.md": agentFile("other"),
    });
    const tasks = [{ id: "a", assignment: "x" }];
    const disabled = (await connect({ args: ["--dry-run"], cwd: project })).client;
    const names = (
      (await call(disabled, "list_agents", {})).structuredContent as { agents: Array<{ name: string }> }
    ).agents
      .map((a) => a.name)
      .filter((n) => n !== "other");
    const d = await call(disabled, "run_task", { agent: "other", tasks });
    expect(text(d)).toBe(`Agent "other" is disabled in settings.\nEnabled agents: ${names.join(", ")}`);
    expect(d._meta?.["roster/code"]).toBe("executor/disabled-agent");

    const blocked = (await connect({ args: ["--dry-run"], env: { PI_BLOCKED_AGENT: "helper" } })).client;
    const b = await call(blocked, "run_task", { agent: "helper", tasks });
    expect(text(b)).toBe(
      "Cannot spawn helper agent from within itself (recursion prevention). Use a different agent type.",
    );
    expect(b._meta?.["roster/code"]).toBe("executor/blocked-recursion");

    const limited = (await connect({ args: ["--dry-run"], env: { ROSTER_SPAWNS: "other" } })).client;
    const s = await call(limited, "run_task", { agent: "helper", tasks });
    expect(text(s)).toBe("Cannot spawn 'helper'. Allowed: other");
    expect(s._meta?.["roster/code"]).toBe("executor/spawn-not-allowed");
    expect((await call(limited, "run_task", { agent: "other", tasks })).isError).toBeFalsy();
  });

  test("a server started at the depth limit refuses; one level above it still runs", async () => {
    const tasks = [{ id: "a", assignment: "x" }];
    const atLimit = (await connect({ args: ["--dry-run"], env: { ROSTER_TASK_DEPTH: "2" } })).client;
    const refused = await call(atLimit, "run_task", { agent: "helper", tasks });
    expect(refused.isError).toBe(true);
    expect(text(refused)).toBe("Cannot spawn 'helper'. Allowed: none (spawns disabled for this agent)");
    expect(refused._meta?.["roster/code"]).toBe("executor/spawn-not-allowed");

    const flagLimit = (
      await connect({ env: { ROSTER_TASK_DEPTH: "1" }, args: ["--dry-run", "--max-depth", "1"] })
    ).client;
    expect((await call(flagLimit, "run_task", { agent: "helper", tasks })).isError).toBe(true);

    const below = (
      await connect({ args: ["--dry-run"], env: { ROSTER_TASK_DEPTH: "1", ROSTER_SPAWNS: "*" } })
    ).client;
    const ran = await call(below, "run_task", { agent: "helper", tasks });
    expect(ran.isError).toBeFalsy();
    const data = (ran.structuredContent as { results: Array<{ data: { env: unknown } }> }).results[0]!.data;
    expect(data.env).toEqual({ ROSTER_TASK_DEPTH: "2", ROSTER_SPAWNS: "" });
  });
});

describe("roster mcp: a long-lived server", () => {
  test("an agent file added between two calls appears, and tools/list_changed is sent", async () => {
    const { client } = await connect();
    let changed = 0;
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      changed++;
    });
    const before = await call(client, "list_agents", {});
    expect(JSON.stringify(before.structuredContent)).not.toContain("newcomer");
    expect(changed).toBe(0);

    writeFileSync(join(box.project, ".claude/agents/newcomer.md"), agentFile("newcomer", "Arrived late"));
    try {
      const after = await call(client, "list_agents", { query: "newcomer" });
      expect(
        (after.structuredContent as { agents: Array<{ name: string }> }).agents.map((a) => a.name),
      ).toEqual(["newcomer"]);
      await vi.waitFor(() => expect(changed).toBe(1), { timeout: 10_000, interval: 20 });
      const runTask = (await client.listTools()).tools.find((t) => t.name === "run_task")!;
      expect(runTask.description).toContain("- newcomer: Arrived late");
      // Nothing changed since: no second notice.
      await call(client, "list_agents", {});
      await client.ping();
      expect(changed).toBe(1);
    } finally {
      rmSync(join(box.project, ".claude/agents/newcomer.md"));
    }
  });

  test("an MCP cancel kills the task's process group; the server answers the next request", async () => {
    const pids = mkdtempSync(join(box.root, "pids-"));
    const { client } = await connect({ args: ["--runner", `${node} ${join(box.root, "hang.mjs")} ${pids}`] });
    const controller = new AbortController();
    const running = client.callTool(
      {
        name: "run_task",
        arguments: {
          agent: "helper",
          tasks: [
            { id: "a", assignment: "x" },
            { id: "b", assignment: "y" },
          ],
        },
      },
      CallToolResultSchema,
      { signal: controller.signal },
    );
    running.catch(() => {});
    await vi.waitFor(
      () => {
        expect(readdirSync(pids).sort()).toEqual(["a.pids", "b.pids"]);
        // A file is seen as soon as it is created; wait until both pids are written into it.
        for (const f of readdirSync(pids)) expect(readFileSync(join(pids, f), "utf8")).toMatch(/^\d+ \d+$/);
      },
      { timeout: 10_000, interval: 20 },
    );
    const started = readdirSync(pids).flatMap((f) =>
      readFileSync(join(pids, f), "utf8").split(" ").map(Number),
    );
    expect(started).toHaveLength(4);
    expect(started.every(alive)).toBe(true);

    controller.abort("the user pressed Esc");
    await expect(running).rejects.toThrow();
    await vi.waitFor(() => expect(started.filter(alive)).toEqual([]), { timeout: 10_000, interval: 20 });
    expect((await client.listTools()).tools).toHaveLength(6);
  });

  /** A server running one task of `hang.mjs` (which records its pids and waits): the server and those pids. */
  async function startHangingTask(env: Record<string, string> = {}) {
    const pids = mkdtempSync(join(box.root, "pids-"));
    const raw = rawServer(
      ["--home", box.home, "--cwd", box.project, "--runner", `${node} ${join(box.root, "hang.mjs")} ${pids}`],
      env,
    );
    raw.send(INITIALIZE);
    raw.send({ jsonrpc: "2.0", method: "notifications/initialized" });
    raw.send({
      jsonrpc: "2.0",
      id: 2,
      method: "tools/call",
      params: { name: "run_task", arguments: { agent: "helper", tasks: [{ id: "a", assignment: "x" }] } },
    });
    await waitForPids(pids);
    const started = readFileSync(join(pids, "a.pids"), "utf8").split(" ").map(Number);
    return { raw, started };
  }

  test("closing stdin aborts running tasks, kills their process groups, and the server exits", async () => {
    const { raw, started } = await startHangingTask();
    expect(started.every(alive)).toBe(true);

    raw.server.stdin.end();
    expect(await raw.exited).toBe(0);
    expect(started.filter(alive)).toEqual([]);
  });

  test.each([
    ["SIGHUP", 129],
    ["SIGQUIT", 131],
    ["SIGTERM", 143],
  ] as const)(
    "%s while a task runs: its process group and its roster-run-* folder go",
    async (signal, status) => {
      const tmp = mkdtempSync(join(box.root, "tmp-"));
      const { raw, started } = await startHangingTask({ TMPDIR: tmp });
      expect(started.every(alive)).toBe(true);
      expect(readdirSync(tmp).filter((d) => d.startsWith("roster-run-"))).toHaveLength(1);

      raw.server.kill(signal);
      expect(await raw.exited).toBe(status);
      expect(started.filter(alive)).toEqual([]);
      expect(readdirSync(tmp)).toEqual([]);
    },
  );

  test("malformed input gets a protocol error (or is dropped) and the server stays up", async () => {
    const { client, transport } = await connect();
    // A request whose params break the protocol's shape: a JSON-RPC error, not a tool result.
    await expect(
      client.request({ method: "tools/call", params: {} }, CallToolResultSchema),
    ).rejects.toBeInstanceOf(McpError);
    await expect(
      client.request({ method: "no/such-method", params: {} }, CallToolResultSchema),
    ).rejects.toMatchObject({ code: -32601 });
    // Arguments that break the tool's input schema: refused, nothing ran.
    const bad = await call(client, "run_task", { agent: 42, tasks: "all" });
    expect(bad.isError).toBe(true);
    expect(text(bad)).toMatch(/Invalid arguments for tool run_task/);
    // A line that is not JSON at all.
    const stdin = (transport as unknown as { _process: { stdin: NodeJS.WritableStream } })._process.stdin;
    stdin.write("{ this is not json\n");
    expect((await client.listTools()).tools).toHaveLength(6);
    expect((await call(client, "list_agents", { query: "helper" })).isError).toBeFalsy();
  });

  test("nothing but protocol messages reaches stdout, even from a config's provider module that prints", async () => {
    const project = join(box.root, "noisy-project");
    box.write({
      "noisy-project/noisy.mjs":
        'console.log("hello from a provider"); process.stdout.write("raw write\\n");\nexport default { id: "noisy", load: () => [] };\n',
      "noisy-project/roster.config.mjs": 'export default { providers: ["./noisy.mjs"] };\n',
    });
    const raw = rawServer([
      "--home",
      box.home,
      "--cwd",
      project,
      "--config",
      join(project, "roster.config.mjs"),
    ]);
    raw.send(INITIALIZE);
    raw.send({ jsonrpc: "2.0", id: 2, method: "tools/list" });
    await vi.waitFor(() => expect(raw.lines().filter((l) => l.id === 2)).toHaveLength(1), {
      timeout: 10_000,
      interval: 20,
    });
    raw.server.stdin.end();
    expect(await raw.exited).toBe(0);
    // Every stdout line parsed as JSON in lines(); each is a JSON-RPC message.
    for (const line of raw.lines()) expect(line.jsonrpc).toBe("2.0");
    expect(raw.stderr()).toContain("hello from a provider");
    expect(raw.stderr()).toContain("raw write");
  });
});
