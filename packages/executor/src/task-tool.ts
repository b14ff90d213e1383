import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type AgentDefinition,
  type AgentDiscovery,
  DiscoveryCache,
  type DiscoveryContext,
  discoverAgents,
  type ProviderRegistry,
} from "@roster/core";
import { checkCall } from "./check-call.js";
import { checkStructuredResult } from "./check-schema-shape.js";
import { DEFAULT_SETTINGS } from "./default-settings.js";
import { createDryRunRunner } from "./dry-run-runner.js";
import { resolveEffectiveAgent, resolveOutputSchema } from "./effective-agent.js";
import { createLimiter } from "./limiter.js";
import { DEFAULT_MAX_OUTPUT_BYTES, DEFAULT_MAX_OUTPUT_LINES, limitFromEnv } from "./output-cap.js";
import { type CompiledSchema, compileOutputSchema } from "./output-schema.js";
import { createReaper, removeDir } from "./reaper.js";
import { buildTaskDescription, descriptionFingerprint } from "./task-description.js";
import type {
  ExecuteOptions,
  Reaper,
  Runner,
  RunResult,
  TaskInput,
  TaskInvocation,
  TaskOutcome,
  TaskResult,
  TaskSession,
} from "./types.js";

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
  /**
   * A quick lookup of one name for a one-shot caller (the CLI's `run`: core's `findAgent`,
   * which stops at the first family defining it). `execute` uses its answer instead of a
   * whole discovery when no refusal would need the other agents' names: the agent found,
   * no `provider` asked for, not disabled, and no description built (`describe`). Undefined
   * (not found) falls back to the whole discovery, which decides.
   */
  findAgent?: (name: string) => Promise<AgentDefinition | undefined>;
  /**
   * The whole discovery `execute` falls back to, for a one-shot caller that makes one anyway
   * (the CLI's `run`: one per process, shared with its own lookups). Default: a discovery
   * through {@link cache} on every call. `describe` and `hasChanged` always discover anew.
   */
  discover?: () => Promise<AgentDiscovery>;
  /** Replaces the built-in plan-mode prompt. */
  planModePrompt?: string;
  /** Where each run's private folder (`roster-run-XXXXXX`) is made. Default `os.tmpdir()`. */
  tmpDir?: string;
  /**
   * Records every live process group and run folder; created when absent. An app passes its
   * own and calls `reaper.reapAll()` on exit and on signals (see the README).
   */
  reaper?: Reaper;
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
  /**
   * Checks the call, resolves the effective agent, compiles its output schema and runs every
   * task. Never throws for bad input; rejects only with an error thrown by `onResult`.
   */
  execute(input: TaskInput, session: TaskSession, options?: ExecuteOptions): Promise<TaskOutcome>;
  /** True when the agents would now give a different description than the last `describe()` (or none was built). */
  hasChanged(): Promise<boolean>;
  /** The cache used for rediscovery. */
  readonly cache: DiscoveryCache;
  /** The reaper every run registers its process groups and folder with. */
  readonly reaper: Reaper;
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
  const reaper = options.reaper ?? createReaper();
  let built: { discovery: string; description: string } | undefined;

  const discover = () => discoverAgents(options.registry, options.ctx, { cache });

  /** The one agent a call names, when {@link TaskToolOptions.findAgent} settles it alone. */
  const lookUp = async (
    input: TaskInput,
    session: TaskSession,
  ): Promise<Pick<AgentDiscovery, "agents" | "shadowed"> | undefined> => {
    const name = input?.agent;
    if (!options.findAgent || built || typeof name !== "string" || name === "") return undefined;
    if (typeof input.provider === "string") return undefined;
    const agent = await options.findAgent(name);
    if (!agent) return undefined;
    // A disabled agent's refusal lists every enabled one.
    const disabled = session.settings?.disabledAgents ?? [];
    if (disabled.includes(name) || disabled.includes(agent.name)) return undefined;
    return { agents: [agent], shadowed: [] };
  };

  const changedSince = (discovery: AgentDiscovery): boolean => {
    if (!built) return true;
    if (built.discovery === discovery.fingerprint) return false;
    return descriptionFingerprint(buildTaskDescription(discovery.agents)) !== built.description;
  };

  return {
    cache,
    reaper,
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
      const quick = await lookUp(input, session);
      // Without a quick answer (and always once a description was built): the whole discovery.
      const whole = quick ? undefined : await (options.discover ?? discover)();
      const checked = checkCall({ discovery: quick ?? whole!, input, session, blockedAgent });
      if ("refusal" in checked) return { status: "refused", ...checked.refusal };
      const { agent } = checked;

      const schema = resolveOutputSchema(agent, input.schema, session.outputSchema);
      if ("error" in schema)
        return { status: "refused", code: "executor/invalid-schema", message: schema.error };
      // Compiled (once per schema) before anything starts: a schema that cannot work is a refusal.
      let compiled: CompiledSchema | undefined;
      if (schema.origin !== undefined) {
        compiled = compileOutputSchema(schema.schema);
        if (!compiled.ok) {
          const whose =
            schema.origin === "agent"
              ? `The output schema of agent "${agent.name}"${agent.filePath ? ` (${agent.filePath})` : ""}`
              : schema.origin === "call"
                ? "The task's schema"
                : "The session's outputSchema";
          return {
            status: "refused",
            code: "executor/invalid-schema",
            message: `${whose} cannot be used: ${compiled.error}.`,
          };
        }
      }
      const effective = resolveEffectiveAgent({
        agent,
        session,
        outputSchema: schema.schema,
        ...(options.planModePrompt !== undefined ? { planModePrompt: options.planModePrompt } : {}),
      });

      const settings = session.settings ?? {};
      // One timeout for the whole call: every task starts with what is left of it.
      const deadline =
        settings.timeoutMs !== undefined
          ? (call.timeoutFrom ?? performance.now()) + settings.timeoutMs
          : undefined;
      const limit = createLimiter(settings.maxConcurrency ?? DEFAULT_SETTINGS.maxConcurrency);
      const context = typeof input.context === "string" ? input.context.trim() : "";
      const keep = call.keepResults !== false;
      const results: TaskResult[] = [];

      // One controller for the run: the caller's signal, or a failing onResult, stops it.
      const controller = new AbortController();
      const signal = controller.signal;
      const forward = () => controller.abort(call.signal?.reason);
      if (call.signal?.aborted) forward();
      else call.signal?.addEventListener("abort", forward, { once: true });

      // One private folder per run, for every runner's files; removed on every way out.
      let runDir: string | undefined;
      let runDirError: string | undefined;
      try {
        runDir = mkdtempSync(join(options.tmpDir ?? tmpdir(), "roster-run-"));
        reaper.addDir(runDir);
      } catch (error) {
        runDirError = `could not create the run's temp folder: ${(error as Error).message}`;
      }

      const runOne = async (task: TaskInput["tasks"][number], index: number): Promise<TaskResult> => {
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
          provider: agent.provider,
          source: agent.source,
          filePath: agent.filePath ?? null,
          planMode: session.planMode === true,
          atMaxDepth: effective.atMaxDepth,
          // Guardrails the agent declared reach the host: denied tools and its permission mode.
          disallowedTools: agent.disallowedTools ? [...agent.disallowedTools] : null,
          permissionMode: session.planMode ? "plan" : (agent.permissionMode ?? null),
          ...(agent.toolsAsWritten ? { toolsAsWritten: [...agent.toolsAsWritten] } : {}),
          ...(typeof agent.maxTurns === "number" ? { maxTurns: agent.maxTurns } : {}),
        };
        const base = { id: task.id, agent: agent.name, source: agent.source };
        const startedAt = performance.now();
        if (signal.aborted) {
          return { ...noRun(base, 0, "aborted before start"), aborted: true };
        }
        if (runDir === undefined) return noRun(base, 0, runDirError ?? "no temp folder");
        // Queued behind others until the call's time was up: it never starts.
        if (deadline !== undefined && startedAt >= deadline)
          return {
            ...noRun(base, 0, `timed out after ${settings.timeoutMs} ms before it could start`),
            aborted: true,
          };
        const taskDir = join(runDir, String(index + 1));
        try {
          mkdirSync(taskDir, { mode: 0o700 });
          const result = await runner.run(invocation, {
            depth: effective.childDepth,
            env: { ...env },
            signal,
            ...(settings.timeoutMs !== undefined && deadline !== undefined
              ? { timeoutMs: settings.timeoutMs, deadline }
              : {}),
            maxOutputBytes,
            maxOutputLines,
            runDir,
            taskDir,
            reaper,
          });
          const checked = checkResult(result, { compiled, dryRun: runner.dryRun === true });
          return { ...base, ...checked, durationMs: Math.round(performance.now() - startedAt) };
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          return noRun(base, Math.round(performance.now() - startedAt), `runner failed: ${message}`);
        } finally {
          // A finished task's files go with it; the run folder stays small however many tasks run.
          removeDir(taskDir);
        }
      };

      let failure: { error: unknown } | undefined;
      try {
        await Promise.all(
          input.tasks.map((task, index) =>
            limit(() => runOne(task, index)).then(async (result) => {
              if (failure) return;
              if (keep) results[index] = result;
              if (!call.onResult) return;
              try {
                await call.onResult(result, index);
              } catch (error) {
                failure ??= { error };
                controller.abort(new Error("the result callback failed"));
              }
            }),
          ),
        );
      } finally {
        call.signal?.removeEventListener("abort", forward);
        if (runDir !== undefined) {
          removeDir(runDir);
          reaper.deleteDir(runDir);
        }
      }
      if (failure) throw failure.error;
      return {
        status: "completed",
        agent: agent.name,
        results,
        descriptionStale: built !== undefined && whole !== undefined && changedSince(whole),
      };
    },
  };
}

