export { cacheDirOf, indexDisabledBy, type UnsafeCache, unsafeCachePath } from "./cache-dir.js";
export {
  ANSWER_FORM,
  isRacy,
  isStoredAnswer,
  OutputStore,
  openOutputStore,
  type Replay,
  type Stored,
} from "./output-store.js";
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
export type {
  AnswerToStore,
  IndexDiagnostic,
  IndexDiagnosticCode,
  IndexKey,
  Look,
  OpenOutputsOptions,
  OutputRef,
  ReadWindow,
  StoredAnswer,
} from "./types.js";
