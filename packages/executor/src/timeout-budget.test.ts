import { describe, expect, test } from "vitest";
import { deadlineOf, killSchedule, TERM_GRACE_MS, terminationGrace } from "./timeout-budget.js";

describe("the timeout budget", () => {
  test("a host gets SIGTERM a second before the end, a quarter of the time when that is shorter", () => {
    expect(TERM_GRACE_MS).toBe(1000);
    expect(terminationGrace(600_000)).toBe(1000);
    expect(terminationGrace(4000)).toBe(1000);
    expect(terminationGrace(2000)).toBe(500);
    expect(terminationGrace(1)).toBe(0);
  });

  test("SIGTERM and SIGKILL both fall within the timeout, counted from the call's deadline", () => {
    // A 2 s call, task started at once: SIGTERM at 1.5 s, SIGKILL at 2 s.
    expect(killSchedule({ deadline: 2000, timeoutMs: 2000, now: 0 })).toEqual({
      termInMs: 1500,
      killInMs: 2000,
    });
    // The same call, a task started 1.8 s in: SIGTERM at once, SIGKILL 200 ms later.
    expect(killSchedule({ deadline: 2000, timeoutMs: 2000, now: 1800 })).toEqual({
      termInMs: 0,
      killInMs: 200,
    });
    // Past the deadline: both at once.
    expect(killSchedule({ deadline: 2000, timeoutMs: 2000, now: 2500 })).toEqual({
      termInMs: 0,
      killInMs: 0,
    });
  });

  test("the deadline: given, else the timeout from now, else none", () => {
    expect(deadlineOf({ deadline: 50, timeoutMs: 1000 }, 10)).toBe(50);
    expect(deadlineOf({ timeoutMs: 1000 }, 10)).toBe(1010);
    expect(deadlineOf({}, 10)).toBeUndefined();
  });
});
