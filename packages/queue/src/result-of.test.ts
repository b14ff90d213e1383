import { expect, test } from "vitest";
import { uniqueRepoLabels } from "./prepare-queue-run.js";
import { resultOf, waitedResult } from "./result-of.js";

test("a failed or gone job is a failed result with the job's id; a failed one names the worker", () => {
  expect(resultOf({ jobId: "a.1.1", state: "gone", reason: "removed" })).toEqual({
    exitCode: null,
    output: "",
    stderr: "",
    truncated: false,
    jobId: "a.1.1",
    error: "removed",
  });
  expect(resultOf({ jobId: "a.1.1", state: "failed", reason: "bad job", worker: "w1" })).toMatchObject({
    error: "the worker could not run it: bad job",
    worker: "w1",
  });
});

test("a completed job's result drops the task's own fields and keeps the worker and its notes", () => {
  const result = {
    id: "task-1",
    agent: "rev",
    source: "project",
    durationMs: 5,
    exitCode: 0,
    output: "ok",
    stderr: "",
    truncated: false,
  };
  const outcome = { jobId: "a.1.1", state: "completed", worker: "w1", notes: ["held"], result } as const;
  expect(resultOf(outcome as never)).toEqual({
    exitCode: 0,
    output: "ok",
    stderr: "",
    truncated: false,
    jobId: "a.1.1",
    worker: "w1",
    notes: ["held"],
  });
  expect(Object.keys(waitedResult("a.1.1", outcome as never)).slice(0, 4)).toEqual([
    "id",
    "agent",
    "source",
    "durationMs",
  ]);
  expect(waitedResult("a.1.1", outcome as never)).toMatchObject({
    id: "task-1",
    agent: "rev",
    durationMs: 5,
  });
  expect(waitedResult("a.1.1", { jobId: "a.1.1", state: "gone", reason: "x" })).toMatchObject({
    id: "a.1.1",
    agent: "?",
    source: "project",
    durationMs: 0,
  });
});

test("repositories get unique labels, the ref left out", () => {
  expect(
    uniqueRepoLabels(["https://h/o/alpha.git#main", "https://h/p/alpha", "https://h/o/beta"]).map(
      (l) => l.label,
    ),
  ).toEqual(["alpha", "alpha-2", "beta"]);
});
