export {
  MAX_TOML_DEPTH,
  type ReadTomlOptions,
  type ReadTomlResult,
  readTomlFile,
  TomlFileError,
} from "./read-toml.js";
export { multilineTomlString, type StringifyTomlOptions, stringifyToml } from "./write-toml.js";
