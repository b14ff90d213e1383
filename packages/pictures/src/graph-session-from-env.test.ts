import { describe, expect, test } from "vitest";
import { graphSessionFromEnv } from "./graph-session-from-env.js";

const limits = { maxRecursionDepth: 2, disabledAgents: ["old"] };

describe("graphSessionFromEnv", () => {
  test("the session `roster run` would read: depth, spawn policy and blocked agent from the environment, limits from config", () => {
    expect(
      graphSessionFromEnv({
        env: { ROSTER_TASK_DEPTH: "1", ROSTER_SPAWNS: "reviewer", PI_BLOCKED_AGENT: "planner" },
        ...limits,
      }),
    ).toEqual({
      session: {
        depth: 1,
        maxRecursionDepth: 2,
        disabledAgents: ["old"],
        spawns: "reviewer",
        blockedAgent: "planner",
      },
    });
  });

  test("an empty blocked agent blocks none; an unset environment is depth 0", () => {
    expect(graphSessionFromEnv({ env: { PI_BLOCKED_AGENT: "" }, ...limits })).toEqual({
      session: { depth: 0, maxRecursionDepth: 2, disabledAgents: ["old"] },
    });
  });

  test("an environment run would refuse (a depth that is not a number) is the problem, not a session", () => {
    const answer = graphSessionFromEnv({ env: { ROSTER_TASK_DEPTH: "deep" }, ...limits });
    expect("problem" in answer && answer.problem.severity).toBe("error");
  });
});