/**
 * Makes a runner's result safe to keep and print, whatever runner produced it: the fields
 * have their types, `data` is plain JSON at most `MAX_RESULT_DEPTH` deep (else dropped with
 * an error), and it is validated against the compiled output schema (a dry run's data is not).
 */
function checkResult(
  raw: RunResult,
  options: { compiled: CompiledSchema | undefined; dryRun: boolean },
): RunResult {
  const { compiled, dryRun } = options;
  const given = (typeof raw === "object" && raw !== null ? raw : {}) as Partial<RunResult>;
  const errors: string[] = [];
  if (given.error !== undefined && given.error !== "") errors.push(String(given.error));
  if (raw === null || typeof raw !== "object") errors.push("the runner returned no result");
  // Fields a runner adds (a host's session id, its cost) are kept when they are plain JSON;
  // the ones the tool sets itself (id, agent, source, durationMs) cannot be spoofed.
  const { exitCode, output, stderr, truncated, data, error, aborted, ...rest } = given;
  const { id, agent, source, durationMs, ...extra } = rest as Partial<TaskResult>;
  const extraProblem = Object.keys(extra).length > 0 ? checkStructuredResult(extra) : undefined;
  if (extraProblem !== undefined) errors.push(`the runner's extra fields were dropped: ${extraProblem}`);
  const result: RunResult = {
    ...(extraProblem === undefined ? extra : {}),
    exitCode: typeof given.exitCode === "number" ? given.exitCode : null,
    output: typeof given.output === "string" ? given.output : "",
    stderr: typeof given.stderr === "string" ? given.stderr : "",
    truncated: given.truncated === true,
  };
  if (given.aborted === true) result.aborted = true;
  if (given.data !== undefined) {
    const shape = checkStructuredResult(given.data);
    if (shape !== undefined) errors.push(shape);
    else {
      result.data = given.data;
      if (compiled?.ok && !dryRun) {
        const mismatch = compiled.validate(given.data);
        if (mismatch !== undefined) errors.push(mismatch);
      }
    }
  }
  if (errors.length > 0) result.error = errors.join("; ");
  return result;
}

/** The result of a task whose child never produced one. */
function noRun(
  base: Pick<TaskResult, "id" | "agent" | "source">,
  durationMs: number,
  error: string,
): TaskResult {
  return { ...base, exitCode: null, output: "", stderr: "", truncated: false, durationMs, error };
}
