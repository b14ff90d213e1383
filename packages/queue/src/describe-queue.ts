// What `roster worker` and `roster queue status` say: a line per worker event, the worker's
// opening line and the status board of a queue. Lines only (@roster/terminal): the CLI prints.
import { count, type Fit, headedTable, type Line, line, Styled, type Text } from "@roster/terminal";
import type { QueueStatus } from "./status.js";
import type { StartWorkerOptions, WorkerEvent } from "./worker.js";

/**
 * The stderr line of one worker event, or undefined for none (`ready`, and with `quiet` the
 * events that are not trouble: started, done, notes).
 */
export function describeWorkerEvent(event: WorkerEvent, options: { quiet: boolean }): Line | undefined {
  const quiet = options.quiet;
  const tag = (id: string) => new Styled("bold", `[${id}]`);
  switch (event.type) {
    case "ready":
      return undefined;
    case "started":
      return quiet
        ? undefined
        : line`${tag(event.jobId)} ${event.taskId} ${event.agent} on ${event.host} in ${event.repo}`;
    case "finished":
      if (!event.ok)
        return line`${tag(event.jobId)} ${new Styled("red", `failed: ${event.error ?? "the host failed"}`)}`;
      return quiet
        ? undefined
        : line`${tag(event.jobId)} ${new Styled("green", "done")} in ${(event.durationMs / 1000).toFixed(1)}s`;
    case "failed":
      return line`${tag(event.jobId)} ${new Styled("red", `refused: ${event.reason}`)}`;
    case "handed-back":
      return line`${tag(event.jobId)} handed back to the queue`;
    case "note":
      return quiet ? undefined : line`${tag(event.jobId)} note: ${event.note}`;
    case "connection-lost":
      return line`roster: lost Redis (${event.reason}); retrying, running jobs go on`;
    case "reconnected":
      return line`roster: Redis is back`;
    case "error":
      return line`roster: ${event.message}`;
  }
}

/** `roster worker --json`: one JSON line per event, with the time it was seen (ISO 8601). */
export function workerEventJson(event: WorkerEvent, at: Date): string {
  return JSON.stringify({ ...event, at: at.toISOString() });
}

/**
 * The line a worker starts with: its name, then from the options it was started with its
 * hosts, queue, how many jobs at once, its ceiling and where its checkouts go.
 */
export function workerStartLine(
  name: string,
  options: Pick<StartWorkerOptions, "hosts" | "target" | "concurrency" | "limits" | "workdir">,
): Line {
  const hosts = options.hosts.map((h) => h.family.id).join(", ");
  const { target, limits, workdir } = options;
  return line`roster: worker ${name} takes ${hosts} jobs from ${target.shown} (${count(options.concurrency ?? 1, "job")} at once per host, permissions up to ${limits.ceiling}, checkouts in ${workdir}); Ctrl-C stops it`;
}

/** How long ago `ms` was, seen at `now`: seconds under two minutes, minutes under two hours, else hours. */
export function agoText(ms: number, now: number): string {
  const s = Math.max(0, Math.round((now - ms) / 1000));
  return s < 120 ? `${s}s` : s < 7200 ? `${Math.round(s / 60)}m` : `${Math.round(s / 3600)}h`;
}

/** `roster queue status`: the queue and its Redis, jobs per host queue and state, and the live workers (as of `now`). */
export function describeQueueStatus(view: Fit, status: QueueStatus, now: number): Text[] {
  const lines: Text[] = [line`${new Styled("bold", status.url)} (Redis ${status.redisVersion})`];
  if (status.hosts.length === 0) lines.push("no jobs and no workers");
  else
    lines.push(
      headedTable(
        view,
        ["host", "waiting", "active", "done", "failed", "workers"],
        status.hosts.map((h) => [h.host, ...[h.waiting, h.active, h.done, h.failed, h.workers].map(String)]),
      ),
    );
  if (status.workers.length === 0) return lines;
  lines.push(
    "",
    headedTable(
      view,
      ["worker", "hosts", "active", "done", "failed", "up"],
      status.workers.map((w) => [
        w.name,
        w.hosts.join(","),
        `${w.active}/${w.concurrency * w.hosts.length}`,
        String(w.done),
        String(w.failed),
        agoText(w.since, now),
      ]),
    ),
  );
  return lines;
}
