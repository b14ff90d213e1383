export { cacheDirOf, indexDisabledBy } from "./cache-dir.js";
export {
  clearIndexes,
  INDEX_FORMAT,
  INDEX_SCHEMA,
  indexPathOf,
  openIndex,
  PersistentIndex,
} from "./persistent-index.js";
export type {
  IndexDiagnostic,
  IndexDiagnosticCode,
  IndexKey,
  IndexStats,
  OpenIndexOptions,
} from "./types.js";
