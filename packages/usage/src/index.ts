export { CommandLineError } from "./command-line-error.js";
export { ROSTER } from "./command-table.js";
export { examplesText } from "./examples-text.js";
export { GLOBAL_OPTIONS, LIST_OPTIONS, optionName, parseArgsOptions } from "./list-options.js";
export {
  type Action,
  type CommandLine,
  type GroupAnswer,
  type ProgramOptions,
  programFrom,
} from "./program-from.js";
export type { ArgumentSpec, CommandSpec, OptionSpec, ProgramSpec } from "./types.js";
