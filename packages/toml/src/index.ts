export { type ReadTomlOptions, type ReadTomlResult, readTomlFile, TomlFileError } from "./read-toml.js";
