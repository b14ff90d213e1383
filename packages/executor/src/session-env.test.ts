import { expect, test } from "vitest";
import { readSessionFromEnv } from "./session-env.js";

test("reads depth and spawns back", () => {
  expect(readSessionFromEnv({ ROSTER_TASK_DEPTH: "2", ROSTER_SPAWNS: "explore,reviewer" })).toEqual({
    depth: 2,
    spawns: "explore,reviewer",
    diagnostics: [],
  });
});

test("an empty ROSTER_SPAWNS is kept (spawns disabled), an absent one is left out (any)", () => {
  expect(readSessionFromEnv({ ROSTER_SPAWNS: "" }).spawns).toBe("");
  expect("spawns" in readSessionFromEnv({})).toBe(false);
  expect(readSessionFromEnv({}).depth).toBe(0);
});

test("a bad depth is an error and fails closed: nothing may be spawned", () => {
  const session = readSessionFromEnv({ ROSTER_TASK_DEPTH: "deep" });
  expect(session.spawns).toBe("");
  expect(session.diagnostics.map((d) => [d.severity, d.code])).toEqual([
    ["error", "executor/bad-task-depth"],
  ]);
});
