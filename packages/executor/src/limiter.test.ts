import { expect, test } from "vitest";
import { createLimiter } from "./limiter.js";

test("never runs more than the limit at once, and reaches it", async () => {
  const limit = createLimiter(3);
  let active = 0;
  let max = 0;
  let finished = 0;
  const gates: Array<() => void> = [];
  const jobs = Array.from({ length: 10 }, (_, i) =>
    limit(async () => {
      active++;
      max = Math.max(max, active);
      await new Promise<void>((r) => gates.push(r));
      active--;
      finished++;
      return i;
    }),
  );
  // Jobs may start on a later tick (p-limit queues them): loop until every one finished.
  while (finished < 10) {
    await new Promise((r) => setImmediate(r));
    expect(active).toBeLessThanOrEqual(3);
    gates.shift()?.();
  }
  expect(await Promise.all(jobs)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  expect(max).toBe(3);
});

test("a failing job frees its slot", async () => {
  const limit = createLimiter(1);
  const failed = limit(() => Promise.reject(new Error("no")));
  const next = limit(async () => "ok");
  await expect(failed).rejects.toThrow("no");
  await expect(next).resolves.toBe("ok");
});

test("a nonsense limit means one at a time", async () => {
  const limit = createLimiter(0);
  let active = 0;
  let max = 0;
  await Promise.all(
    [1, 2, 3].map(() =>
      limit(async () => {
        active++;
        max = Math.max(max, active);
        await new Promise((r) => setImmediate(r));
        active--;
      }),
    ),
  );
  expect(max).toBe(1);
});
