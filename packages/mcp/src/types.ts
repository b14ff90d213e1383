import type {
  AgentDefinition,
  Diagnostic,
  DiscoveryCache,
  DiscoveryContext,
  ProviderRegistry,
} from "@roster/core";
import type { Reaper, RefusalCode, Runner, TaskSettings } from "@roster/executor";
import type { FamilySet } from "@roster/family";

export type { Diagnostic };

/**
 * Picks the runner for one `run_task` call. `host` is what the caller asked for, or
 * `undefined` for "auto" (or no host given); `agent` is the resolved agent. Throw an
 * `Error` whose message says what is available when the host cannot be used: the call
 * then answers with a tool error (`mcp/host-unavailable`) and runs nothing.
 */
export type RunnerFor = (host: string | undefined, agent: AgentDefinition) => Runner;

/** Options of {@link createRosterMcpServer}. */
export interface RosterMcpOptions {
  registry: ProviderRegistry;
  ctx: DiscoveryContext;
  /**
   * The server's environment: the session is read from it (`ROSTER_TASK_DEPTH`,
   * `ROSTER_SPAWNS`, `PI_BLOCKED_AGENT`) and children inherit it. Default `{}`.
   */
  env?: Record<string, string | undefined>;
  /** Chooses the runner of each `run_task` call (the CLI supplies it). */
  runnerFor: RunnerFor;
  /**
   * The app's family set (`createFamilySet`), of which the server reads two parts: the tool
   * profiles `why_agent` compares the merged winner with (`otherTools`, as `roster why` does),
   * and the skill sources (SPEC §18), whose invocable skills (`/name`) are prompts beside the
   * workflow commands. None: `otherTools` is always `[]` and prompts are commands only.
   */
  families?: Pick<FamilySet, "profiles" | "skillSources">;
  /** Host names `run_task` accepts besides `auto`, shown in its input schema description. */
  hosts?: readonly string[];
  /** Plan mode for every task this server runs. */
  planMode?: boolean;
  /** Executor settings (`maxRecursionDepth`, `maxConcurrency`, `disabledAgents`, …). */
  settings?: TaskSettings;
  /** Shared by every call for the server's life; created when absent. */
  cache?: DiscoveryCache;
  /**
   * Watch the folders a discovery read (`fs.watch`), so that a call made while nothing
   * changed answers without a stat per file. Default true; `false`: every call takes the
   * stat-only look (for file systems whose changes `fs.watch` does not see, such as some
   * network mounts).
   */
  watch?: boolean;
  /** Reported to clients in `initialize`; default `0.0.0`. */
  version?: string;
  /**
   * Passed to every `run_task`'s task tool: each task's process group and run folder are
   * recorded in it, so the app can `reapAll()` on exit and on signals. One per call when absent.
   */
  reaper?: Reaper;
}

/** Codes of the tool errors the server answers with (SPEC §6 refusals included). */
export type McpToolErrorCode =
  | RefusalCode
  | "mcp/unknown-command"
  | "mcp/host-unavailable"
  | "mcp/too-many-tasks"
  | "mcp/command-input"
  | "mcp/answer-too-large"
  | "mcp/bad-cursor";

/** Diagnostic codes the server reports about its own start. */
export type McpDiagnosticCode = "executor/bad-task-depth";
