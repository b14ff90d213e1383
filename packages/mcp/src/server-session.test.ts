import { describe, expect, test } from "vitest";
import { resolveServerSession } from "./server-session.js";

describe("resolveServerSession", () => {
  const at = (env: Record<string, string>, maxRecursionDepth?: number) =>
    resolveServerSession({
      cwd: "/w",
      env,
      ...(maxRecursionDepth !== undefined ? { settings: { maxRecursionDepth } } : {}),
    }).session;

  test("depth and spawns come from the environment", () => {
    expect(at({})).toMatchObject({ cwd: "/w", depth: 0, planMode: false });
    expect(at({}).spawns).toBeUndefined();
    expect(at({ ROSTER_TASK_DEPTH: "1", ROSTER_SPAWNS: "a,b" })).toMatchObject({ depth: 1, spawns: "a,b" });
  });

  test("a server at the depth limit may spawn nothing, whatever ROSTER_SPAWNS says", () => {
    expect(at({ ROSTER_TASK_DEPTH: "2", ROSTER_SPAWNS: "*" }).spawns).toBe("");
    expect(at({ ROSTER_TASK_DEPTH: "1", ROSTER_SPAWNS: "*" }).spawns).toBe("*");
    expect(at({ ROSTER_TASK_DEPTH: "1" }, 1).spawns).toBe("");
    expect(at({ ROSTER_TASK_DEPTH: "9", ROSTER_SPAWNS: "*" }, -1).spawns).toBe("*");
  });

  test("a bad ROSTER_TASK_DEPTH is reported, and depth 0 is used", () => {
    const { session, diagnostics } = resolveServerSession({ cwd: "/w", env: { ROSTER_TASK_DEPTH: "deep" } });
    expect(session.depth).toBe(0);
    expect(diagnostics.map((d) => d.code)).toEqual(["executor/bad-task-depth"]);
  });
});
