import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { RACY_MS } from "@roster/core";
import { agentFile, createSandbox, type Sandbox } from "@roster/testkit";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { cacheDirOf } from "./cache-dir.js";
import { ANSWER_FORM, isRacy, isStoredAnswer, openOutputStore } from "./output-store.js";
import { ReadRecorder } from "./recorded.js";
import type { IndexKey } from "./types.js";

let sandbox: Sandbox;
let key: IndexKey;
beforeEach(() => {
  sandbox = createSandbox("roster-store-");
  key = {
    kind: "doctor-output",
    cwd: sandbox.project,
    home: sandbox.home,
    trust: true,
    providers: ["claude"],
  };
});
afterEach(() => sandbox.cleanup());

const env = { HOME: "/h", ROSTER_TEST: "one" };
const open = (extra: { maxBytes?: number; version?: string } = {}) =>
  openOutputStore({ key, env: {}, home: sandbox.home, version: extra.version ?? "1.0.0", ...extra });
/** Lets files written just now age past the racy window, as a tree on disk would be. */
const age = () => new Promise((resolve) => setTimeout(resolve, RACY_MS * 3));
const agents = () => join(sandbox.project, ".claude/agents");
const asked = { command: "doctor", json: false, columns: 80 };

/** A run that read a folder, one file in it and a variable, recorded and stored under "run-record". */
async function storeRun(store = open()) {
  sandbox.write({
    "project/.claude/agents/a.md": agentFile("a"),
    "project/.claude/agents/b.md": agentFile("b"),
  });
  await age();
  const recorder = new ReadRecorder(env);
  recorder.fs.readdir(agents());
  recorder.fs.stat(join(agents(), "a.md"));
  void recorder.env.ROSTER_TEST;
  const answer = {
    asked,
    reads: recorder.reads(),
    output: { name: "run-output", chunks: ["one\n", "two\n"] },
    exit: 1,
  };
  expect(store.writeAnswer("run-record", answer, recorder)).toEqual({ stored: true, problems: [] });
  return store;
}

const recordFile = () =>
  join(
    cacheDirOf({ home: sandbox.home, env: {} }),
    readdirSync(cacheDirOf({ home: sandbox.home, env: {} })).find((f) => f.endsWith(".run-record.out"))!,
  );

