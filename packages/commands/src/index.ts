export { type CommandFields, readCommandFields } from "./command-fields.js";
export { type CommandName, commandNameFromPath } from "./command-name.js";
export { DEFAULT_PLACEHOLDERS, discoverCommands } from "./discover-commands.js";
export { CommandUsageError } from "./errors.js";
export { expandCommand } from "./expand-command.js";
export { commandScopedId, getCommand } from "./get-command.js";
export { splitArguments } from "./split-arguments.js";
export type {
  CommandDiscovery,
  CommandPlaceholders,
  DiscoverCommandsOptions,
  ShadowedCommand,
  WorkflowCommand,
} from "./types.js";
