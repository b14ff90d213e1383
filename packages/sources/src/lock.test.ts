import { describe, expect, test } from "vitest";
import { formatLock, parseLock, sha256 } from "./lock.js";

const commit = "a".repeat(40);
const sha = "b".repeat(64);
const file = { path: ".claude/agents/a.md", tool: "claude", kind: "agent", name: "a", sha256: sha };
const lockOf = (source: Record<string, unknown>) =>
  JSON.stringify({
    schemaVersion: 1,
    sources: [{ url: "https://x/y.git", to: ["claude"], commit, files: [file], ...source }],
  });

describe("parseLock", () => {
  test("a lock round-trips through its text", () => {
    const lock = parseLock(lockOf({ ref: "main" }), "roster.lock");
    expect(parseLock(formatLock(lock), "roster.lock")).toEqual(lock);
    expect(formatLock(lock)).toBe(`${JSON.stringify(lock, null, 2)}\n`);
  });

  test.each([
    ["{ nope", /is not JSON/],
    ["[]", /is not a JSON object/],
    [JSON.stringify({ schemaVersion: 2, sources: [] }), /newer roster/],
    [JSON.stringify({ sources: [] }), /no schemaVersion 1/],
    [lockOf({ commit: "abc" }), /full "commit"/],
    [lockOf({ files: [{ ...file, path: "../../etc/passwd" }] }), /not a relative path below its folder/],
    [lockOf({ files: [{ ...file, path: "/etc/passwd" }] }), /not a relative path/],
    [lockOf({ files: [{ ...file, kind: "hook" }] }), /unknown kind/],
    [lockOf({ to: [] }), /tools it writes for/],
  ])("refuses %s, saying to fix or delete it", (text, why) => {
    expect(() => parseLock(text, "roster.lock")).toThrow(why);
    expect(() => parseLock(text, "roster.lock")).toThrow(
      /fix it, or delete it and run roster install|update roster/,
    );
  });

  test("keeps only well-formed accepted findings", () => {
    const good = { code: "audit/hooks", kind: "agent", name: "a", message: "m" };
    const lock = parseLock(lockOf({ accepted: [good, { code: 1 }, "x", null] }), "roster.lock");
    expect(lock.sources[0]!.accepted).toEqual([good]);
  });
});

describe("sha256", () => {
  test("is the hex SHA-256 of a string's UTF-8 bytes, the same as of those bytes", () => {
    expect(sha256("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(sha256("h\u00e9llo \u2713")).toBe(sha256(Buffer.from("h\u00e9llo \u2713", "utf8")));
    expect(sha256(new Uint8Array(0))).toBe(
      "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
    );
  });
});
