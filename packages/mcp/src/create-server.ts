import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import {
  type CallToolResult,
  ErrorCode,
  GetPromptRequestSchema,
  type GetPromptResult,
  ListPromptsRequestSchema,
  McpError,
} from "@modelcontextprotocol/sdk/types.js";
import {
  type CommandDiscovery,
  discoverCommands,
  ExpansionTooLargeError,
  expandCommand,
  getCommand,
  type WorkflowCommand,
} from "@roster/commands";
import {
  type AgentDiscovery,
  DiscoveryCache,
  type DiscoveryKind,
  discoverAgents,
  getAgent,
  type ProviderRegistry,
  statLocations,
} from "@roster/core";
import {
  buildTaskDescription,
  checkCall,
  createTaskTool,
  type Runner,
  type TaskInput,
  type TaskResult,
} from "@roster/executor";
import { skillRulesOf } from "@roster/family";
import { copiesOf, reportWhy } from "@roster/profiles";
import { discoverSkills } from "@roster/skills";
import { capResults, MAX_ANSWER_BYTES, MAX_TASKS_PER_CALL, tooManyTasks } from "./cap-answer.js";
import { resolveServerSession } from "./server-session.js";
import * as schemas from "./tool-schemas.js";
import type { Diagnostic, McpToolErrorCode, RosterMcpOptions } from "./types.js";
import { agentDefinition, agentSummary, commandSummary, pageOf } from "./views.js";
import { PlaceWatch } from "./watch-places.js";

/** A roster MCP server, ready to connect to a transport. */
export interface RosterMcpServer {
  /** The SDK server: `await server.mcp.connect(transport)`. */
  readonly mcp: McpServer;
  /** Problems with the environment the server was started in (a bad `ROSTER_TASK_DEPTH`). */
  readonly diagnostics: readonly Diagnostic[];
  /** Rediscovers the agents; rebuilds `run_task`'s description and notifies clients when it changed. */
  refresh(): Promise<AgentDiscovery>;
  /** Number of `run_task` calls still running. */
  readonly running: number;
  /** Aborts every running task now (their process groups are killed by the runner); synchronous. */
  abortAll(reason?: string): void;
  /** Aborts every running task, waits for the calls to settle, then closes the connection. */
  close(reason?: string): Promise<void>;
}

/** The `_meta` key that carries a tool error's stable code. */
export const ERROR_CODE_META_KEY = "roster/code";

/**
 * The most bytes `run_task`'s description takes: every host pays for `tools/list` in every
 * conversation, so with hundreds of agents only the most useful are named (the rest through
 * `list_agents`), and the whole `tools/list` stays under 16 KB.
 */
export const RUN_TASK_DESCRIPTION_BYTES = 5 * 1024;

/** Where `run_task`'s description sends a model for the agents it does not name. */
const MORE_AGENTS = "call list_agents (with query, provider or source to narrow it) to see every agent";

/** The server's instructions: what roster serves, naming every family the registry holds. */
export function serverInstructions(registry: ProviderRegistry): string {
  const families = registry.list().map((p) => p.displayName ?? p.id);
  return (
    `roster serves every sub-agent and workflow command defined on this machine, from ${families.join(", ")}, merged by precedence. ` +
    "Use list_agents to see the agents, run_task to run one, why_agent to learn where a definition comes from; " +
    "workflow commands are also prompts (prompts/list), expanded as expand_command expands them."
  );
}

function toolError(code: McpToolErrorCode, message: string): CallToolResult {
  return {
    isError: true,
    content: [{ type: "text", text: message }],
    _meta: { [ERROR_CODE_META_KEY]: code },
  };
}

function structured(value: Record<string, unknown>, text = JSON.stringify(value, null, 2)): CallToolResult {
  return { content: [{ type: "text", text }], structuredContent: value };
}

/** The SPEC §6 unknown-agent text (with a close match), exactly as the task tool words it. */
function unknownAgent(discovery: AgentDiscovery, name: string, provider?: string): CallToolResult {
  const checked = checkCall({
    discovery,
    input: {
      agent: name,
      ...(provider !== undefined ? { provider } : {}),
      tasks: [{ id: "-", assignment: "-" }],
    },
    session: { cwd: "" },
  });
  // Called only when the lookup failed, so check 1 (or 0, for an empty name) answers.
  if ("refusal" in checked) return toolError(checked.refusal.code, checked.refusal.message);
  return toolError("executor/unknown-agent", `Unknown agent "${name}".`);
}

