import { oneLine } from "@roster/terminal";
import { RunUsageError } from "./run-usage-error.js";
import type { TaskInput } from "./types.js";

/**
 * The task tool's input for a run's assignments: one task each, `task-1`, `task-2`, …, its
 * description the assignment's first 60 characters; the shared context and the output
 * schema (`--schema`) when given. A schema that is not JSON is a {@link RunUsageError}.
 */
export function taskInputOf(options: {
  agent: string;
  provider?: string;
  tasks: readonly string[];
  context?: string;
  schema?: string;
}): TaskInput {
  const input: TaskInput = {
    agent: options.agent,
    ...(options.provider !== undefined ? { provider: options.provider } : {}),
    tasks: options.tasks.map((assignment, i) => ({
      id: `task-${i + 1}`,
      description: assignment.slice(0, 60),
      assignment,
    })),
  };
  if (options.context !== undefined) input.context = options.context;
  if (options.schema !== undefined) {
    try {
      JSON.parse(options.schema);
    } catch {
      throw new RunUsageError(`--schema takes a JSON schema, got "${oneLine(options.schema, 40)}".`);
    }
    input.schema = options.schema;
  }
  return input;
}
