import { describe, expect, test } from "vitest";
import { freePort } from "../test/redis-server.js";
import { checkRedis, openSubmitter, parseRedisUrl, QueueConnectionError, QueueUrlError } from "./index.js";

describe("parseRedisUrl", () => {
  test.each([
    ["redis://127.0.0.1:6379", "redis://127.0.0.1:6379"],
    ["redis://queue.internal:6380/2", "redis://queue.internal:6380/2"],
    ["rediss://:s3cret@queue.internal", "rediss://:***@queue.internal"],
    ["redis://ada:s3cret@queue.internal:6379/0", "redis://ada:***@queue.internal:6379/0"],
  ])("%s is shown as %s (never with its password)", (url, shown) => {
    expect(parseRedisUrl(url)).toEqual({ url, shown });
  });

  test.each([
    [
      "queue.internal:6379",
      'a queue URL is redis://[user:password@]HOST[:PORT][/DB] (rediss:// for TLS), not "queue.internal:6379"',
    ],
    ["http://queue.internal", 'not "http://queue.internal"'],
    ["redis:///0", 'not "redis:///0"'],
    ["redis://queue.internal/zero", "its database must be a number"],
    ["redis://queue.internal/0?password=x", "no query"],
  ])("%s is a usage error saying what a queue URL looks like", (url, words) => {
    expect(() => parseRedisUrl(url)).toThrow(QueueUrlError);
    expect(() => parseRedisUrl(url)).toThrow(words);
  });
});

describe("an unreachable Redis is one clear error, at once", () => {
  test("checkRedis and openSubmitter reject with the URL and the reason, retrying nothing", async () => {
    const target = parseRedisUrl(`redis://127.0.0.1:${await freePort()}/3`);
    for (const attempt of [() => checkRedis(target), () => openSubmitter(target)]) {
      const error = await attempt().then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(QueueConnectionError);
      expect((error as Error).message).toContain(`cannot reach Redis at ${target.shown}: `);
      expect((error as Error).message).toContain("ECONNREFUSED");
    }
  });
});
