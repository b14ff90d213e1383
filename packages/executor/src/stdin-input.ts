import { RunUsageError } from "./run-usage-error.js";

/**
 * `--task -` and `--context -` read stdin (once: only one of them may be `-`, else a
 * {@link RunUsageError}). `read(flag)` is asked for stdin's text only when one is; the
 * assignments and context come back with it put in.
 */
export async function fillFromStdin(options: {
  tasks: readonly string[];
  context?: string;
  read(flag: "--task" | "--context"): Promise<string>;
}): Promise<{ tasks: string[]; context?: string }> {
  const { tasks, context } = options;
  const withContext = context !== undefined ? { context } : {};
  const dashes = tasks.filter((t) => t === "-").length + (context === "-" ? 1 : 0);
  if (dashes === 0) return { tasks: [...tasks], ...withContext };
  if (dashes > 1) throw new RunUsageError("Only one --task or --context can read stdin (-).");
  const text = await options.read(context === "-" ? "--context" : "--task");
  return {
    tasks: tasks.map((t) => (t === "-" ? text : t)),
    ...(context !== undefined ? { context: context === "-" ? text : context } : {}),
  };
}
