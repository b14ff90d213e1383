// The public API of @roster/family: what a source family declares to be one plugin (SPEC §14).
// A family package exports one `defineFamily({ … })` value; its parts are typed here:
// the tool profile (`--as`), the writer (`export`/`sync`), the skill source, and the
// vocabulary its writer and host runner both read.

export {
  defineFamily,
  type FamilyDefinition,
  FamilyDefinitionError,
  type FamilyHost,
  type FamilyVocabulary,
  familyProblem,
  type ModelRules,
  ROSTER_VOCABULARY,
} from "./define-family.js";
// where a family's tool keeps its folders: an environment variable's folder
export { envPath } from "./env-paths.js";
// the app's families as one checked, ordered, frozen value
export { createFamilySet, type FamilySet, type HostedFamily } from "./family-set.js";
export { leftOutNotes, type MappedTools, type MapToolsOptions, mapTools } from "./map-tools.js";
export { acceptModel, chooseModel } from "./model-names.js";
// what raises a permission (SPEC §17): the hosts and the audit of a source read it
export {
  NON_RAISING_MODES,
  type RaisingSetting,
  READING_CAPABILITIES,
  raisesPermission,
  raisingSetting,
} from "./raising.js";
// the registry of a set's providers, providers alone among them
export { setRegistry } from "./set-registry.js";
// the skills contract a family names (discovery is @roster/skills)
export {
  defineSkillSource,
  type SkillPlace,
  type SkillRules,
  type SkillSource,
  skillRulesOf,
  skillToolsOf,
} from "./skill-source.js";
export { slugName } from "./slug-name.js";
export {
  CAPABILITIES,
  type Capability,
  listsNoTool,
  type McpToolName,
  mcpToolParts,
  NO_TOOL,
  noToolFields,
  ruleToolName,
  type ToolTable,
  withEmptyToolsAsNone,
} from "./tool-names.js";
export {
  type AgentWriter,
  ancestorsToRepoRoot,
  type BorrowedPlaces,
  defineAgentWriter,
  defineToolProfile,
  type FieldFate,
  type FieldMapping,
  type FieldProblem,
  type ProfileEntry,
  type ProfileParse,
  type ProfilePlace,
  type ProfileScope,
  type ProjectGate,
  type ToolProfile,
  type ToolReason,
  type ToolViewCode,
  type WriteAgentOptions,
  type WrittenAgent,
} from "./tool-profile.js";
// every tool name of a set's vocabularies, as one table (the family set's `tools`)
export { toolTable } from "./tool-table.js";
export {
  type DroppedSetting,
  READ_ONLY_CAPABILITIES,
  withoutRaisingSettings,
} from "./untrusted.js";
