export { FRONTMATTER_DIAGNOSTIC_CODES, type FrontmatterDiagnosticCode } from "./codes.js";
export { parseArrayOrCSV, parseBoolean, parseCSV } from "./coerce.js";
export { FrontmatterError } from "./errors.js";
export { parseSimpleYaml } from "./fast-yaml.js";
export { kebabToCamel, normalizeContent, normalizeKeys } from "./normalize.js";
export { parseFrontmatter } from "./parse-frontmatter.js";
export { stringifyFrontmatter } from "./stringify-frontmatter.js";
export type {
  Diagnostic,
  DiagnosticSeverity,
  ParsedFrontmatter,
  ParseFrontmatterOptions,
  ParseLevel,
} from "./types.js";
