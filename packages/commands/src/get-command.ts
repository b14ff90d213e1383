import { getByName, scopedId } from "@roster/core";
import type { CommandDiscovery, WorkflowCommand } from "./types.js";

/** The scoped id of a plugin command: `<plugin>:<name>`, or undefined outside plugins. */
export function commandScopedId(command: Pick<WorkflowCommand, "name" | "plugin">): string | undefined {
  return scopedId(command);
}

/**
 * Finds a command by exact, case-sensitive name; then a plugin command by its scoped id
 * `<plugin>:<name>` (the same lookup as agents). Given a whole discovery, scoped ids
 * also reach plugin commands that lost their bare name to another definition; a scoped
 * id of an installed plugin is never answered by a command whose bare name contains `:`.
 *
 * @example getCommand(discovery, "my-plugin:review")
 */
export function getCommand(
  from: readonly WorkflowCommand[] | Pick<CommandDiscovery, "commands" | "shadowed">,
  name: string,
): WorkflowCommand | undefined {
  if (Array.isArray(from)) return getByName({ winners: from as readonly WorkflowCommand[] }, name);
  const discovery = from as Pick<CommandDiscovery, "commands" | "shadowed">;
  return getByName({ winners: discovery.commands, shadowed: discovery.shadowed.map((s) => s.command) }, name);
}
