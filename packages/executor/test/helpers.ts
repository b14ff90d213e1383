import { createRegistry, defineProvider, type LoadedItem } from "@roster/core";
import type { Runner, RunOptions, RunResult, TaskInvocation, TaskResult } from "../src/types.js";

/** An in-memory agent: frontmatter fields (as a file would give them) and a body. */
export function item(fields: Record<string, unknown>, body = `You are ${String(fields.name)}.`): LoadedItem {
  return {
    filePath: `mem:${String(fields.name)}.md`,
    source: "user",
    frontmatter: { description: `${String(fields.name)} agent`, ...fields },
    body,
  };
}

/** A registry with one in-memory provider whose items can be swapped between calls. */
export function memoryRegistry(initial: LoadedItem[]) {
  const state = { items: initial };
  const registry = createRegistry([defineProvider({ id: "t", load: () => state.items })]);
  return { registry, state, ctx: { cwd: "/nowhere", home: "/nowhere-home", env: {} } };
}

/** A runner that records every call and answers with a fixed result. */
export function spyRunner(
  answer: Partial<RunResult> = {},
): Runner & { calls: Array<{ invocation: TaskInvocation; options: RunOptions }> } {
  const calls: Array<{ invocation: TaskInvocation; options: RunOptions }> = [];
  return {
    calls,
    async run(invocation, options) {
      calls.push({ invocation, options });
      return { exitCode: 0, output: `ran ${invocation.id}`, stderr: "", truncated: false, ...answer };
    },
  };
}

/** One task with the given id. */
export function task(id: string, assignment = `do ${id}`) {
  return { id, description: `task ${id}`, assignment };
}

/** A finished task of agent `rev`: exit 0, answered "the answer", unless `over` says otherwise. */
export function taskResult(over: Partial<TaskResult> & Record<string, unknown> = {}): TaskResult {
  return {
    id: "task-1",
    agent: "rev",
    source: "project",
    durationMs: 1,
    exitCode: 0,
    output: "the answer",
    stderr: "",
    truncated: false,
    ...over,
  };
}