/** A signal that aborts when either does (`AbortSignal.any` needs Node 20.3). */
function eitherSignal(a: AbortSignal, b: AbortSignal): { signal: AbortSignal; release(): void } {
  const controller = new AbortController();
  const sources = [a, b];
  const onAbort = (event: Event) => controller.abort((event.target as AbortSignal).reason);
  const release = () => {
    for (const source of sources) source.removeEventListener("abort", onAbort);
  };
  const already = sources.find((source) => source.aborted);
  if (already) controller.abort(already.reason);
  else for (const source of sources) source.addEventListener("abort", onAbort, { once: true });
  return { signal: controller.signal, release };
}

/** Readable text of a run for the host's model; the same data is in `structuredContent`. */
function resultsText(results: readonly TaskResult[]): string {
  return results
    .map((r) => {
      const status = r.error ? `failed: ${r.error}` : `exit ${r.exitCode}`;
      const parts = [`[${r.id}] ${r.agent}: ${status}${r.truncated ? " (output truncated)" : ""}`];
      if (r.data !== undefined) parts.push(JSON.stringify(r.data, null, 2));
      else if (r.output.trim()) parts.push(r.output.trimEnd());
      return parts.join("\n");
    })
    .join("\n\n");
}

/** A discovery kept current by watching what it read (see {@link PlaceWatch}). */
interface LiveDiscovery<T> {
  get(): Promise<T>;
  close(): void;
}

/**
 * Answers with the last discovery while nothing it depends on changed: the watch of its
 * folders and symlinked files is quiet (pending events are let in first) and the providers'
 * answers and the locations' folders are as they were (`statLocations`). Otherwise, or with
 * `watch: false`, it discovers again through the cache, as every call did before.
 */
function liveDiscovery<T>(
  options: RosterMcpOptions,
  cache: DiscoveryCache,
  kind: DiscoveryKind,
  discover: () => Promise<T>,
): LiveDiscovery<T> {
  const { registry, ctx } = options;
  const watch = options.watch === false ? undefined : new PlaceWatch();
  let last: { value: T; where: string } | undefined;
  return {
    async get() {
      let where: string | undefined;
      if (watch && last) {
        // An edit made just before this call may have its event queued behind the call.
        await new Promise((done) => setImmediate(done));
        if (watch.quiet) {
          where = (await statLocations(registry, ctx, kind)).fingerprint;
          if (where === last.where) return last.value;
        }
      }
      // Taken before the discovery reads: a change after it makes the next look differ (safe).
      where ??= watch ? (await statLocations(registry, ctx, kind)).fingerprint : "";
      watch?.reset();
      const value = await discover();
      watch?.sync(cache.watchList(kind));
      last = { value, where };
      return value;
    },
    close() {
      watch?.close();
    },
  };
}

/**
 * Builds roster's MCP server (SPEC §12): `list_agents`, `show_agent`, `why_agent`,
 * `run_task`, `list_commands` and `expand_command`. Every call rediscovers through one
 * cache; when the agents change, `run_task`'s description is rebuilt and clients get
 * `notifications/tools/list_changed`. Prints nothing.
 *
 * @example
 * const server = await createRosterMcpServer({ registry, ctx, env: process.env, runnerFor: () => createDryRunRunner() });
 * await serveStdio(server, { stdin: process.stdin, stdout });
 */
