import { expect, test } from "vitest";
import { hostOfJobId, jobIdOf, newRunId } from "./names.js";

test("a job id names its host's queue, and nothing else reads as one", () => {
  const id = jobIdOf("claude", newRunId(), 12);
  expect(id).toMatch(/^claude\.[0-9a-f]{10}\.12$/);
  expect(hostOfJobId(id)).toBe("claude");
  expect(hostOfJobId("my-host.3f9a0c12e4.1")).toBe("my-host");
  for (const other of ["42", "claude.3f9a0c12e4", "Claude.3f9a0c12e4.1", "../x.3f9a0c12e4.1", "claude.zz.1"])
    expect(hostOfJobId(other)).toBeUndefined();
});
