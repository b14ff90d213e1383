export { cacheDirOf, indexDisabledBy, type UnsafeCache, unsafeCachePath } from "./cache-dir.js";
export {
  type FindStoredAgentOptions,
  type FoundAgent,
  findStoredAgent,
  lookUpNames,
  type NameLookup,
} from "./find-stored-agent.js";
export {
  isShortcutAsked,
  LIST_JSON,
  readShortcut,
  type ShortcutAsked,
  type ShortcutFlags,
  type ShortcutToStore,
  shortcutApplies,
  shortcutKey,
  writeShortcut,
} from "./list-shortcut.js";
export { listingLook, type Place, placeKey } from "./listing-look.js";
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
export { type ListingAsked, type StoredListing, storedListingOf } from "./stored-listing.js";
export {
  answerStored,
  type PrintedAs,
  type StoredCommand,
  type StoredRun,
  type StoredRunCall,
  storedRunOf,
} from "./stored-run.js";
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
