/** The default invocation a host test plans: a user agent "reviewer" of the family, asked to review one file. */
const INVOCATION = {
  id: "t1",
  agent: "reviewer",
  systemPrompt: "You review.",
  prompt: "Review src/a.ts",
  tools: null,
  spawns: "",
  model: null,
  thinkingLevel: null,
  outputSchema: null,
  cwd: "/work",
  source: "user",
};

/** Options of {@link hostPlanner}: the family, its host, and the app's tool table the host reads names through. */
export interface HostPlannerOptions<I, C, P> {
  family: { id: string; vocabulary: unknown };
  host: { plan(invocation: I, context: C): P };
  /** The tool table of the plan's context (`toolTable([family.vocabulary])`, or a set's `tools`). */
  tools: unknown;
}

/**
 * A family's own host, planned as the app hands it over (in the family's vocabulary, depth 1,
 * a trusted project): each call plans the default invocation with `extra` laid over it.
 *
 * @example const plan = hostPlanner({ family: claudeFamily, host: claudeHost, tools }); plan({ model: ["opus"] }).args
 */
export function hostPlanner<I, C, P>(options: HostPlannerOptions<I, C, P>): (extra?: Partial<I>) => P {
  const { family, host, tools } = options;
  return (extra = {}) =>
    host.plan(
      { ...INVOCATION, provider: family.id, ...extra } as I,
      {
        depth: 1,
        tmpDir: "/tmp/roster-run-t1",
        trustProject: true,
        vocabulary: family.vocabulary,
        tools,
      } as C,
    );
}

/** The value after `flag` in a host's arguments, or `undefined`. */
export function argOf(args: readonly string[], flag: string): string | undefined {
  const i = args.indexOf(flag);
  return i >= 0 ? args[i + 1] : undefined;
}
