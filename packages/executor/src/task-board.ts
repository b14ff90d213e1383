/** Where one task of a run stands: queued, running since `started`, or ended after `ms`. */
export type TaskState =
  | { state: "queued" }
  | { state: "running"; started: number }
  | { state: "done" | "failed"; ms: number };

/** The tasks of a run and where each stands, as one line each (see {@link createTaskBoard}). */
export interface TaskBoard {
  /** A task starts (`running`, at `now`) or ends (`done` or `failed`, timed from its start, else 0). */
  update(id: string, state: "running" | "done" | "failed", now: number): void;
  /** One line per task, in the order given: `task-1  queued`, `running 3.2s`, `done in 41s`, `failed after 1.0s`. */
  lines(now: number): string[];
}

/** Seconds for a person: one decimal under ten (`3.2s`), whole above (`41s`). */
export function seconds(ms: number): string {
  return ms < 10_000 ? `${(ms / 1000).toFixed(1)}s` : `${Math.round(ms / 1000)}s`;
}

/** The states of a run's tasks, all queued to begin with; nothing is drawn here (the caller draws the lines). */
export function createTaskBoard(ids: readonly string[]): TaskBoard {
  const states = new Map<string, TaskState>(ids.map((id) => [id, { state: "queued" }]));
  const line = (id: string, s: TaskState, now: number) => {
    switch (s.state) {
      case "queued":
        return `${id}  queued`;
      case "running":
        return `${id}  running ${seconds(now - s.started)}`;
      case "done":
        return `${id}  done in ${seconds(s.ms)}`;
      case "failed":
        return `${id}  failed after ${seconds(s.ms)}`;
    }
  };
  return {
    update(id, state, now) {
      const before = states.get(id);
      if (state === "running") states.set(id, { state, started: now });
      else states.set(id, { state, ms: before?.state === "running" ? now - before.started : 0 });
    },
    lines: (now) => [...states].map(([id, s]) => line(id, s, now)),
  };
}

/** Hands `print` values in index order, holding only those that arrive early. */
export function createInOrder(
  total: number,
  print: (value: unknown) => void,
): { put(index: number, value: unknown): void } {
  const waiting = new Map<number, unknown>();
  let next = 0;
  return {
    put(index, value) {
      waiting.set(index, value);
      while (next < total && waiting.has(next)) {
        const ready = waiting.get(next);
        waiting.delete(next);
        next++;
        print(ready);
      }
    },
  };
}
