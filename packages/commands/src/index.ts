export { COMMANDS_DIAGNOSTIC_CODES, type CommandsDiagnosticCode } from "./codes.js";
export { type CommandFields, readCommandFields } from "./command-fields.js";
export { type CommandName, commandNameFromPath } from "./command-name.js";
export {
  type CommandInput,
  type CommandLocationOptions,
  type CommandPlaceholders,
  commandOptions,
  commandOptionsOf,
  DEFAULT_PLACEHOLDERS,
  type PlaceholderSyntax,
} from "./command-options.js";
export { discoverCommands } from "./discover-commands.js";
export { CommandUsageError, ExpansionTooLargeError } from "./errors.js";
export { expandCommand, MAX_EXPANSION_BYTES } from "./expand-command.js";
export { commandScopedId, getCommand } from "./get-command.js";
export { splitArguments } from "./split-arguments.js";
export type {
  CommandDiscovery,
  DiscoverCommandsOptions,
  ShadowedCommand,
  WorkflowCommand,
} from "./types.js";
