import { join } from "node:path";
import { RACY_MS } from "@roster/core";
import { agentFile, createSandbox, type Sandbox } from "@roster/testkit";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { openOutputStore } from "./output-store.js";
import { ReadRecorder } from "./recorded.js";
import { storedRunOf } from "./stored-run.js";

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
