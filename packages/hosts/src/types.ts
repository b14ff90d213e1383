import type { TaskInvocation } from "@roster/executor";
import type { FamilyVocabulary, ToolTable } from "@roster/family";

/** A host's id: the id of the family it belongs to (a built-in family's or a config family's). */
export type HostId = string;

/** Where to find a host's binary: `hosts: { claude: { command, args } }` in the user config. */
export interface HostConfig {
  /** The program (a name looked up on PATH, or a path). */
  command?: string;
  /** Arguments put before the ones roster adds. */
  args?: readonly string[];
}

/** What a host runner knows besides the invocation. */
export interface PlanContext {
  /** The child's depth (`ROSTER_TASK_DEPTH`). */
  depth: number;
  /** The run's own temporary folder: long texts and config files go here. */
  tmpDir: string;
  /**
   * Whether the user trusted the project (`roster trust`). When false, nothing a project file
   * raises reaches the host (permission modes, sandbox, approval) and hosts are told not to
   * load the project's own settings, hooks and plugins where they can be told.
   */
  trustProject: boolean;
  /** Replaces the host's default command. */
  host?: HostConfig;
  /** The words of the family whose host runs (tool names, effort levels, permission modes, model aliases). */
  vocabulary: FamilyVocabulary;
  /** The app's tool table (its family set's `tools`): what an agent's tool names stand for, in any family's words. */
  tools: ToolTable;
}

/** A file a host command needs, written into the run's temporary folder before the start. */
export interface PlannedFile {
  path: string;
  content: string;
}

/** Exactly what a host runner starts for one invocation: what `--dry-run` prints. */
export interface HostCommand {
  host: HostId;
  command: string;
  args: string[];
  /** Added to the parent environment. */
  env: Record<string, string>;
  /** Written to the child's stdin, then end of file. */
  stdin: string;
  files: PlannedFile[];
  /** What could not be mapped, in one sentence each (a model the host does not take, a tool it has no name for). */
  notes: string[];
  /**
   * What roster held back, or cannot hold back, because the project is not trusted (a dropped
   * permission mode, plan mode the host cannot enforce), one sentence each; empty when trusted.
   */
  trustNotes: string[];
}

/** A host's output turned back into a result. */
export interface ParsedHostOutput {
  /** The final answer text. */
  output: string;
  /** A structured result, when the host gave one (or the answer is JSON). */
  data?: unknown;
  /** Set when the host reported a failure. */
  error?: string;
  sessionId?: string;
  cost?: { amount: number; unit: "usd" | "premium-requests" };
}

/** What a host's own status command answered: logged in, not, or no clear answer. */
export type LoginState = "logged-in" | "logged-out" | "unknown";

/**
 * How a host is logged in: the command a user types to fix it, the host's own words when a
 * run failed for want of it, and the host's offline status command when it has one.
 */
export interface HostLogin {
  /** What fixes it, after "<Host> is not logged in: ": "run `codex login`". */
  fix: string;
  /** The host's own answer to a run when it is not logged in (its error or output), when it has one. */
  notLoggedIn?: RegExp;
  /** An offline status command (`claude auth status`), absent when the host has none. */
  status?: {
    args: readonly string[];
    /** Reads its answer; anything unclear is `unknown` (the run then goes ahead). */
    read(run: { stdout: string; stderr: string; exitCode: number | null }): LoginState;
    /** Variables that log the host in for a run although its status command does not count them. */
    keyVariables?: readonly string[];
  };
}

/** One host: its default command, how it plans an invocation and how it reads its own output. */
export interface HostDefinition {
  id: HostId;
  /** A human name: "Claude Code". */
  displayName: string;
  /** The default program name. */
  command: string;
  /** The npm package that installs it. */
  npmPackage: string;
  /** How it is logged in, and how to ask it (preflight). */
  login: HostLogin;
  plan(invocation: TaskInvocation, ctx: PlanContext): HostCommand;
  parse(run: { stdout: string; stderr: string; exitCode: number | null }): ParsedHostOutput;
}

/**
 * What a host runner takes: a family with a host (its `defineFamily` value, or any object of
 * this shape). The host plans in the family's vocabulary.
 */
export interface RunnableFamily {
  id: string;
  host: HostDefinition;
  vocabulary: FamilyVocabulary;
}
