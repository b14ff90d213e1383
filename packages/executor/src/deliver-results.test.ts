import { draw, type Text } from "@roster/terminal";
import { describe, expect, test } from "vitest";
import { taskResult } from "../test/helpers.js";
import { createResultPrinter, type DeliverResultsOptions, deliverResults } from "./deliver-results.js";

const result = taskResult;

/** A delivery writing into arrays, with every mode off unless `over` turns it on. */
function capture(over: Partial<DeliverResultsOptions> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const raw: string[] = [];
  const delivery = deliverResults({
    ids: ["task-1", "task-2"],
    json: false,
    schemaVersion: 2,
    dryRun: false,
    hostDryRun: false,
    detached: false,
    host: undefined,
    quiet: false,
    deferred: () => false,
    plans: { view: {}, trustNote: (note: string) => `${note} (trust it)` },
    write: {
      out: (text: Text) => out.push(draw(text, false)),
      err: (text: Text) => err.push(draw(text, false)),
      raw: (text) => raw.push(text),
    },
    ...over,
  });
  return { delivery, out, err, raw };
}

describe("deliverResults", () => {
  test("--json: one object in input order, whatever order the results arrive in", () => {
    const c = capture({ json: true, host: "claude" });
    c.delivery.onResult(result({ id: "task-2", output: "two" }), 1);
    c.delivery.onResult(result({ id: "task-1", output: "one" }), 0);
    c.delivery.end({});
    const value = JSON.parse(c.raw.join("\n"));
    expect(value.schemaVersion).toBe(2);
    expect(value.results.map((r: { id: string; host: string }) => `${r.id}@${r.host}`)).toEqual([
      "task-1@claude",
      "task-2@claude",
    ]);
    expect(c.delivery.failed()).toBe(false);
  });

  test("a runner's dry run: invocations as JSON Lines in input order, nulls left out, then the closing line", () => {
    const c = capture({ dryRun: true });
    c.delivery.onResult(result({ id: "task-2", data: { invocation: { id: "task-2", model: null } } }), 1);
    expect(c.raw).toEqual([]);
    c.delivery.onResult(result({ id: "task-1", data: { invocation: { id: "task-1", model: "m" } } }), 0);
    c.delivery.end({});
    expect(c.raw).toEqual(['{"id":"task-1","model":"m"}', '{"id":"task-2"}']);
    expect(c.err.at(-1)).toMatch(/^roster: dry run, nothing was started/);
  });

  test("a host's dry run: each plan's lines in order, trust notes last in their words; an error on stderr and counted as failed", () => {
    const c = capture({ dryRun: true, hostDryRun: true });
    const plan = {
      command: "claude",
      args: ["-p"],
      env: {},
      stdin: "hi",
      files: [],
      notes: ["no model"],
      trustNotes: ["held back"],
    };
    c.delivery.onResult(result({ id: "task-2", error: "no host", exitCode: 1 }), 1);
    c.delivery.onResult(result({ id: "task-1", data: plan }), 0);
    expect(c.out).toEqual([
      "[task-1] claude -p",
      '  stdin (2 bytes): "hi"',
      "  note: no model",
      "  note: held back (trust it)",
    ]);
    expect(c.err).toEqual(["roster: task-2: no host"]);
    expect(c.delivery.failed()).toBe(true);
  });

  test("--detach: job ids one a line, a task not queued on stderr, the closing line names the queue", () => {
    const c = capture({ detached: true });
    c.delivery.onResult(result({ id: "task-1", jobId: "7" }), 0);
    c.delivery.onResult(result({ id: "task-2", error: "refused", exitCode: 1 }), 1);
    c.delivery.end({ queue: "redis://q" });
    expect(c.raw).toEqual(["7"]);
    expect(c.err[0]).toBe("roster: task-2: refused");
    expect(c.err[1]).toContain("roster: queued 2 jobs on redis://q");
  });

  test("answers as they arrive; nothing after the runner deferred an error", () => {
    let deferred = false;
    const c = capture({ deferred: () => deferred });
    c.delivery.onResult(result({ id: "task-2", output: "two" }), 1);
    deferred = true;
    c.delivery.onResult(result({ id: "task-1", output: "one", exitCode: 1 }), 0);
    expect(c.out).toEqual(["two"]);
    expect(c.delivery.failed()).toBe(false);
  });
});

describe("createResultPrinter", () => {
  test("the first answer is printed alone, later ones with their header on stderr", () => {
    const out: string[] = [];
    const err: string[] = [];
    const print = createResultPrinter(
      { out: (t) => out.push(draw(t, false)), err: (t) => err.push(draw(t, false)) },
      false,
    );
    print(result({ id: "a", output: "first" }), undefined);
    const before = err.length;
    print(result({ id: "b", output: "second" }), "codex");
    expect(out).toContain("first");
    expect(out).toContain("second");
    expect(err.slice(before).join("\n")).toContain("codex");
  });
});
