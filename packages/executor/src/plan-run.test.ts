import { expect, test } from "vitest";
import { type AgentHost, type PlanRunOptions, planRun, runExitCode } from "./plan-run.js";
import { RunUsageError } from "./run-usage-error.js";

/** The options of a plain `roster run`: two hosts, the agent's family on `beta`. */
function options(over: Partial<PlanRunOptions> = {}): PlanRunOptions {
  return {
    hostIds: ["alpha", "beta"],
    agentHost: async () => ({ host: "beta" }),
    configFile: "/home/u/.config/roster/config.json",
    dryRun: false,
    queued: false,
    env: {},
    cwd: "/work",
    planMode: false,
    settings: { maxRecursionDepth: 2, maxConcurrency: 4 },
    ...over,
  };
}

/** The usage error `planRun` raises for `over`. */
async function refusal(over: Partial<PlanRunOptions>): Promise<RunUsageError> {
  const error = await planRun(options(over)).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(RunUsageError);
  return error as RunUsageError;
}

test("--host auto runs on the host of the agent's family, asked only then", async () => {
  let asked = 0;
  const agentHost = async (): Promise<AgentHost> => {
    asked++;
    return { host: "beta" };
  };
  const auto = await planRun(options({ agentHost }));
  expect(auto.mode).toEqual({ kind: "host", host: "beta" });
  expect(auto.host).toBe("beta");
  expect(asked).toBe(1);
  const named = await planRun(options({ agentHost, host: "alpha" }));
  expect(named.mode).toEqual({ kind: "host", host: "alpha" });
  expect(asked).toBe(1);
  expect((await planRun(options({ agentHost, host: "auto" }))).host).toBe("beta");
});

test("--runner runs its command with its arguments, on no host", async () => {
  const plan = await planRun(options({ runner: ["node", "child.mjs", "--fast"] }));
  expect(plan.mode).toEqual({ kind: "runner", command: "node", args: ["child.mjs", "--fast"] });
  expect(plan.host).toBeUndefined();
  expect(plan.hostDryRun).toBe(false);
});

test("--runner with --host, an empty --runner and an unknown host are usage errors", async () => {
  expect((await refusal({ runner: ["node"], host: "alpha" })).message).toBe(
    "--runner and --host cannot be used together: pick one.",
  );
  expect((await refusal({ runner: [] })).message).toMatch(/^--runner needs a command/);
  const unknown = await refusal({ host: "gamma" });
  expect(unknown.unknown).toEqual({
    kind: "host",
    flag: "--host",
    wanted: "gamma",
    known: ["alpha", "beta", "auto"],
  });
});

test("an agent whose family has no host gets a mode whose error names --host and the config file", async () => {
  const plan = await planRun(
    options({ agentHost: async () => ({ host: null, agent: "rev", provider: "plugins" }) }),
  );
  expect(plan.mode.kind).toBe("none");
  const error = plan.mode.kind === "none" ? plan.mode.error : undefined;
  expect(error).toBeInstanceOf(RunUsageError);
  expect(error?.message).toBe(
    'Agent "rev" comes from plugins, which has no agent host of its own: choose one with --host alpha|beta, or set "defaultHost" in /home/u/.config/roster/config.json.',
  );
  expect(plan.host).toBeUndefined();
});

test("a dry run of a host plans its commands; of a runner, its invocations", async () => {
  const host = await planRun(options({ dryRun: true }));
  expect([host.dryRun, host.hostDryRun]).toEqual([true, true]);
  const runner = await planRun(options({ dryRun: true, runner: ["node", "x.mjs"] }));
  expect([runner.dryRun, runner.hostDryRun]).toEqual([true, false]);
});

test("a queued run on a host carries the session; without a host it is not queued", async () => {
  const plan = await planRun(
    options({
      queued: true,
      planMode: true,
      timeoutMs: 60_000,
      env: { ROSTER_TASK_DEPTH: "1", ROSTER_SPAWNS: "a,b", PI_BLOCKED_AGENT: "self" },
    }),
  );
  expect(plan.queued).toBe(true);
  expect(plan.carried).toEqual({
    depth: 1,
    spawns: "a,b",
    planMode: true,
    maxRecursionDepth: 2,
    blockedAgent: "self",
    timeoutMs: 60_000,
  });
  const none = await planRun(
    options({ queued: true, agentHost: async () => ({ host: null, agent: "a", provider: "p" }) }),
  );
  expect(none.queued).toBe(false);
  expect(none.carried).toBeUndefined();
});

test("the session comes from the environment and the deadline from --timeout, the settings left as given", async () => {
  const settings = { maxRecursionDepth: 3 };
  const plan = await planRun(
    options({ env: { ROSTER_TASK_DEPTH: "2" }, timeoutMs: 5000, settings, planMode: true }),
  );
  expect(plan.session).toEqual({
    cwd: "/work",
    depth: 2,
    planMode: true,
    settings: { maxRecursionDepth: 3, timeoutMs: 5000 },
  });
  expect(settings).toEqual({ maxRecursionDepth: 3 });
  expect(plan.refusal).toBeUndefined();
});

test("an unreadable depth is the plan's refusal, not a warning", async () => {
  const plan = await planRun(options({ env: { ROSTER_TASK_DEPTH: "deep" } }));
  expect(plan.refusal?.code).toBe("executor/bad-task-depth");
  expect(plan.warnings).toEqual([]);
  expect(plan.session.spawns).toBe("");
});

test("the exit code: a signal's, a runner's dry run 0, a host's dry run and a run 1 when something failed", () => {
  const run = { dryRun: false, hostDryRun: false };
  expect(runExitCode(run, { failed: true, signalCode: 130 })).toBe(130);
  expect(runExitCode(run, { failed: true })).toBe(1);
  expect(runExitCode(run, { failed: false })).toBe(0);
  expect(runExitCode({ dryRun: true, hostDryRun: false }, { failed: true })).toBe(0);
  expect(runExitCode({ dryRun: true, hostDryRun: true }, { failed: true })).toBe(1);
  expect(runExitCode({ dryRun: true, hostDryRun: true }, { failed: false })).toBe(0);
});