describe("a stored answer", () => {
  test("round-trips: the same bytes, exit code and question, from one record {asked, reads, output, exit}", async () => {
    await storeRun();
    const replay = open().readAnswer("run-record", { env, asked });
    expect(replay?.bytes.toString()).toBe("one\ntwo\n");
    expect(replay?.answer.exit).toBe(1);
    expect(replay?.answer.asked).toEqual(asked);
    const [, body] = readFileSync(recordFile(), "utf8").split("\n") as [string, string];
    expect(Object.keys(JSON.parse(body)).sort()).toEqual(["asked", "exit", "output", "reads"]);
    expect(isStoredAnswer(JSON.parse(body))).toBe(true);
  });

  test("asked another way is no answer", async () => {
    await storeRun();
    expect(open().readAnswer("run-record", { env, asked: { ...asked, json: true } })).toBeUndefined();
    expect(open().readAnswer("run-record", { env })).toBeDefined();
  });

  test.each([
    ["a file it read, changed", () => writeFileSync(join(agents(), "a.md"), agentFile("a", "changed"))],
    ["a file added to a folder it listed", () => writeFileSync(join(agents(), "c.md"), agentFile("c"))],
    ["a file removed from a folder it listed", () => rmSync(join(agents(), "b.md"))],
    ["the file it read, removed", () => rmSync(join(agents(), "a.md"))],
  ])("%s: no answer", async (_, change) => {
    await storeRun();
    expect(open().readAnswer("run-record", { env, asked })).toBeDefined();
    change();
    expect(open().readAnswer("run-record", { env, asked })).toBeUndefined();
  });

  test("a variable it read, changed or unset: no answer; one it did not read changes nothing", async () => {
    await storeRun();
    expect(open().readAnswer("run-record", { env: { ...env, OTHER: "x" }, asked })).toBeDefined();
    expect(open().readAnswer("run-record", { env: { ...env, ROSTER_TEST: "two" }, asked })).toBeUndefined();
    expect(open().readAnswer("run-record", { env: { HOME: "/h" }, asked })).toBeUndefined();
  });

  test("a run that read a file changed within the racy window stores nothing", async () => {
    sandbox.write({ "project/.claude/agents/a.md": agentFile("a") });
    const recorder = new ReadRecorder(env);
    recorder.fs.stat(join(agents(), "a.md"));
    expect(isRacy(recorder)).toBe(true);
    const answer = { asked, reads: recorder.reads(), output: { name: "run-output", chunks: ["x"] }, exit: 0 };
    expect(open().writeAnswer("run-record", answer, recorder)).toEqual({ stored: false, problems: [] });
    expect(open().has("run-record")).toBe(false);
    expect(open().has("run-output")).toBe(false);
  });

  test.each([
    ["a truncated record", (body: string) => body.slice(0, body.length / 2)],
    ["a garbled record", () => "{ not json"],
    ["a record of null", () => "null"],
    [
      "a record with a field more",
      (body: string) => JSON.stringify({ ...JSON.parse(body), providers: ["claude"] }),
    ],
    [
      "a record without an exit code",
      (body: string) => JSON.stringify({ ...JSON.parse(body), exit: undefined }),
    ],
    [
      "a record whose reads do not unpack",
      (body: string) => JSON.stringify({ ...JSON.parse(body), reads: { stat: [["9|x"], [null]] } }),
    ],
    [
      "a record whose output has no name",
      (body: string) => JSON.stringify({ ...JSON.parse(body), output: { fingerprint: "f" } }),
    ],
  ])("%s is no answer", async (_, spoil) => {
    await storeRun();
    const [header, body] = readFileSync(recordFile(), "utf8").split("\n") as [string, string];
    writeFileSync(recordFile(), `${header}\n${spoil(body)}`);
    expect(open().readAnswer("run-record", { env, asked })).toBeUndefined();
  });

  test("a record of another layout, another version, or a header cut off is no answer", async () => {
    await storeRun();
    const [header, body] = readFileSync(recordFile(), "utf8").split("\n") as [string, string];
    writeFileSync(recordFile(), `${header.replace(`"${ANSWER_FORM}"`, '"answer-0"')}\n${body}`);
    expect(open().readAnswer("run-record", { env, asked })).toBeUndefined();
    writeFileSync(recordFile(), `${header}\n${body}`);
    expect(open({ version: "2.0.0" }).readAnswer("run-record", { env, asked })).toBeUndefined();
    writeFileSync(recordFile(), header.slice(0, 20));
    expect(open().readAnswer("run-record", { env, asked })).toBeUndefined();
  });

  test("a mark is no answer, and an output stored for another run is not handed out", async () => {
    const store = open();
    expect(store.mark("run-record")).toEqual([]);
    expect(store.has("run-record")).toBe(true);
    expect(store.readAnswer("run-record", { env })).toBeUndefined();
    await storeRun(store);
    // Another run's bytes in place of this one's (another fingerprint): the record no longer names them.
    store.outputs.writeOutput("run-output", "another run", ["other"]);
    expect(store.readAnswer("run-record", { env, asked })).toBeUndefined();
  });

  test("reads of the store are bounded: a record larger than maxBytes is no answer, an output larger is not stored", async () => {
    await storeRun();
    expect(open({ maxBytes: 64 }).readAnswer("run-record", { env, asked })).toBeUndefined();
    const small = open({ maxBytes: 64 });
    small.writeLooked("big", { fingerprint: "f", startedAt: 1e6, newestChangeMs: 0 }, ["x".repeat(65)]);
    expect(small.has("big")).toBe(false);
  });

  test("an answer whose bytes another key holds (the list shortcut's listing) round-trips, and misses when they go", async () => {
    await storeRun();
    const listing = { ...key, kind: "agents-output" };
    const other = open().at(listing);
    other.writeLooked("list-json", { fingerprint: "look", startedAt: 1e6, newestChangeMs: 0 }, [
      '{"agents":[]}',
    ]);
    const recorder = new ReadRecorder(env);
    recorder.fs.stat(join(agents(), "a.md"));
    const output = { key: listing, name: "list-json", fingerprint: "look" };
    open().writeAnswer(
      "shortcut",
      { asked: { providers: ["claude"] }, reads: recorder.reads(), output, exit: 0 },
      recorder,
    );
    expect(open().readAnswer("shortcut", { env })?.bytes.toString()).toBe('{"agents":[]}');
    other.writeLooked("list-json", { fingerprint: "another look", startedAt: 1e6, newestChangeMs: 0 }, [
      "{}",
    ]);
    expect(open().readAnswer("shortcut", { env })).toBeUndefined();
  });
});

describe("an output vouched for by a look", () => {
  const look = { fingerprint: "stats", startedAt: 10_000, newestChangeMs: 10_000 - RACY_MS - 1 };

  test("is handed back for the same look only", () => {
    expect(open().writeLooked("list-json", look, ["bytes"]).stored).toBe(true);
    expect(open().readLooked("list-json", look)?.toString()).toBe("bytes");
    expect(open().readLooked("list-json", { ...look, fingerprint: "other" })).toBeUndefined();
  });

  test("a look within the racy window (core's RACY_MS) neither stores nor reads", () => {
    const racy = { ...look, newestChangeMs: look.startedAt - RACY_MS };
    expect(isRacy(look)).toBe(false);
    expect(isRacy(racy)).toBe(true);
    expect(open().writeLooked("list-json", racy, ["bytes"])).toEqual({ stored: false, problems: [] });
    expect(open().has("list-json")).toBe(false);
    open().writeLooked("list-json", look, ["bytes"]);
    expect(open().readLooked("list-json", racy)).toBeUndefined();
  });
});
