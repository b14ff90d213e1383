export {
  MAX_TOML_DEPTH,
  type ReadTomlOptions,
  type ReadTomlResult,
  readTomlFile,
  TomlFileError,
} from "./read-toml.js";
export { stringifyToml } from "./write-toml.js";
