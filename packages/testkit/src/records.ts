// Records the views' and runners' tests build again and again: plain values of the shapes
// @roster/core and @roster/executor define (testkit depends on neither: a test types them).

/** A project's agent file of `provider` that loaded, as a file record (the fields the JSON views read). */
export function loadedAgentRecord(provider: string, path: string): Record<string, unknown> {
  return {
    path,
    kind: "agent",
    provider,
    scope: "project",
    location: { dir: path.slice(0, path.lastIndexOf("/")) },
    outcome: "loaded",
  };
}

/** A task invocation of a reviewing agent with no tools, model or schema (a `TaskInvocation`). */
export function reviewInvocation(options: { id: string; agent: string; cwd: string }) {
  return {
    id: options.id,
    agent: options.agent,
    systemPrompt: "You review.",
    prompt: "Review it.",
    tools: null,
    spawns: "",
    model: null,
    thinkingLevel: null,
    outputSchema: null,
    cwd: options.cwd,
  };
}
