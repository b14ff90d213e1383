// The public API of @roster/writers: export one agent to a tool's format, sync every agent
// (SPEC §13), copy skill folders (which, where: SPEC §18), and the one safe write they use. The writer contract (`AgentWriter`) is core's.

// The sync manifest's name is core's (discovery reads the manifest: SPEC §16).
export { SYNC_MANIFEST } from "@roster/core";
export {
  agentFieldValue,
  agentInputFields,
  extraEntries,
  FieldReport,
  formatMarkdownAgent,
  GENERATED_BY_KEY,
  GENERATED_BY_VALUE,
  isLossy,
  isMarkerKey,
  knownKeyOf,
  reportTools,
  translateTools,
  type WriteExtrasOptions,
  writeExtras,
  writeModel,
  writtenTools,
} from "./agent-writer.js";
export {
  type CopiedFile,
  type CopySkillOptions,
  copySkill,
  type SkillCopy,
} from "./copy-skill.js";
export {
  defineMarkdownWriter,
  type MarkdownFields,
  type MarkdownWriterDefinition,
  writeAsIs,
} from "./define-markdown-writer.js";
export { describeNewAgent, type NewAgentWritten, newAgentJson } from "./describe-new-agent.js";
export {
  type DescribeSyncOptions,
  describeSkillCopies,
  describeSync,
  largeSync,
  SYNC_ASK_OVER,
  type SyncView,
  syncJson,
  syncWrites,
} from "./describe-sync.js";
export {
  type AgentExport,
  type ExportAgentOptions,
  type ExportCode,
  type ExportRefusal,
  exportAgent,
  writeRootOf,
} from "./export-agent.js";
export { fieldRows } from "./field-rows.js";
export {
  type ExportJudgement,
  type ExportOwner,
  type ExportRename,
  exportError,
  exportFailure,
  exportName,
  exportSentence,
  judgeExport,
} from "./judge-export.js";
export {
  ASKS_FIRST,
  checkNewAgent,
  lossyNewMessage,
  lostFields,
  type NewAgentCheck,
  starterPrompt,
  type ToolResolution,
} from "./judge-new-agent.js";
export { judgeSync, type SyncJudgement } from "./judge-sync.js";
export {
  type NewAgentAsk,
  NewAgentRefusal,
  NewAgentUsageError,
  newAgentOf,
  writeNewAgentFile,
} from "./make-new-agent.js";
export {
  exportNameProblem,
  type NameRefusal,
  nameRefusal,
  renameFor,
  type SlugRename,
  slugName,
} from "./rename-agent.js";
export { SkillTargetError, skillScopeOf, skillTargetsOf } from "./skill-targets.js";
export { summarizeFields } from "./summarize-fields.js";
export {
  applySync,
  type FileOwner,
  fileOwner,
  formatSyncManifest,
  type ManifestChange,
  type PlanSyncOptions,
  planSync,
  type RecordInManifestOptions,
  recordInManifest,
  type SyncAction,
  type SyncCode,
  type SyncEntry,
  type SyncPlan,
  type SyncTarget,
} from "./sync-agents.js";
export { SyncNameError, syncNamesOf, unknownRenamed } from "./sync-names.js";
export {
  copySkillUnlessPinned,
  type ExportSkillFolderOptions,
  exportSkillFolder,
  type SkillCopyScope,
  type SyncSkillFoldersOptions,
  skillCopyFails,
  skillCopyScope,
  syncSkillFolders,
} from "./sync-skills.js";
export { exportJson, writeExport } from "./write-export.js";
export {
  type FileContent,
  type FileToWrite,
  NAME_MAX,
  type PathLooks,
  type RemoveFileInsideOptions,
  removeFileInside,
  type StagedFile,
  type StagedWrites,
  type StageWritesOptions,
  stageWrites,
  type WriteFileInsideOptions,
  type WriteRefusal,
  type WriteRefusalCode,
  WriteRefusedError,
  writeFileInside,
  writePathProblem,
} from "./write-file-inside.js";
export { type WriteNamedFileOptions, writeNamedFile } from "./write-named-file.js";
export { type ToolListTarget, writeToolList } from "./write-tool-list.js";
