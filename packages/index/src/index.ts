export { cacheDirOf, indexDisabledBy } from "./cache-dir.js";
export {
  clearIndexes,
  INDEX_FORMAT,
  INDEX_SCHEMA,
  indexPathOf,
  openIndex,
  openOutputs,
  PersistentIndex,
} from "./persistent-index.js";
export {
  isRecordedReads,
  type Observation,
  type ObservedWhat,
  packSubjects,
  ReadRecorder,
  type RecordedReads,
  type Seen,
  type SeenStat,
  seenStat,
  stillSeen,
  unpackSubjects,
} from "./recorded.js";
export type {
  IndexDiagnostic,
  IndexDiagnosticCode,
  IndexKey,
  IndexStats,
  OpenIndexOptions,
} from "./types.js";
