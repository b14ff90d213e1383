import type { ToolTable } from "@roster/family";

/** True when any tool changes files or runs commands, each read through the app's tool table. */
export function writesOrRuns(tools: readonly string[], table: ToolTable): boolean {
  return tools.some((t) => {
    const cap = table.capabilityOf(t);
    return cap === "edit" || cap === "write" || cap === "bash";
  });
}
