import { capabilityOf } from "@roster/family";

/** True when any tool changes files or runs commands. */
export function writesOrRuns(tools: readonly string[]): boolean {
  return tools.some((t) => {
    const cap = capabilityOf(t);
    return cap === "edit" || cap === "write" || cap === "bash";
  });
}
