export { CommandLineError } from "./command-line-error.js";
export { ROSTER } from "./command-table.js";
export { examplesText } from "./examples-text.js";
export {
  type CommandLineGrammar,
  GLOBAL_OPTIONS,
  LIST_OPTIONS,
  optionKey,
  optionName,
  parseArgsOptions,
  readCommandLine,
} from "./list-options.js";
export {
  type Action,
  type CommandLine,
  type GroupAnswer,
  type ProgramOptions,
  programFrom,
} from "./program-from.js";
export type { ArgumentSpec, CommandSpec, OptionSpec, ProgramSpec } from "./types.js";
