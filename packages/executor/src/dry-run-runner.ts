import type { Runner } from "./types.js";

/** A runner that starts nothing and returns the invocation (and the child env it would set) as data. */
export function createDryRunRunner(): Runner {
  return {
    dryRun: true,
    async run(invocation, options) {
      const data = {
        invocation,
        env: { ROSTER_TASK_DEPTH: String(options.depth), ROSTER_SPAWNS: invocation.spawns },
      };
      return { exitCode: 0, output: JSON.stringify(data, null, 2), stderr: "", truncated: false, data };
    },
  };
}
