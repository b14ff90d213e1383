export { cacheDirOf, indexDisabledBy } from "./cache-dir.js";
export {
  clearIndexes,
  INDEX_FORMAT,
  INDEX_SCHEMA,
  indexPathOf,
  openIndex,
  PersistentIndex,
} from "./persistent-index.js";
export {
  isObservations,
  type Observation,
  type ObservedWhat,
  ReadRecorder,
  seenStat,
  stillSeen,
} from "./recorded.js";
export type {
  IndexDiagnostic,
  IndexDiagnosticCode,
  IndexKey,
  IndexStats,
  OpenIndexOptions,
} from "./types.js";
