import {
  type AgentDiscovery,
  DiscoveryCache,
  type DiscoveryContext,
  discoverAgents,
  type ProviderRegistry,
} from "@roster/core";
import { checkCall } from "./check-call.js";
import { createDryRunRunner } from "./dry-run-runner.js";
import { resolveEffectiveAgent, resolveOutputSchema } from "./effective-agent.js";
import { createLimiter } from "./limiter.js";
import { DEFAULT_MAX_OUTPUT_BYTES, DEFAULT_MAX_OUTPUT_LINES, limitFromEnv } from "./output-cap.js";
import { buildTaskDescription, descriptionFingerprint } from "./task-description.js";
import type { Runner, TaskInput, TaskInvocation, TaskOutcome, TaskResult, TaskSession } from "./types.js";

/** Options of {@link createTaskTool}. */
export interface TaskToolOptions {
  registry: ProviderRegistry;
  ctx: DiscoveryContext;
  /** Default: the dry-run runner, which starts nothing. */
  runner?: Runner;
  /** The parent environment: handed to children, and where `PI_BLOCKED_AGENT` and the output caps are read (once). Default `{}`. */
  env?: Record<string, string | undefined>;
  /** Reused across calls; created when absent. */
  cache?: DiscoveryCache;
  /** Replaces the built-in plan-mode prompt. */
  planModePrompt?: string;
}

/** The description a host shows for the tool, and the fingerprint of what it lists. */
export interface TaskToolDescription {
  description: string;
  fingerprint: string;
}

/** The task tool of SPEC §6. */
export interface TaskTool {
  /** Discovers the agents and builds the host-facing description. */
  describe(): Promise<TaskToolDescription>;
  /** Checks the call, resolves the effective agent and runs every task. Never throws for bad input. */
  execute(input: TaskInput, session: TaskSession, options?: { signal?: AbortSignal }): Promise<TaskOutcome>;
  /** True when the agents would now give a different description than the last `describe()` (or none was built). */
  hasChanged(): Promise<boolean>;
  /** The cache used for rediscovery. */
  readonly cache: DiscoveryCache;
}

/**
 * Creates the task tool. Every `execute` rediscovers through the cache, so agents
 * added or edited on disk are used at once.
 *
 * @example
 * const tool = createTaskTool({ registry, ctx, runner: createProcessRunner({ command: "my-agent" }), env: process.env });
 * const outcome = await tool.execute({ agent: "explore", tasks: [{ id: "a", description: "find", assignment: "Where is X?" }] }, { cwd });
 */
export function createTaskTool(options: TaskToolOptions): TaskTool {
  const env = { ...(options.env ?? {}) };
  const blockedAgent = env.PI_BLOCKED_AGENT;
  const maxOutputBytes = limitFromEnv(env.PI_TASK_MAX_OUTPUT_BYTES, DEFAULT_MAX_OUTPUT_BYTES);
  const maxOutputLines = limitFromEnv(env.PI_TASK_MAX_OUTPUT_LINES, DEFAULT_MAX_OUTPUT_LINES);
  const runner = options.runner ?? createDryRunRunner();
  const cache = options.cache ?? new DiscoveryCache();
  let built: { discovery: string; description: string } | undefined;

  const discover = () => discoverAgents(options.registry, options.ctx, { cache });

  const changedSince = (discovery: AgentDiscovery): boolean => {
    if (!built) return true;
    if (built.discovery === discovery.fingerprint) return false;
    return descriptionFingerprint(buildTaskDescription(discovery.agents)) !== built.description;
  };

  return {
    cache,
    async describe() {
      const discovery = await discover();
      const description = buildTaskDescription(discovery.agents);
      const fingerprint = descriptionFingerprint(description);
      built = { discovery: discovery.fingerprint, description: fingerprint };
      return { description, fingerprint };
    },

    async hasChanged() {
      return changedSince(await discover());
    },

    async execute(input, session, call = {}) {
      const discovery = await discover();
      const checked = checkCall({ discovery, input, session, blockedAgent });
      if ("refusal" in checked) return { status: "refused", ...checked.refusal };
      const { agent } = checked;

      const schema = resolveOutputSchema(agent, input.schema, session.outputSchema);
      if ("error" in schema)
        return { status: "refused", code: "executor/invalid-schema", message: schema.error };
      const effective = resolveEffectiveAgent({
        agent,
        session,
        outputSchema: schema.schema,
        ...(options.planModePrompt !== undefined ? { planModePrompt: options.planModePrompt } : {}),
      });

      const settings = session.settings ?? {};
      const limit = createLimiter(settings.maxConcurrency ?? 4);
      const context = typeof input.context === "string" ? input.context.trim() : "";
      const signal = call.signal;

      const runOne = async (task: TaskInput["tasks"][number]): Promise<TaskResult> => {
        const invocation: TaskInvocation = {
          id: task.id,
          agent: effective.name,
          systemPrompt: effective.systemPrompt,
          prompt: context ? `${context}\n\n${task.assignment}` : task.assignment,
          tools: effective.tools ? [...effective.tools] : null,
          spawns: effective.spawns,
          model: effective.model ? [...effective.model] : null,
          thinkingLevel: effective.thinkingLevel,
          outputSchema: effective.outputSchema,
          cwd: session.cwd,
          // Guardrails the agent declared reach the host: denied tools and its permission mode.
          disallowedTools: agent.disallowedTools ? [...agent.disallowedTools] : null,
          permissionMode: session.planMode ? "plan" : (agent.permissionMode ?? null),
        };
        const base = { id: task.id, agent: agent.name, source: agent.source };
        const startedAt = performance.now();
        if (signal?.aborted) {
          return { ...noRun(base, 0, "aborted before start"), aborted: true };
        }
        try {
          const result = await runner.run(invocation, {
            depth: effective.childDepth,
            env: { ...env },
            ...(signal ? { signal } : {}),
            ...(settings.timeoutMs !== undefined ? { timeoutMs: settings.timeoutMs } : {}),
            maxOutputBytes,
            maxOutputLines,
          });
          return { ...base, ...result, durationMs: Math.round(performance.now() - startedAt) };
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          return noRun(base, Math.round(performance.now() - startedAt), `runner failed: ${message}`);
        }
      };

      const results = await Promise.all(input.tasks.map((task) => limit(() => runOne(task))));
      return {
        status: "completed",
        agent: agent.name,
        results,
        descriptionStale: built !== undefined && changedSince(discovery),
      };
    },
  };
}

/** The result of a task whose child never produced one. */
function noRun(
  base: Pick<TaskResult, "id" | "agent" | "source">,
  durationMs: number,
  error: string,
): TaskResult {
  return { ...base, exitCode: null, output: "", stderr: "", truncated: false, durationMs, error };
}
