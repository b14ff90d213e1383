export { cacheDirOf, indexDisabledBy, type UnsafeCache, unsafeCachePath } from "./cache-dir.js";
export { clearIndexes, openOutputs, PersistentIndex } from "./persistent-index.js";
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
export type { IndexDiagnostic, IndexDiagnosticCode, IndexKey, OpenOutputsOptions } from "./types.js";
