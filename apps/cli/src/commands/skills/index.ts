import { resolve } from "node:path";
import { discoverCommands } from "@roster/commands";
import { skillRulesOf, skillToolsOf } from "@roster/family";
import {
  commandHiddenBy,
  describeSkill,
  describeSkillList,
  describeSkillSearch,
  describeSkillWinner,
  discoverSkills,
  explainSkill,
  type Skill,
  type SkillDiscovery,
  skillListJson,
  skillWhyJson,
} from "@roster/skills";
import { pinnedPaths } from "@roster/sources";
import {
  describeSkillCopies,
  exportSkillFolder,
  type SkillCopy,
  SkillTargetError,
  skillCopyFails,
  skillScopeOf,
  skillTargetsOf,
  syncSkillFolders,
} from "@roster/writers";
import type { App } from "../../context.js";
import { FindingError, UsageError } from "../../errors.js";
import { printJson, printNames } from "../../output.js";
import { unknownName, unknownValue } from "../../unknown-name.js";

/** Flags of `roster skills list|show|why`. */
export interface SkillFlags {
  as?: string;
  names?: boolean;
}

/** One discovery of skills: the merged view, or one tool's with `--as`. */
export function skillDiscovery(app: App, as?: string): SkillDiscovery {
  const tools = skillToolsOf(app.families);
  if (as !== undefined && !tools.includes(as)) throw unknownValue("tool", "--as", as, tools);
  const sources = app.families.skillSources;
  return discoverSkills(app.ctx, as === undefined ? { sources } : { sources, as });
}

/** `roster skills list [--as TOOL] [--names]`. */
export async function listSkills(app: App, flags: SkillFlags = {}): Promise<number> {
  const d = skillDiscovery(app, flags.as);
  const o = app.output;
  if (flags.names) {
    printNames(
      o,
      d.skills.map((skill) => skill.name),
    );
    return 0;
  }
  if (o.json) printJson(o, skillListJson(d));
  else for (const text of describeSkillList(o, d)) o.out(text);
  return 0;
}

function find(d: SkillDiscovery, name: string): Skill {
  const skill = d.skills.find((s) => s.name === name);
  if (skill) return skill;
  throw unknownName(
    "skill",
    name,
    d.skills.map((s) => s.name),
  );
}

/** `roster skills show NAME [--as TOOL]`: the skill, its fields, its files (listed) and its instructions. */
export async function showSkill(app: App, name: string, flags: SkillFlags = {}): Promise<number> {
  const d = skillDiscovery(app, flags.as);
  const skill = find(d, name);
  const o = app.output;
  if (o.json) {
    printJson(o, { ...skill, ...(d.as ? { as: d.as } : {}) });
    return 0;
  }
  for (const text of describeSkill(o, skill)) o.out(text);
  return 0;
}

/** `roster skills why NAME [--as TOOL]`: every place searched, every `SKILL.md` of NAME, the winner. */
export async function whySkill(app: App, name: string, flags: SkillFlags = {}): Promise<number> {
  const d = skillDiscovery(app, flags.as);
  const o = app.output;
  const { winner, candidates } = explainSkill(d, name);
  // What the skill hides from its tool: the command file of that name it answers before.
  const commands = winner ? await discoverCommands(app.registry, app.ctx, { cache: app.cache }) : undefined;
  const hidden =
    winner && commands
      ? commandHiddenBy(commands.commands, winner, (id) => skillRulesOf(app.families, id))
      : undefined;
  const why = { d, name, winner, candidates, hidden };
  if (o.json) {
    if (!winner) {
      const unknown = unknownName(
        "skill",
        name,
        d.skills.map((s) => s.name),
      );
      printJson(o, { ...skillWhyJson(why), error: unknown.message, code: unknown.details.code });
      o.err(`roster: ${unknown.message}`);
      return 1;
    }
    printJson(o, skillWhyJson(why));
    return 0;
  }
  if (candidates.length === 0) find(d, name);
  for (const text of describeSkillSearch(o, why)) o.out(text);
  if (!winner) {
    o.out("");
    find(d, name);
    return 1;
  }
  for (const text of describeSkillWinner(o, why)) o.out(text);
  return 0;
}

/** Flags of `export --skills` and `sync --skills`. */
export interface SkillCopyFlags {
  to?: string;
  scope?: string;
  out?: string;
  dryRun?: boolean;
  /** `sync --skills --strict`: a conflict (a person's folder in the way) fails the run too. */
  strict?: boolean;
}

/** Runs a check of `--to`/`--scope` (@roster/writers), saying a mistake as a usage error. */
function skillTargetUsage<T>(step: () => T): T {
  try {
    return step();
  } catch (error) {
    if (!(error instanceof SkillTargetError)) throw error;
    const u = error.unknown;
    throw u ? unknownValue(u.kind, u.flag, u.wanted, u.known) : new UsageError(error.message);
  }
}

function printCopies(app: App, copies: readonly SkillCopy[]): void {
  for (const text of describeSkillCopies(app.output, copies)) app.output.out(text);
}

/** `roster export NAME --skills --to TOOL [--scope] [--out DIR]`: copies one skill folder. */
export async function exportSkill(app: App, name: string, flags: SkillCopyFlags): Promise<number> {
  const targets = skillTargetUsage(() => skillTargetsOf(app.families.skillSources, flags.to));
  if (targets.length !== 1) throw new UsageError("export writes for one tool; roster sync takes a list");
  const d = skillDiscovery(app);
  const skill = find(d, name);
  const target = targets[0]!;
  const copy = exportSkillFolder({
    ctx: app.ctx,
    skill,
    target,
    sources: app.families.skillSources,
    scope: skillTargetUsage(() => skillScopeOf(flags.scope)),
    outDir: flags.out ? resolve(app.ctx.cwd, flags.out) : undefined,
    pinned: flags.out ? new Set() : pinnedPaths(app.ctx).paths,
    dryRun: flags.dryRun,
  });
  if (app.output.json) printJson(app.output, copy);
  else printCopies(app, [copy]);
  if (copy.error)
    throw new FindingError(`cannot copy "${name}" for ${target.displayName}: ${copy.error.message}`);
  return 0;
}

/**
 * `roster sync --skills --to TOOLS [--scope] [--dry-run]`: copies every skill (project skills
 * into project folders, personal ones into user folders; plugin skills and a tool's own
 * skills stay where they are) for each tool.
 */
export async function syncSkills(app: App, flags: SkillCopyFlags): Promise<number> {
  const targets = skillTargetUsage(() => skillTargetsOf(app.families.skillSources, flags.to));
  const only = skillTargetUsage(() => skillScopeOf(flags.scope));
  const copies = syncSkillFolders({
    ctx: app.ctx,
    skills: skillDiscovery(app),
    targets,
    sources: app.families.skillSources,
    only,
    pinned: pinnedPaths(app.ctx).paths,
    dryRun: flags.dryRun,
  });
  if (app.output.json) printJson(app.output, { dryRun: flags.dryRun === true, copies });
  else printCopies(app, copies);
  // A conflict is reported and kept, as `sync` keeps a person's agent file; --strict fails on it.
  return copies.some((c) => skillCopyFails(c, { strict: flags.strict === true })) ? 1 : 0;
}
