import { expect, test } from "vitest";
import { taskResult } from "../test/helpers.js";
import { summarizeResult } from "./summarize-result.js";
import type { TaskResult } from "./types.js";

/** The answer ends in blank lines here: the summary trims them. */
const result = (over: Partial<TaskResult> & Record<string, unknown> = {}): TaskResult =>
  taskResult({ output: "the answer\n\n", ...over });

test("a success: exit 0, the worker, session and cost beside it, the answer trimmed at its end", () => {
  expect(
    summarizeResult(
      result({ worker: "w1", sessionId: "s1", cost: { amount: 0.08741, unit: "usd" }, notes: ["held", 3] }),
    ),
  ).toEqual({
    failed: false,
    status: "exit 0",
    extras: ["worker w1", "session s1", "$0.0874"],
    notes: ["held", "3"],
    answer: "the answer",
  });
  expect(summarizeResult(result({ cost: { amount: 2, unit: "premium-requests" } })).extras).toEqual([
    "2 premium requests",
  ]);
});

test("a failure: its reason, no cost of nothing, no answer the error repeats, stderr's last 10 lines without a code", () => {
  const stderr = Array.from({ length: 12 }, (_, i) => `line ${i + 1}`).join("\n");
  const failed = summarizeResult(
    result({
      exitCode: 1,
      error: "host said: the answer",
      output: "the answer",
      stderr,
      cost: { amount: 0, unit: "usd" },
    }),
  );
  expect(failed).toMatchObject({ failed: true, status: "failed: host said: the answer", extras: [] });
  expect(failed.answer).toBeUndefined();
  expect(failed.stderrTail).toEqual(Array.from({ length: 10 }, (_, i) => `line ${i + 3}`));
  expect(
    summarizeResult(result({ exitCode: 3, stderr: "x", code: "host/missing" })).stderrTail,
  ).toBeUndefined();
  expect(summarizeResult(result({ exitCode: 3 })).status).toBe("failed: exit 3");
  expect(summarizeResult(result({ exitCode: 3, output: "other" })).answer).toBe("other");
});
