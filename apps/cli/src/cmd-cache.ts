import { clearIndexes } from "@roster/index";
import { type GlobalFlags, resolveBasics } from "./context.js";
import { printJson } from "./output.js";

/** `roster cache clear`: removes every persistent index and stored output. */
export async function clearCache(flags: GlobalFlags): Promise<number> {
  const { home, env, output } = resolveBasics(flags);
  const { dir, removed } = clearIndexes({ home, env });
  if (output.json) printJson(output, { dir, removed });
  else output.out(`removed ${removed} file(s) from ${dir}`);
  return 0;
}
