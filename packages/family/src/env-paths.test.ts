import { expect, test } from "vitest";
import { envPath } from "./env-paths.js";

test("a relative value is taken from home, never from the cwd", () => {
  const ctx = { home: "/h", env: { A: "rel/dir", B: "~/x", C: "/abs", D: "  " } };
  expect(envPath(ctx, "A")).toBe("/h/rel/dir");
  expect(envPath(ctx, "B")).toBe("/h/x");
  expect(envPath(ctx, "C")).toBe("/abs");
  expect(envPath(ctx, "D")).toBeUndefined();
  expect(envPath(ctx, "E")).toBeUndefined();
});
