import { expect, test } from "vitest";
import { QueueUsageError } from "./errors.js";
import { checkLockDuration, checkWorkerName, workerCeiling } from "./worker-settings.js";

test("the ceiling: the default, one of the ladder, else the list to choose from", () => {
  expect(workerCeiling(undefined)).toBe("default");
  expect(workerCeiling("acceptEdits")).toBe("acceptEdits");
  let error: QueueUsageError | undefined;
  try {
    workerCeiling("root");
  } catch (e) {
    error = e as QueueUsageError;
  }
  expect(error?.unknown).toMatchObject({ kind: "permission mode", flag: "--max-permission", wanted: "root" });
  expect(error?.unknown?.known).toContain("default");
});

test("a lock of less than 500ms and a name that is not a plain word are refused", () => {
  expect(() => checkLockDuration(499)).toThrow(/^--lock-duration takes at least 500ms/);
  expect(() => checkLockDuration(500)).not.toThrow();
  expect(() => checkLockDuration(undefined)).not.toThrow();
  expect(() => checkWorkerName("build-7.a_b")).not.toThrow();
  for (const bad of ["", "a b", "x".repeat(101), "a/b"])
    expect(() => checkWorkerName(bad)).toThrow(QueueUsageError);
});
