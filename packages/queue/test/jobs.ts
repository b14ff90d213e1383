// A well-formed job, for tests to vary.
import type { QueuedJob } from "../src/index.js";

/** A valid job; `over` replaces top-level fields, `agent` and `session` fields. */
export function sampleJob(
  over: Partial<Omit<QueuedJob, "agent" | "session">> & {
    agent?: Partial<QueuedJob["agent"]>;
    session?: Partial<QueuedJob["session"]>;
  } = {},
): QueuedJob {
  const { agent, session, ...rest } = over;
  return {
    v: 1,
    taskId: "task-1",
    host: "claude",
    agent: {
      name: "reviewer",
      description: "Reviews code",
      systemPrompt: "You review.",
      source: "project",
      provider: "claude",
      ...agent,
    },
    prompt: "Review the change.",
    session: { depth: 0, planMode: false, maxRecursionDepth: 2, ...session },
    repo: { url: "file:///tmp/none.git", commit: "a".repeat(40), label: "none" },
    submittedBy: "ada@laptop",
    ...rest,
  };
}
