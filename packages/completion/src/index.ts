export { bashScript } from "./bash-script.js";
export { completionScript } from "./completion-script.js";
export { completionSpec } from "./completion-spec.js";
export { fishScript } from "./fish-script.js";
export { rosterValues, type ValueWords } from "./roster-values.js";
export {
  type CompletionCommand,
  type CompletionFlag,
  type CompletionSpec,
  SHELLS,
  type Shell,
  type TableArgument,
  type TableCommand,
  type TableOption,
  type Values,
  type ValuesOf,
} from "./types.js";
export { zshScript } from "./zsh-script.js";
