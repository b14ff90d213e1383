export { FRONTMATTER_DIAGNOSTIC_CODES, type FrontmatterDiagnosticCode } from "./codes.js";
export { parseArrayOrCSV, parseBoolean, parseCSV, splitToolList } from "./coerce.js";
export { FrontmatterError } from "./errors.js";
export type { SimpleYaml } from "./fast-yaml.js";
export { COMPACT_MAPPING_MESSAGE, parseSimpleYaml, readSimpleYaml } from "./fast-yaml.js";
export { keyAsWritten, lineOfKey, type WrittenKey } from "./line-of-key.js";
export { type LoadLazilyOptions, loadLazily } from "./load-lazily.js";
export { nameProblem } from "./name-problem.js";
export { jsonNestedDeeperThan, MAX_DATA_DEPTH, nestedDeeperThan } from "./nesting-depth.js";
export { kebabToCamel, normalizeContent, normalizeKeys } from "./normalize.js";
export { ownString } from "./own-string.js";
export { parseFrontmatter } from "./parse-frontmatter.js";
export {
  type ParsedBytes,
  type ParsedHead,
  parseFrontmatterBytes,
  parseFrontmatterHead,
  readBody,
} from "./parse-frontmatter-bytes.js";
export {
  GENERATED_BY_KEY,
  GENERATED_BY_VALUE,
  hasRosterMarker,
  isMarkerKey,
  MAX_SYNC_MANIFEST_BYTES,
  parseSyncManifest,
  SYNC_MANIFEST,
  type SyncManifest,
} from "./roster-copy.js";
export { stringifyFrontmatter } from "./stringify-frontmatter.js";
export { type SuggestNamesOptions, suggestNames } from "./suggest-names.js";
export type {
  Diagnostic,
  DiagnosticSeverity,
  ParsedFrontmatter,
  ParseFrontmatterOptions,
  ParseLevel,
} from "./types.js";
export { type UnknownAnswer, unknownNameText, unknownValueText } from "./unknown-name-text.js";
export { type UnknownText, unknownText } from "./unknown-text.js";
export { blockLines, writtenKeys } from "./written-keys.js";
