import { RunUsageError } from "@roster/executor";
import { Redis, type RedisOptions } from "ioredis";

/** How long a first connection may take before roster says Redis cannot be reached. */
export const CONNECT_TIMEOUT_MS = 3000;

/** The oldest Redis the queue is tested on (BullMQ itself refuses anything below 5.0). */
export const MIN_REDIS_VERSION = "6.2.0";

/** A queue URL that is not one: thrown before anything connects (a usage error: a {@link RunUsageError}). */
export class QueueUrlError extends RunUsageError {
  override readonly name: string = "QueueUrlError";
}

/** Redis could not be reached, refused roster, or went away for good: one line naming the URL. */
export class QueueConnectionError extends Error {
  override readonly name = "QueueConnectionError";
}

/** A checked Redis URL, and the same without its password for messages. */
export interface RedisTarget {
  url: string;
  /** `redis://host:port/db`, with `***` for a password: what messages show. */
  shown: string;
}

/**
 * Checks a queue URL: `redis://[user:password@]host[:port][/db]` (or `rediss://` for TLS).
 *
 * @example
 * parseRedisUrl("redis://:secret@queue.internal:6379/2").shown; // "redis://:***@queue.internal:6379/2"
 */
export function parseRedisUrl(text: string): RedisTarget {
  const form = `a queue URL is redis://[user:password@]HOST[:PORT][/DB] (rediss:// for TLS), not "${text.slice(0, 200)}"`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new QueueUrlError(form);
  }
  if (url.protocol !== "redis:" && url.protocol !== "rediss:") throw new QueueUrlError(form);
  if (url.hostname === "") throw new QueueUrlError(form);
  const db = url.pathname.replace(/^\//, "");
  if (db !== "" && !/^\d{1,5}$/.test(db)) throw new QueueUrlError(`${form}: its database must be a number`);
  if (url.search !== "" || url.hash !== "")
    throw new QueueUrlError(
      "the queue URL takes no query or fragment: redis://[user:password@]HOST[:PORT][/DB]",
    );
  const credentials =
    url.password !== "" ? `${url.username}:***@` : url.username !== "" ? `${url.username}@` : "";
  const shown = `${url.protocol}//${credentials}${url.host}${db !== "" ? `/${db}` : ""}`;
  return { url: text, shown };
}

/** What a client is for: each role gets the retry rules it needs. */
export type ClientRole =
  /** Plain commands of a submitter or `queue status`: fail fast, never queue a command while offline. */
  | "command"
  /** A submitter's event listener: rides out a short outage, then gives up. */
  | "listener"
  /** A worker's connections: reconnect for as long as the worker runs. */
  | "worker";

/** The options of one role (ioredis retries forever and queues commands offline by default). */
export function clientOptions(role: ClientRole): RedisOptions {
  const base: RedisOptions = { connectTimeout: CONNECT_TIMEOUT_MS, lazyConnect: true };
  switch (role) {
    case "command":
      return {
        ...base,
        enableOfflineQueue: false,
        maxRetriesPerRequest: 1,
        retryStrategy: (times) => (times > 3 ? null : 300 * times),
      };
    case "listener":
      // About 30 s of retries, then the client ends and the wait reports the loss.
      return { ...base, maxRetriesPerRequest: null, retryStrategy: (times) => (times > 15 ? null : 2000) };
    case "worker":
      return { ...base, maxRetriesPerRequest: null, retryStrategy: (times) => Math.min(500 * times, 5000) };
  }
}

/** A new client of `target` for `role` (not yet connected: BullMQ or the caller connects it). */
export function createClient(target: RedisTarget, role: ClientRole): Redis {
  return new Redis(target.url, clientOptions(role));
}

/** The error's own words, one line. */
export function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split("\n")[0]!.trim() || "unknown error";
}

/**
 * Connects once, with no retry, and checks the server: answers within about
 * {@link CONNECT_TIMEOUT_MS} whatever happens. Throws {@link QueueConnectionError} naming the
 * URL when Redis cannot be reached, refuses the credentials, or is older than
 * {@link MIN_REDIS_VERSION}. Returns the server's version.
 */
export async function checkRedis(target: RedisTarget): Promise<string> {
  const client = new Redis(target.url, {
    ...clientOptions("command"),
    retryStrategy: () => null,
    maxRetriesPerRequest: 0,
  });
  // The socket's own error (ECONNREFUSED, ENOTFOUND) comes as an event; the rejection only says
  // the connection closed.
  let socketError: unknown;
  client.on("error", (error) => {
    socketError ??= error;
  });
  const deadline = new Promise<never>((_, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no answer in ${CONNECT_TIMEOUT_MS / 1000}s`)),
      CONNECT_TIMEOUT_MS + 500,
    );
    timer.unref();
  });
  try {
    const info = await Promise.race([
      (async () => {
        await client.connect();
        return client.info("server");
      })(),
      deadline,
    ]);
    const version = /redis_version:([\d.]+)/.exec(info)?.[1] ?? "0";
    if (compareVersions(version, MIN_REDIS_VERSION) < 0)
      throw new QueueConnectionError(
        `Redis at ${target.shown} is ${version}; roster's queue needs ${MIN_REDIS_VERSION} or later`,
      );
    return version;
  } catch (error) {
    if (error instanceof QueueConnectionError) throw error;
    const reason = socketError ?? error;
    throw new QueueConnectionError(`cannot reach Redis at ${target.shown}: ${reasonOf(reason)}`, {
      cause: reason,
    });
  } finally {
    client.disconnect();
  }
}

/** Compares dotted versions: negative when `a` is older. */
function compareVersions(a: string, b: string): number {
  const pa = a.split(".").map(Number);
  const pb = b.split(".").map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}
