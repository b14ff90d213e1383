import { clearIndexes } from "@roster/index";
import { count, line, showPath } from "@roster/terminal";
import { type GlobalFlags, resolveBasics } from "../../basics.js";
import { printJson } from "../../output.js";

/** `roster cache clear`: removes every index and stored output from roster's cache folder. */
export async function clearCache(flags: GlobalFlags): Promise<number> {
  const { home, env, output } = resolveBasics(flags);
  const { dir, removed } = clearIndexes({ home, env });
  if (output.json) printJson(output, { dir, removed });
  else output.out(line`removed ${count(removed, "file")} from ${showPath(output, dir)}`);
  return 0;
}
