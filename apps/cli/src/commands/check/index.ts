// `roster install --check` without the app: it reads the config, the lock and the pinned files
// and nothing else (no registry, no family, no writer), so that a check on every commit costs
// little more than starting roster.
import { checkSources, describeDrift, SourceError, SourceUsageError } from "@roster/sources";
import { type GlobalFlags, resolveBasics } from "../../basics.js";
import { FindingError, UsageError } from "../../errors.js";
import { printJson } from "../../output.js";
import { scopeOf } from "../../writers.js";

/** `roster install --check [--scope]`: exit 1 on any drift; writes nothing. */
export async function checkCommand(
  globals: GlobalFlags,
  flags: { scope?: string; frozen?: boolean },
): Promise<number> {
  if (flags.frozen)
    throw new UsageError("--check writes nothing and resolves nothing: --frozen adds nothing to it");
  const scope = scopeOf(flags.scope);
  if (scope === "project" && globals.project === false)
    throw new UsageError(
      "--no-project leaves the project alone: give --scope user to check your own sources",
    );
  const { cwd, home, env, output: o } = resolveBasics(globals);
  let result: ReturnType<typeof checkSources>;
  try {
    result = checkSources({ ctx: { cwd, home, env } }, { scope });
  } catch (error) {
    if (error instanceof SourceUsageError) throw new UsageError(error.message, { cause: error });
    if (error instanceof SourceError) throw new FindingError(error.message, { code: error.code });
    throw error;
  }
  const { report, drift } = result;
  if (o.json) printJson(o, { ...report, drift });
  else for (const text of describeDrift(o, drift, report.lockFile)) o.out(text);
  return drift.length > 0 ? 1 : 0;
}
