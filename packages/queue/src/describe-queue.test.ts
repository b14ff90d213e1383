import { draw, type Text } from "@roster/terminal";
import { describe, expect, it } from "vitest";
import {
  agoText,
  describeQueueStatus,
  describeWorkerEvent,
  workerEventJson,
  workerStartLine,
} from "./describe-queue.js";
import type { WorkerHost } from "./worker.js";

const plain = (text: Text | undefined) => (text === undefined ? undefined : draw(text, false));

describe("describeWorkerEvent", () => {
  it("says each event on one line; quiet keeps only the trouble", () => {
    const started = {
      type: "started",
      jobId: "j1",
      host: "claude",
      taskId: "t1",
      agent: "rev",
      repo: "r",
    } as const;
    const done = {
      type: "finished",
      jobId: "j1",
      host: "claude",
      taskId: "t1",
      ok: true,
      durationMs: 1234,
    } as const;
    const failed = { ...done, ok: false, error: "boom" };
    expect(plain(describeWorkerEvent(started, { quiet: false }))).toBe("[j1] t1 rev on claude in r");
    expect(plain(describeWorkerEvent(done, { quiet: false }))).toBe("[j1] done in 1.2s");
    expect(describeWorkerEvent(done, { quiet: true })).toBeUndefined();
    expect(describeWorkerEvent(started, { quiet: true })).toBeUndefined();
    expect(plain(describeWorkerEvent(failed, { quiet: true }))).toBe("[j1] failed: boom");
    expect(
      plain(describeWorkerEvent({ type: "connection-lost", reason: "ECONNRESET" }, { quiet: true })),
    ).toBe("roster: lost Redis (ECONNRESET); retrying, running jobs go on");
    expect(
      describeWorkerEvent({ type: "ready", name: "w", hosts: [], redisVersion: "7" }, { quiet: false }),
    ).toBeUndefined();
  });

  it("gives the JSON line with the time it was seen", () => {
    expect(JSON.parse(workerEventJson({ type: "reconnected" }, new Date(0)))).toEqual({
      type: "reconnected",
      at: "1970-01-01T00:00:00.000Z",
    });
  });
});

describe("describeQueueStatus", () => {
  it("says an empty queue in words, and a worker's uptime from now", () => {
    const empty = { url: "redis://q", redisVersion: "7.0.15", hosts: [], workers: [] };
    expect(describeQueueStatus({}, empty, 0).map(plain)).toEqual([
      "redis://q (Redis 7.0.15)",
      "no jobs and no workers",
    ]);
    const busy = {
      ...empty,
      workers: [
        { name: "w1", hosts: ["claude", "codex"], active: 1, concurrency: 2, done: 3, failed: 0, since: 0 },
      ],
    };
    const lines = describeQueueStatus({}, busy as never, 90_000).map(plain);
    expect(lines[2]).toBe("");
    expect(lines[3]).toContain("w1      claude,codex  1/4     3     0       90s");
  });

  it("counts uptime in seconds, minutes, then hours", () => {
    expect(agoText(0, 119_000)).toBe("119s");
    expect(agoText(0, 600_000)).toBe("10m");
    expect(agoText(0, 3 * 3_600_000)).toBe("3h");
    expect(agoText(10_000, 0)).toBe("0s");
  });
});

describe("workerStartLine", () => {
  it("names the worker, its hosts, the queue as shown, jobs at once, its ceiling and checkouts", () => {
    const host = (id: string) => ({ family: { id } }) as unknown as WorkerHost;
    const options = {
      hosts: [host("claude"), host("codex")],
      target: { url: "redis://:secret@q:6379/0", shown: "redis://:***@q:6379/0" },
      limits: { ceiling: "acceptEdits" as const },
      workdir: "/w",
    };
    expect(plain(workerStartLine("box.1", { ...options, concurrency: 2 }))).toBe(
      "roster: worker box.1 takes claude, codex jobs from redis://:***@q:6379/0 (2 jobs at once per host, permissions up to acceptEdits, checkouts in /w); Ctrl-C stops it",
    );
    expect(plain(workerStartLine("box.1", options))).toContain("(1 job at once per host");
  });
});
