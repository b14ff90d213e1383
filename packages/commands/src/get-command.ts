import type { CommandDiscovery, WorkflowCommand } from "./types.js";

/** The scoped id of a plugin command: `<plugin>:<name>`, or undefined outside plugins. */
export function commandScopedId(command: Pick<WorkflowCommand, "name" | "plugin">): string | undefined {
  return command.plugin ? `${command.plugin.name}:${command.name}` : undefined;
}

/**
 * Finds a command by exact, case-sensitive name; then a plugin command by its scoped id
 * `<plugin>:<name>`. Given a whole discovery, scoped ids also reach plugin commands that
 * lost their bare name to another definition.
 *
 * @example getCommand(discovery, "my-plugin:review")
 */
export function getCommand(
  from: readonly WorkflowCommand[] | Pick<CommandDiscovery, "commands" | "shadowed">,
  name: string,
): WorkflowCommand | undefined {
  const isList = Array.isArray(from);
  const commands = isList
    ? (from as readonly WorkflowCommand[])
    : (from as Pick<CommandDiscovery, "commands">).commands;
  const exact = commands.find((command) => command.name === name);
  if (exact) return exact;
  if (!name.includes(":")) return undefined;
  const scoped = commands.find((command) => commandScopedId(command) === name);
  if (scoped || isList) return scoped;
  return (from as Pick<CommandDiscovery, "shadowed">).shadowed
    .map((s) => s.command)
    .find((command) => commandScopedId(command) === name);
}