export async function createRosterMcpServer(options: RosterMcpOptions): Promise<RosterMcpServer> {
  const { registry, ctx } = options;
  const env = { ...(options.env ?? {}) };
  const cache = options.cache ?? new DiscoveryCache();
  const agentsLive = liveDiscovery(options, cache, "agents", () => discoverAgents(registry, ctx, { cache }));
  const commandsLive = liveDiscovery(options, cache, "commands", () =>
    discoverCommands(registry, ctx, { cache }),
  );
  const { session, diagnostics } = resolveServerSession({
    cwd: ctx.cwd,
    env,
    ...(options.planMode !== undefined ? { planMode: options.planMode } : {}),
    ...(options.settings !== undefined ? { settings: options.settings } : {}),
  });
  const blockedAgent = env.PI_BLOCKED_AGENT;
  const lifetime = new AbortController();
  const running = new Set<Promise<unknown>>();

  const mcp = new McpServer(
    { name: "roster", version: options.version ?? "0.0.0" },
    {
      capabilities: { tools: { listChanged: true } },
      instructions: serverInstructions(registry),
    },
  );

  // 1. The agents as the description was last built from them.
  const describe = (agents: AgentDiscovery["agents"]) =>
    buildTaskDescription(agents, { maxBytes: RUN_TASK_DESCRIPTION_BYTES, more: MORE_AGENTS });
  const first = await agentsLive.get();
  let described = { fingerprint: first.fingerprint, description: describe(first.agents) };

  const readOnly = { readOnlyHint: true, openWorldHint: false } as const;

  mcp.registerTool(
    "list_agents",
    {
      title: "List agents",
      description:
        "The merged sub-agents roster found, 100 per page (pass nextCursor as cursor for the next): name, description, source, provider and file; plugin agents carry a scoped id <plugin>:<name>.",
      inputSchema: schemas.listAgentsInput,
      outputSchema: schemas.listAgentsOutput,
      annotations: readOnly,
    },
    async (filter) => {
      const discovery = await refresh();
      const page = pageOf(discovery.agents, filter);
      if ("error" in page) return toolError("mcp/bad-cursor", page.error);
      return structured({
        agents: page.agents.map(agentSummary),
        total: page.total,
        ...(page.nextCursor !== undefined ? { nextCursor: page.nextCursor } : {}),
      });
    },
  );

  mcp.registerTool(
    "show_agent",
    {
      title: "Show an agent",
      description: "One agent's full definition, system prompt and output schema included.",
      inputSchema: schemas.nameInput,
      outputSchema: schemas.showAgentOutput,
      annotations: readOnly,
    },
    async ({ name, provider }) => {
      const discovery = await refresh();
      const agent = getAgent(discovery, name, provider !== undefined ? { provider } : {});
      if (!agent) return unknownAgent(discovery, name, provider);
      const copies = copiesOf(discovery, agent).map((c) => c.filePath ?? c.provider);
      return structured({ ...agentDefinition(agent), ...(copies.length > 0 ? { copies } : {}) });
    },
  );

  mcp.registerTool(
    "why_agent",
    {
      title: "Explain an agent",
      description:
        "Why a name resolves as it does (what `roster why --json` prints): every place searched in order, which ones define it, the winner, and the tools that would resolve it differently.",
      inputSchema: schemas.nameInput,
      outputSchema: schemas.whyAgentOutput,
      annotations: readOnly,
    },
    async ({ name, provider }) => {
      const discovery = await refresh();
      const report = await reportWhy(discovery, name, {
        ctx,
        registry,
        ...(provider !== undefined ? { provider } : {}),
        ...(options.families ? { profiles: options.families.profiles } : {}),
      });
      return structured({ ...report });
    },
  );

  const runTask = mcp.registerTool(
    "run_task",
    {
      title: "Run tasks with an agent",
      description: described.description,
      inputSchema: schemas.runTaskInput(options.hosts ?? []),
      outputSchema: schemas.runTaskOutput,
      annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: true },
    },
    async (input, extra) => {
      const call = (async (): Promise<CallToolResult> => {
        const discovery = await refresh();
        const taskInput: TaskInput = { agent: input.agent, tasks: input.tasks };
        if (input.provider !== undefined) taskInput.provider = input.provider;
        if (input.context !== undefined) taskInput.context = input.context;
        if (input.schema !== undefined) taskInput.schema = input.schema;

        // 2. The SPEC §6 checks come first, so a refusal reads the same whatever host was asked for.
        const checked = checkCall({
          discovery,
          input: taskInput,
          session,
          ...(blockedAgent !== undefined ? { blockedAgent } : {}),
        });
        if ("refusal" in checked) return toolError(checked.refusal.code, checked.refusal.message);
        // Every result comes back in one answer: the tasks of one call are capped.
        if (taskInput.tasks.length > MAX_TASKS_PER_CALL)
          return toolError("mcp/too-many-tasks", tooManyTasks(taskInput.tasks.length));

        // 3. The runner: the host runners plug in through `runnerFor`.
        const host = input.host === undefined || input.host === "auto" ? undefined : input.host;
        let runner: Runner;
        try {
          runner = options.runnerFor(host, checked.agent);
        } catch (error) {
          return toolError("mcp/host-unavailable", error instanceof Error ? error.message : String(error));
        }

        // 4. Progress per finished task, when the client asked for it.
        const token = extra._meta?.progressToken;
        let finished = 0;
        const tracked: Runner = {
          async run(invocation, runOptions) {
            let note = "";
            try {
              const result = await runner.run(invocation, runOptions);
              note = result.error ?? `exit ${result.exitCode}`;
              return result;
            } finally {
              finished += 1;
              if (token !== undefined) {
                await extra
                  .sendNotification({
                    method: "notifications/progress",
                    params: {
                      progressToken: token,
                      progress: finished,
                      total: taskInput.tasks.length,
                      message: `${invocation.id}: ${note || "runner failed"}`,
                    },
                  })
                  .catch(() => {});
              }
            }
          },
        };

        const tool = createTaskTool({
          registry,
          ctx,
          runner: tracked,
          env,
          cache,
          ...(options.reaper ? { reaper: options.reaper } : {}),
        });
        const { signal, release } = eitherSignal(extra.signal, lifetime.signal);
        let outcome: Awaited<ReturnType<typeof tool.execute>>;
        try {
          outcome = await tool.execute(taskInput, session, { signal });
        } finally {
          release();
        }
        if (outcome.status === "refused") return toolError(outcome.code, outcome.message);
        // One answer is capped too: past it, each result keeps the tail of what it said.
        const { results, shortened } = capResults(outcome.results);
        const value = { agent: outcome.agent, results };
        const note = shortened
          ? `(answer shortened to fit ${MAX_ANSWER_BYTES} bytes: each task's output keeps its tail; run fewer tasks per call for more)\n\n`
          : "";
        return structured(value, `${note}${resultsText(results)}`);
      })();
      running.add(call);
      try {
        return await call;
      } finally {
        running.delete(call);
      }
    },
  );

  mcp.registerTool(
    "list_commands",
    {
      title: "List workflow commands",
      description: "The merged workflow commands (prompt templates) roster found, with their descriptions.",
      inputSchema: schemas.listCommandsInput,
      outputSchema: schemas.listCommandsOutput,
      annotations: readOnly,
    },
    async ({ query }) => {
      await refresh();
      const discovery = await discoverCommands(registry, ctx, { cache });
      const text = query?.trim().toLowerCase();
      const commands = discovery.commands.filter(
        (c) => !text || c.name.toLowerCase().includes(text) || c.description.toLowerCase().includes(text),
      );
      return structured({ commands: commands.map(commandSummary) });
    },
  );

  mcp.registerTool(
    "expand_command",
    {
      title: "Expand a workflow command",
      description:
        "A workflow command's prompt with the input filled in ($ARGUMENTS, $1…$9, {{args}}, NAME=value). Nothing is executed.",
      inputSchema: schemas.expandCommandInput,
      outputSchema: schemas.expandCommandOutput,
      annotations: readOnly,
    },
    async ({ name, input }) => {
      await refresh();
      const discovery = await commandsLive.get();
      const command = getCommand(discovery, name);
      if (!command) {
        const names = discovery.commands.map((c) => c.name);
        return toolError(
          "mcp/unknown-command",
          `Unknown command "${name}". Available: ${names.length > 0 ? names.join(", ") : "none"}`,
        );
      }
      let text: string;
      try {
        // Bounded like every answer: the expansion stops at MAX_ANSWER_BYTES (SPEC §17).
        text = expandCommand(command, input ?? "", { maxBytes: MAX_ANSWER_BYTES });
      } catch (error) {
        const code = error instanceof ExpansionTooLargeError ? "mcp/answer-too-large" : "mcp/command-input";
        return toolError(code, error instanceof Error ? error.message : String(error));
      }
      return structured({ name: command.name, text }, text);
    },
  );

  // Workflow commands are prompts too, so a host can offer them as its own slash commands
  // (Claude Code: /mcp__roster__<name>). Listed live from the same cache; `input` is what
  // expand_command takes.
  mcp.server.registerCapabilities({ prompts: { listChanged: true } });
  let promptSignature: string | undefined;
  /**
   * The prompts: workflow commands, and the skills a tool makes invocable (SPEC §18), each as
   * a command whose template is the skill's instructions under a line naming its folder (as
   * Claude Code gives them). A skill of the same family and name as a command replaces it
   * where that family's rule lets the skill answer first (Claude Code); otherwise the
   * command keeps the name.
   */
  const commandsNow = async (): Promise<CommandDiscovery> => {
    // A copy: the live discovery is kept for the next call, and the skills join this answer only.
    const discovery = { ...(await commandsLive.get()) };
    const skillSources = options.families?.skillSources ?? [];
    if (skillSources.length > 0) {
      const skills = discoverSkills(ctx, { sources: skillSources });
      const commands = [...discovery.commands];
      for (const skill of skills.skills) {
        if (!skill.userInvocable) continue;
        const rules = skillRulesOf({ skillSources }, skill.provider);
        const asCommand: WorkflowCommand = {
          name: skill.name,
          description: skill.description,
          instructions: `Base directory for this skill: ${skill.dir}\n\n${skill.body}`,
          source: skill.scope === "project" ? "project" : "user",
          filePath: skill.filePath,
          provider: skill.provider,
          placeholders: ["positional"],
          ...(skill.argumentHint ? { argumentHint: skill.argumentHint } : {}),
        };
        const clash = commands.findIndex((c) => c.name === skill.name);
        if (clash === -1) commands.push(asCommand);
        else if (rules?.clash === "skill" && commands[clash]?.provider === skill.provider)
          commands[clash] = asCommand;
      }
      discovery.commands = commands;
    }
    const signature = JSON.stringify(discovery.commands.map((c) => [c.name, c.description, c.argumentHint]));
    // A changed set after a listing: clients are told to list again.
    if (promptSignature !== undefined && signature !== promptSignature)
      await mcp.server.sendPromptListChanged().catch(() => {});
    promptSignature = signature;
    return discovery;
  };
  mcp.server.setRequestHandler(ListPromptsRequestSchema, async () => {
    const discovery = await commandsNow();
    return {
      prompts: discovery.commands.map((command) => ({
        name: command.name,
        ...(command.description ? { description: command.description } : {}),
        arguments: [
          {
            name: "input",
            description: command.argumentHint
              ? `the arguments: ${command.argumentHint}`
              : "the arguments, as typed after the command",
            required: false,
          },
        ],
      })),
    };
  });
  mcp.server.setRequestHandler(GetPromptRequestSchema, async (request): Promise<GetPromptResult> => {
    const discovery = await commandsNow();
    const { name } = request.params;
    const command = getCommand(discovery, name);
    if (!command) {
      const names = discovery.commands.map((c) => c.name);
      throw new McpError(
        ErrorCode.InvalidParams,
        `Unknown prompt "${name}". Available: ${names.length > 0 ? names.join(", ") : "none"}`,
      );
    }
    let text: string;
    try {
      // Bounded like every answer: a template repeating a long input stops at MAX_ANSWER_BYTES.
      text = expandCommand(command, request.params.arguments?.input ?? "", { maxBytes: MAX_ANSWER_BYTES });
    } catch (error) {
      throw new McpError(ErrorCode.InvalidParams, error instanceof Error ? error.message : String(error));
    }
    return {
      ...(command.description ? { description: command.description } : {}),
      messages: [{ role: "user", content: { type: "text", text } }],
    };
  });

  /**
   * Every call asks here: while the watch is quiet and the providers answer the same, the last
   * discovery stands (no file stat'ed); otherwise one cache rediscovers, so an unchanged tree
   * parses nothing.
   */
  async function refresh(): Promise<AgentDiscovery> {
    const discovery = await agentsLive.get();
    if (discovery.fingerprint !== described.fingerprint) {
      const description = describe(discovery.agents);
      const changed = description !== described.description;
      described = { fingerprint: discovery.fingerprint, description };
      // `update` sends notifications/tools/list_changed to a connected client.
      if (changed) runTask.update({ description });
    }
    return discovery;
  }

  const abortAll = (reason = "the MCP server is shutting down") => {
    if (!lifetime.signal.aborted) lifetime.abort(new Error(reason));
  };

  return {
    mcp,
    diagnostics,
    refresh,
    get running() {
      return running.size;
    },
    abortAll,
    async close(reason) {
      abortAll(reason);
      agentsLive.close();
      commandsLive.close();
      await Promise.allSettled([...running]);
      await mcp.close();
    },
  };
}
