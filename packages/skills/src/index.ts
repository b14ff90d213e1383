// The public API of @roster/skills: Agent Skills read from every family's skill places
// (SPEC §18). A family declares its `SkillSource` with @roster/core's `defineSkillSource`;
// this package finds, reads and merges the skills.

export {
  describeCommand,
  describeInvocables,
  invocableJson,
  type ListedCommand,
} from "./describe-invocable.js";
export {
  describeSkill,
  describeSkillList,
  describeSkillSearch,
  describeSkillWinner,
  formatSize,
  type HiddenCommand,
  hiddenCommands,
  type SkillView,
  type SkillWhy,
  skillListJson,
  skillsTotal,
  skillWhyJson,
} from "./describe-skills.js";
export {
  type DiscoverSkillsOptions,
  discoverSkills,
  MAX_SKILL_BYTES,
  SkillSourceError,
  skillCopiesIn,
} from "./discover-skills.js";
export { explainSkill, type SkillCandidate, summarizeSkill } from "./explain-skill.js";
export { type ListSkillFilesOptions, listSkillFiles, type SkillFileListing } from "./list-skill-files.js";
export {
  commandAnswersTo,
  commandHiddenBy,
  type Invocable,
  type InvocableCommand,
  resolveInvocable,
} from "./resolve-invocable.js";
export { type ProjectSkillPlacesOptions, projectSkillPlaces } from "./skill-places.js";
export {
  AGENT_SKILLS_KEYS,
  type SearchedSkillPlace,
  type ShadowedSkill,
  SKILL_DIAGNOSTIC_CODES,
  type Skill,
  type SkillDiagnosticCode,
  type SkillDiscovery,
  type SkillFileEntry,
} from "./skill-types.js";
