import { Queue } from "bullmq";
import { checkRedis, createClient, type RedisTarget } from "./connection.js";
import { QUEUE_PREFIX, WORKER_RECORD_PREFIX } from "./names.js";

/** One host's queue. */
export interface HostQueueStatus {
  host: string;
  /** Not started yet (waiting, prioritized or delayed). */
  waiting: number;
  active: number;
  /** Finished and kept (see `KEEP_FINISHED`): completed jobs, whatever their host answered. */
  done: number;
  /** Jobs no worker could run (refused, a checkout that failed, stalled too often). */
  failed: number;
  /** Workers connected to this queue now. */
  workers: number;
}

/** One worker connected to a queue now, from the record it refreshes. */
export interface WorkerStatus {
  name: string;
  hosts: string[];
  concurrency: number;
  active: number;
  /** Jobs it finished whose host succeeded / did not, since it started. */
  done: number;
  failed: number;
  /** When it started and when it last wrote its record (ms since the epoch). */
  since: number;
  seen: number;
}

/** What `roster queue status` shows. */
export interface QueueStatus {
  url: string;
  redisVersion: string;
  hosts: HostQueueStatus[];
  workers: WorkerStatus[];
}

/** The most worker records read (a larger fleet is cut there). */
const MAX_WORKERS = 1000;

/**
 * The queues of `hosts` (and of every host a live worker serves): jobs per state and workers
 * per queue, and each live worker's record. Hosts with no job and no worker are left out.
 */
export async function readQueueStatus(target: RedisTarget, hosts: readonly string[]): Promise<QueueStatus> {
  const redisVersion = await checkRedis(target);
  const client = createClient(target, "command");
  client.on("error", () => {});
  const opened: Queue[] = [];
  try {
    await client.connect();
    // Worker records: SCAN is bounded per call; at most MAX_WORKERS are read.
    const keys: string[] = [];
    let cursor = "0";
    do {
      const [next, found] = await client.scan(cursor, "MATCH", `${WORKER_RECORD_PREFIX}*`, "COUNT", 500);
      cursor = next;
      keys.push(...found);
    } while (cursor !== "0" && keys.length < MAX_WORKERS);
    const records = await Promise.all(keys.slice(0, MAX_WORKERS).map((key) => client.hgetall(key)));
    const workers: WorkerStatus[] = records
      .filter((r) => typeof r.name === "string")
      .map((r) => ({
        name: r.name!,
        hosts: (r.hosts ?? "").split(",").filter((h) => h !== ""),
        concurrency: Number(r.concurrency) || 0,
        active: Math.max(0, Number(r.active) || 0),
        done: Number(r.done) || 0,
        failed: Number(r.failed) || 0,
        since: Number(r.since) || 0,
        seen: Number(r.seen) || 0,
      }))
      .sort((a, b) => a.name.localeCompare(b.name));
    const all = [...new Set([...hosts, ...workers.flatMap((w) => w.hosts)])];
    // The workers connected to a queue now, by name: a killed worker's record lingers until it
    // expires, its connection does not.
    const connected = new Set<string>();
    const rows = await Promise.all(
      all.map(async (host): Promise<HostQueueStatus> => {
        const queue = new Queue(host, { connection: client, prefix: QUEUE_PREFIX });
        queue.on("error", () => {});
        opened.push(queue);
        const [counts, clients] = await Promise.all([
          queue.getJobCounts("waiting", "prioritized", "delayed", "active", "completed", "failed"),
          queue.getWorkers(),
        ]);
        for (const c of clients) {
          const name = /:w:(.+)$/.exec(String(c.rawname ?? ""))?.[1];
          if (name !== undefined) connected.add(name);
        }
        const n = (state: string) => counts[state] ?? 0;
        return {
          host,
          waiting: n("waiting") + n("prioritized") + n("delayed"),
          active: n("active"),
          done: n("completed"),
          failed: n("failed"),
          workers: clients.length,
        };
      }),
    );
    const shown = rows.filter((r) => r.waiting + r.active + r.done + r.failed + r.workers > 0);
    return {
      url: target.shown,
      redisVersion,
      hosts: shown,
      workers: workers.filter((w) => connected.has(w.name)),
    };
  } finally {
    await Promise.all(opened.map((q) => q.close().catch(() => {})));
    client.disconnect();
  }
}
