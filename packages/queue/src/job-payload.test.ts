import { describe, expect, test } from "vitest";
import { sampleJob } from "../test/jobs.js";
import { encodeJob, MAX_JOB_CHARS, parseJob, parseResult } from "./job-payload.js";

const refused = (data: unknown) => {
  const parsed = parseJob(data);
  if (!("error" in parsed)) throw new Error("accepted");
  return parsed.error;
};
type Fields = Record<string, unknown>;
/** The sample job as JSON text with one field set (a dotted path) or, with `undefined`, deleted. */
const withJob = (path: string, value: unknown) => {
  const job = JSON.parse(JSON.stringify(sampleJob())) as Fields;
  const keys = path.split(".");
  const last = keys.pop()!;
  const parent = keys.reduce((o, k) => o[k] as Fields, job);
  if (value === undefined) delete parent[last];
  else parent[last] = value;
  return JSON.stringify(job);
};

describe("parseJob: a queued job is untrusted input", () => {
  test("a well-formed job comes back as it was queued", () => {
    const job = sampleJob({
      agent: { tools: ["read"], spawns: "*", output: { properties: { ok: { type: "boolean" } } } },
    });
    expect(parseJob(encodeJob(job))).toEqual({ job });
  });

  test.each([
    ["data that is not text", { v: 1 }, "not roster's"],
    ["text that is not JSON", "{nope", "not JSON"],
    ["a job too long to read", "x".repeat(MAX_JOB_CHARS + 1), "at most"],
    ["an unknown field", withJob("extra", 1), 'unknown field "extra"'],
    ["a missing field", withJob("prompt", undefined), "prompt"],
    ["a field of the wrong type", withJob("session.depth", "0"), "session.depth"],
    ["another version", withJob("v", 2), "v must be equal to constant"],
    [
      "a system prompt over 1 MiB",
      withJob("agent.systemPrompt", "x".repeat(1024 * 1024 + 1)),
      "agent.systemPrompt",
    ],
    ["a commit that is not one", withJob("repo.commit", "HEAD"), "repo.commit"],
    ["a URL that reads as an option", withJob("repo.url", "--upload-pack=touch x"), "repo.url"],
    ["a control character in a name", withJob("agent.name", "a\u001b[2Jb"), "agent.name"],
    ["a host that is no host id", withJob("host", "../claude"), "host"],
    [
      "a tool that reads as an option",
      withJob("agent.tools", ["--dangerously-skip-permissions"]),
      "agent.tools.0",
    ],
    ["a depth below zero", withJob("session.depth", -1), "session.depth"],
  ])("refuses %s, saying where", (_, data, words) => {
    expect(refused(data)).toContain(words);
  });

  test("encodeJob refuses to queue what no worker would take", () => {
    expect(() => encodeJob(sampleJob({ taskId: "" }))).toThrow(
      /no worker takes: the job was refused: taskId/,
    );
  });
});

describe("parseResult: a worker's answer is untrusted too", () => {
  const answer = {
    v: 1,
    worker: "box.1",
    result: {
      id: "task-1",
      agent: "reviewer",
      source: "project",
      exitCode: 0,
      output: "ok",
      stderr: "",
      truncated: false,
      durationMs: 12,
    },
  };
  test("a well-formed answer, as JSON text or as a value", () => {
    expect(parseResult(answer)).toEqual({ result: answer });
    expect(parseResult(JSON.stringify(answer))).toEqual({ result: answer });
  });
  test("a malformed one is refused with the field", () => {
    const bad = { ...answer, result: { ...answer.result, exitCode: "0" } };
    expect(parseResult(bad)).toEqual({ error: expect.stringContaining("result.exitCode") });
    expect(parseResult("nope")).toEqual({ error: "the worker's answer is not JSON" });
  });
});
