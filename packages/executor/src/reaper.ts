import { rmSync } from "node:fs";
import type { Reaper } from "./types.js";

/**
 * Creates a reaper: the record of every live process group and temp folder of the runs that
 * use it. Runners add each group they start and delete it once it is gone; the task tool adds
 * each run's folder. `reapAll()` is synchronous, so an app can call it from
 * `process.on("exit")` and on a signal: whatever way the process ends, nothing survives it.
 *
 * @example
 * const reaper = createReaper();
 * process.on("exit", () => reaper.reapAll());
 * const tool = createTaskTool({ registry, ctx, runner, reaper });
 */
export function createReaper(): Reaper {
  const groups = new Set<number>();
  const dirs = new Set<string>();
  return {
    groups,
    dirs,
    addGroup: (pid) => void groups.add(pid),
    deleteGroup: (pid) => void groups.delete(pid),
    addDir: (path) => void dirs.add(path),
    deleteDir: (path) => void dirs.delete(path),
    reapAll() {
      for (const pid of groups) killGroup(pid);
      groups.clear();
      for (const dir of dirs) removeDir(dir);
      dirs.clear();
    },
  };
}

/** Sends SIGKILL to a whole process group; a group that is already gone is fine. */
export function killGroup(pid: number | undefined): void {
  if (pid === undefined || !Number.isInteger(pid) || pid <= 1) return;
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    // The group is already gone.
  }
}

/** Sends SIGTERM to a whole process group (a host's cue to wind down); a group that is already gone is fine. */
export function terminateGroup(pid: number | undefined): void {
  if (pid === undefined || !Number.isInteger(pid) || pid <= 1) return;
  try {
    process.kill(-pid, "SIGTERM");
  } catch {
    // The group is already gone.
  }
}

/** Removes a folder and everything in it; a folder that is already gone is fine. */
export function removeDir(path: string): void {
  try {
    rmSync(path, { recursive: true, force: true, maxRetries: 2 });
  } catch {
    // Nothing more can be done on the way out.
  }
}
