import type { SourceProvider, ThinkingLevel } from "@roster/core";
import type { SkillSource } from "./skill-source.js";
import { CAPABILITIES, type Capability } from "./tool-names.js";
import type { AgentWriter, ToolProfile } from "./tool-profile.js";

/**
 * A tool's model rules, declared in its family's vocabulary (`vocabulary.models`): which model
 * names its `--model` and its agent files take, and in which spelling. A family without them
 * takes every name as given.
 *
 * @example
 * // Claude Code: `anthropic/claude-x` is `claude-x`; a `claude-…` id or an alias is taken.
 * { strip: ["anthropic/"], takes: [/^claude-[^/]*$/] }
 */
export interface ModelRules {
  /** Provider prefixes taken off a name first, each in turn (`anthropic/`). */
  strip?: readonly string[];
  /** The names the tool takes once stripped, each pattern matched against the whole name; the vocabulary's `modelAliases` are taken too. */
  takes: readonly RegExp[];
  /** Names the tool takes only in another spelling: one matching `match` is written with `prefix` before it (`gemini-x` → `google/gemini-x`). */
  respell?: ReadonlyArray<{ match: RegExp; prefix: string }>;
}

/**
 * A tool's own words for what roster models: the one table a family's writer and its host
 * runner both read, so that `export --to X` and `run --host X` say the same thing.
 */
export interface FamilyVocabulary {
  /** The tool's names for each capability; the first is the one written, `[]` when it has none. */
  tools: Readonly<Record<Capability, readonly string[]>>;
  /**
   * Other names the tool's agent files use for a capability (retired names, the aliases it
   * folds into one: Claude Code's `MultiEdit`, Copilot's `shell`): read as that capability by
   * every part of roster (the app's tool table), never written.
   */
  toolAliases?: Readonly<Partial<Record<Capability, readonly string[]>>>;
  /**
   * roster's thinking levels in the tool's words (Claude Code's `effort`, Codex's
   * `model_reasoning_effort`); a level absent here is one the tool cannot be told.
   */
  effort: Readonly<Partial<Record<ThinkingLevel, string>>>;
  /**
   * roster's permission modes in the tool's words: Claude Code's own modes as they are, Codex's
   * sandbox for each (`acceptEdits` → `workspace-write`); a mode absent here is one the tool lacks.
   */
  permissionModes: Readonly<Record<string, string>>;
  /** Model names the tool takes besides full model ids (`opus`, `flash`). */
  modelAliases: readonly string[];
  /** Which model names the tool takes and how it spells them; absent: every name as given. */
  models?: ModelRules;
  /** Every built-in tool name the tool has, where an allow-list is written as "deny the rest" (Gemini CLI). */
  builtInTools?: readonly string[];
  /**
   * Settings of the tool's own agent files that raise a permission, by key, with the values
   * that do (Codex's `sandbox_mode`, `approval_policy`); roster's `permissionMode` is judged by
   * `raisesPermission` whatever the tool.
   */
  raisingSettings?: Readonly<Record<string, readonly string[]>>;
}

/** What a family's host slot holds at least; `@roster/hosts` defines the full shape. */
export interface FamilyHost {
  readonly id: string;
  readonly displayName: string;
}

/**
 * A source family as one value: where its agents live (provider), how its tool loads them
 * (profile), how roster writes for it (writer), how roster runs an agent on it (host), and
 * the words its tool uses (vocabulary). Only `provider` and `vocabulary` are required.
 */
export interface FamilyDefinition<Host extends FamilyHost = FamilyHost> {
  /** The family's id: its provider's id, and the `--as`, `--to` and `--host` value of its parts. */
  id: string;
  /** A human name: "Claude Code". */
  displayName: string;
  provider: SourceProvider;
  /** The tool's own loading rules (`--as`). */
  profile?: ToolProfile;
  /** What `export` and `sync --to <id>` write. */
  writer?: AgentWriter;
  /** The agent host `run --host auto` picks for the family's agents (Claude Code plugins run on Claude Code). */
  host?: Host;
  vocabulary: FamilyVocabulary;
  /** Where and how the tool reads Agent Skills (SPEC §18); absent for a tool without skills. */
  skills?: SkillSource;
  /**
   * `"post"`: the family goes after every other one, a config's families included (as a vite
   * plugin's `enforce`): Claude Code plugins and roster's bundled agents. Absent: in list order.
   */
  enforce?: "post";
}

/** Thrown by {@link defineFamily} for a family that is not well formed; the message says the fix. */
export class FamilyDefinitionError extends TypeError {
  override name = "FamilyDefinitionError";
}

/**
 * Declares a source family: checks that its parts agree (one id across provider, profile and
 * writer; a vocabulary with every capability) and returns it frozen.
 *
 * @example
 * export const teamFamily = defineFamily({ id: "team", displayName: "Team folder",
 *   provider: teamProvider, profile: teamProfile, writer: teamWriter, vocabulary: ROSTER_VOCABULARY });
 */
export function defineFamily<Host extends FamilyHost = FamilyHost>(
  family: FamilyDefinition<Host>,
): FamilyDefinition<Host> {
  const problem = familyProblem(family);
  if (problem) throw new FamilyDefinitionError(problem);
  return Object.freeze({ ...family });
}

