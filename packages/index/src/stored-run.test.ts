import { join } from "node:path";
import { RACY_MS } from "@roster/core";
import { agentFile, createSandbox, type Sandbox } from "@roster/testkit";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { openOutputStore } from "./output-store.js";
import { ReadRecorder } from "./recorded.js";
import { answerStored, type StoredRunCall, storedRunOf } from "./stored-run.js";

let sandbox: Sandbox;
beforeEach(() => {
  sandbox = createSandbox("roster-stored-run-");
});
afterEach(() => sandbox.cleanup());

const key = () => ({
  kind: "doctor-output",
  cwd: sandbox.project,
  home: sandbox.home,
  trust: true,
  providers: [],
});
const run = () =>
  storedRunOf(openOutputStore({ key: key(), env: {}, home: sandbox.home, version: "1" }), "doctor");
const as = { json: false, color: false, columns: 80, cwd: "/p", home: "/h" };

describe("storedRunOf", () => {
  test("the first run leaves a mark, which is no answer", () => {
    expect(run().seenBefore()).toBe(false);
    expect(run().mark()).toEqual([]);
    expect(run().seenBefore()).toBe(true);
    expect(run().replay({}, as, {})).toBeUndefined();
  });
  test("a kept run replays for the same flags printed the same way only", async () => {
    sandbox.write({ "project/a.md": agentFile("a") });
    await new Promise((resolve) => setTimeout(resolve, RACY_MS * 3));
    const recorder = new ReadRecorder({});
    recorder.fs.stat(join(sandbox.project, "a.md"));
    const asked = { strict: true };
    const kept = run().keep({ asked, as, reads: recorder.reads(), chunks: ["one\n"], exit: 1 }, recorder);
    expect(kept).toEqual({ stored: true, problems: [] });
    const replay = run().replay({ strict: true }, as, {});
    expect(replay?.bytes.toString()).toBe("one\n");
    expect(replay?.answer.exit).toBe(1);
    expect(run().replay({ strict: false }, as, {})).toBeUndefined();
    expect(run().replay(asked, { ...as, columns: undefined }, {})).toBeUndefined();
    expect(run().replay(asked, { ...as, color: true }, {})).toBeUndefined();
    // Another command's answer is its own.
    const why = storedRunOf(
      openOutputStore({ key: key(), env: {}, home: sandbox.home, version: "1" }),
      "why",
    );
    expect(why.replay(asked, as, {})).toBeUndefined();
  });
});

describe("answerStored", () => {
  /** A call whose command prints `text` (and, with `err`, warns on stderr); what happened is logged. */
  const callOf = (log: string[], text: string, options: { err?: boolean; unusable?: string } = {}) => {
    const recorder = new ReadRecorder({});
    recorder.fs.stat(join(sandbox.project, "a.md"));
    const call: StoredRunCall = {
      asked: {},
      as,
      env: {},
      recorder: {
        startedAt: recorder.startedAt,
        newestChangeMs: recorder.newestChangeMs,
        unusable: options.unusable,
        reads: () => recorder.reads(),
      },
      print: (bytes) => log.push(`replayed ${bytes.toString()}`),
      run: async () => {
        log.push("ran");
        return 0;
      },
      record: async () => {
        log.push("recorded");
        return { exit: 3, chunks: [text], wroteErr: options.err === true };
      },
      warn: (message) => log.push(`warned ${message}`),
    };
    return call;
  };
  beforeEach(async () => {
    sandbox.write({ "project/a.md": agentFile("a") });
    await new Promise((resolve) => setTimeout(resolve, RACY_MS * 3));
  });
  test("the first run runs and marks, the second records and stores, the third replays its bytes and exit", async () => {
    const log: string[] = [];
    expect(await answerStored(run(), callOf(log, "out\n"))).toBe(0);
    expect(await answerStored(run(), callOf(log, "out\n"))).toBe(3);
    expect(await answerStored(run(), callOf(log, "other\n"))).toBe(3);
    expect(log).toEqual(["ran", "recorded", "replayed out\n"]);
  });
  test("a run that wrote to stderr, or whose record cannot be replayed, is never stored", async () => {
    const log: string[] = [];
    await answerStored(run(), callOf(log, "out\n"));
    await answerStored(run(), callOf(log, "out\n", { err: true }));
    await answerStored(run(), callOf(log, "out\n", { unusable: "the config is code" }));
    await answerStored(run(), callOf(log, "out\n"));
    expect(log).toEqual(["ran", "recorded", "recorded", "recorded"]);
  });
});
