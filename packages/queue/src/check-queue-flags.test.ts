import { RunUsageError } from "@roster/executor";
import { expect, test } from "vitest";
import { checkQueueFlags, queueUrlOf, splitRate } from "./check-queue-flags.js";
import { QueueUsageError } from "./errors.js";
import { hostsOfJobIds } from "./result-of.js";

test("--detach and --repo need --queue", () => {
  expect(() => checkQueueFlags({ detach: true })).toThrow(/^--detach needs --queue URL/);
  expect(() => checkQueueFlags({ repo: ["o/r"] })).toThrow(/^--repo needs --queue URL/);
  expect(() => checkQueueFlags({ repo: [] })).not.toThrow();
  expect(() => checkQueueFlags({ queue: "redis://h", detach: true, repo: ["o/r"] })).not.toThrow();
});

test("a queued run takes neither --runner nor --dry-run, and says which", () => {
  expect(() => checkQueueFlags({ queue: "redis://h", runner: "node x" })).toThrow(
    /^--runner and --queue cannot be used together/,
  );
  expect(() => checkQueueFlags({ queue: "redis://h", dryRun: true })).toThrow(
    /^--dry-run and --queue cannot be used together/,
  );
  expect(() => checkQueueFlags({ dryRun: true, runner: "node x" })).not.toThrow();
});

test("the flag errors are usage errors a caller maps as the executor's", () => {
  const error = (() => {
    try {
      checkQueueFlags({ detach: true });
    } catch (e) {
      return e;
    }
  })();
  expect(error).toBeInstanceOf(QueueUsageError);
  expect(error).toBeInstanceOf(RunUsageError);
});

test("the queue URL: the one given, else ROSTER_QUEUE, else how to give it", () => {
  expect(
    queueUrlOf({ given: "redis://a", env: { ROSTER_QUEUE: "redis://b" }, command: "roster worker" }),
  ).toBe("redis://a");
  expect(queueUrlOf({ given: undefined, env: { ROSTER_QUEUE: "redis://b" }, command: "roster worker" })).toBe(
    "redis://b",
  );
  expect(() =>
    queueUrlOf({ given: undefined, env: { ROSTER_QUEUE: " " }, command: "roster worker" }),
  ).toThrow("roster worker needs the queue's URL: --queue URL (or ROSTER_QUEUE=URL).");
  expect(() =>
    queueUrlOf({ given: undefined, env: {}, command: "roster queue status", argument: true }),
  ).toThrow("roster queue status needs the queue's URL: roster queue status URL (or ROSTER_QUEUE=URL).");
});

test("--rate splits at its slash; without one it says the form", () => {
  expect(splitRate("50/1m")).toEqual({ max: "50", duration: "1m" });
  expect(() => splitRate("50")).toThrow(/^--rate takes JOBS\/DURATION/);
});

test("job ids map to their hosts; the first id that is not roster's is named", () => {
  expect([...hostsOfJobIds(["alpha.3f9a0c12e4.1", "beta.3f9a0c12e4.2"])]).toEqual([
    ["alpha.3f9a0c12e4.1", "alpha"],
    ["beta.3f9a0c12e4.2", "beta"],
  ]);
  expect(() => hostsOfJobIds(["alpha.3f9a0c12e4.1", "nope", "zz"])).toThrow(/^"nope" is not a roster job id/);
});