/** Why `value` is not a family, or undefined when it is one (what {@link defineFamily} checks). */
export function familyProblem(value: unknown): string | undefined {
  if (typeof value !== "object" || value === null)
    return "a family is an object made with defineFamily({ … })";
  const f = value as Partial<FamilyDefinition>;
  if (typeof f.id !== "string" || !/^[a-z][a-z0-9_-]*$/.test(f.id))
    return `a family needs an "id" of lower-case letters, digits, "-" or "_" (got ${JSON.stringify(f.id)})`;
  const who = `family "${f.id}"`;
  if (typeof f.displayName !== "string" || f.displayName.trim() === "")
    return `${who} needs a "displayName" ("Team folder")`;
  const p = f.provider;
  if (typeof p !== "object" || p === null || (typeof p.locate !== "function" && typeof p.load !== "function"))
    return `${who} needs a "provider" made with defineProvider({ id: "${f.id}", locate })`;
  if (p.id !== f.id) return `${who} has provider "${p.id}": give the provider the family's id ("${f.id}")`;
  if (f.profile !== undefined && f.profile.tool !== f.id)
    return `${who} has a profile for "${f.profile.tool}": set the profile's tool to "${f.id}"`;
  if (f.writer !== undefined && f.writer.tool !== f.id)
    return `${who} has a writer for "${f.writer.tool}": set the writer's tool to "${f.id}"`;
  if (f.skills !== undefined && f.skills.id !== f.id)
    return `${who} has skills of "${f.skills.id}": give its skill source the family's id ("${f.id}")`;
  if (f.enforce !== undefined && f.enforce !== "post")
    return `${who} has enforce ${JSON.stringify(f.enforce)}: give "post" (after every other family) or leave it out`;
  const v = f.vocabulary;
  if (typeof v !== "object" || v === null || typeof v.tools !== "object" || v.tools === null)
    return `${who} needs a "vocabulary" ({ tools, effort, permissionModes, modelAliases }; ROSTER_VOCABULARY when its tool speaks roster's words)`;
  const missing = CAPABILITIES.filter((c) => !Array.isArray(v.tools[c]));
  if (missing.length > 0)
    return `${who}'s vocabulary has no tool names for ${missing.join(", ")}: give [] for a capability its tool lacks`;
  const aliases = v.toolAliases as Readonly<Record<string, unknown>> | undefined;
  const badAlias =
    aliases === undefined
      ? undefined
      : typeof aliases !== "object" || aliases === null
        ? "toolAliases"
        : Object.keys(aliases).find(
            (k) =>
              !(CAPABILITIES as readonly string[]).includes(k) ||
              !Array.isArray(aliases[k]) ||
              !(aliases[k] as unknown[]).every((n) => typeof n === "string"),
          );
  if (badAlias !== undefined)
    return `${who}'s vocabulary has "toolAliases" with ${JSON.stringify(badAlias)}: give { capability: ["name", …] } for capabilities among ${CAPABILITIES.join(", ")}`;
  if (typeof v.effort !== "object" || typeof v.permissionModes !== "object" || !Array.isArray(v.modelAliases))
    return `${who}'s vocabulary needs "effort" and "permissionModes" (objects) and "modelAliases" (an array)`;
  if (v.models !== undefined && modelRulesProblem(v.models))
    return `${who}'s vocabulary has "models" ${modelRulesProblem(v.models)}`;
  return undefined;
}

/** What is wrong with a vocabulary's `models`, or undefined when they are model rules. */
function modelRulesProblem(models: unknown): string | undefined {
  const m = models as Partial<ModelRules> | null;
  const shape =
    'write them as { strip?: ["vendor/"], takes: [/^name-/], respell?: [{ match: /^x-/, prefix: "vendor/" }] }';
  if (
    typeof m !== "object" ||
    m === null ||
    !Array.isArray(m.takes) ||
    !m.takes.every((p) => p instanceof RegExp)
  )
    return `without "takes" (a list of RegExp): ${shape}`;
  if (m.strip !== undefined && (!Array.isArray(m.strip) || !m.strip.every((p) => typeof p === "string")))
    return `whose "strip" is not a list of strings: ${shape}`;
  const respell = m.respell as unknown;
  if (
    respell !== undefined &&
    (!Array.isArray(respell) ||
      !respell.every((r) => r?.match instanceof RegExp && typeof r?.prefix === "string"))
  )
    return `whose "respell" is not a list of { match: RegExp, prefix: string }: ${shape}`;
  return undefined;
}

/**
 * roster's own words: canonical tool names, thinking levels and permission modes as roster
 * writes them (xcsh agents, bundled agents, a team folder that speaks roster).
 */
export const ROSTER_VOCABULARY: FamilyVocabulary = Object.freeze({
  tools: Object.fromEntries(CAPABILITIES.map((c) => [c, [c]])) as unknown as Record<
    Capability,
    readonly string[]
  >,
  effort: { off: "off", minimal: "minimal", low: "low", medium: "medium", high: "high", xhigh: "xhigh" },
  permissionModes: {
    default: "default",
    acceptEdits: "acceptEdits",
    plan: "plan",
    bypassPermissions: "bypassPermissions",
  },
  modelAliases: [],
});
