import type { SourceProvider } from "@roster/core";
import {
  type FamilyDefinition,
  FamilyDefinitionError,
  type FamilyHost,
  familyProblem,
} from "./define-family.js";
import type { SkillSource } from "./skill-source.js";
import type { ToolTable } from "./tool-names.js";
import type { AgentWriter, ToolProfile } from "./tool-profile.js";
import { toolTable } from "./tool-table.js";

/** A family of a set that runs on a host of its own (the host bears the family's id). */
export type HostedFamily<Host extends FamilyHost = FamilyHost> = FamilyDefinition<Host> & { host: Host };

/**
 * The app's families as one value (SPEC §4, §14): checked, in precedence order, frozen. Every
 * part of the app reads its families' parts here, so a config's family gets all a built-in has.
 */
export interface FamilySet<Host extends FamilyHost = FamilyHost> {
  /** Every family, highest precedence first. */
  readonly families: readonly FamilyDefinition<Host>[];
  /** Their providers, in the same order: what the registry holds. */
  readonly providers: readonly SourceProvider[];
  /** The tool profiles of the families that have one: what `--as` takes. */
  readonly profiles: readonly ToolProfile[];
  /** The writers of the families that have one: what `--to` takes. */
  readonly writers: readonly AgentWriter[];
  /** The skill sources of the families that have one: the merged view of skills reads them in this order. */
  readonly skillSources: readonly SkillSource[];
  /** The families that run on a host of their own, each host once: what `--host` takes. */
  readonly hosts: readonly HostedFamily<Host>[];
  /**
   * Every tool name of the families' vocabularies, as one table built once (a config family's
   * too): what each name stands for, which are read-only, which a list pre-approves beyond reading.
   */
  readonly tools: ToolTable;
  /** The families' ids, in order. */
  ids(): string[];
  /** The family of this id, if the set has one. */
  get(id: string): FamilyDefinition<Host> | undefined;
}

/**
 * Checks `families` (each as {@link familyProblem} does; two of one id are refused) and holds
 * them in precedence order: the list's order, except that a family with `enforce: "post"` goes
 * after every other one (a config's families come before Claude Code plugins and bundled agents).
 * Throws a {@link FamilyDefinitionError} that says the fix.
 *
 * @example
 * const set = createFamilySet([...builtInFamilies, teamFamily]);
 * set.ids(); // → ["xcsh", "claude", …, "cursor", "team", "plugins", "bundled"]
 */
export function createFamilySet<Host extends FamilyHost = FamilyHost>(
  families: readonly FamilyDefinition<Host>[],
): FamilySet<Host> {
  const seen = new Set<string>();
  for (const [index, family] of families.entries()) {
    const problem = familyProblem(family);
    if (problem) throw new FamilyDefinitionError(`family ${index + 1} of the set: ${problem}`);
    if (seen.has(family.id))
      throw new FamilyDefinitionError(
        `two families have the id "${family.id}": give one of them another id (each id names one family's --as, --to and --host)`,
      );
    seen.add(family.id);
  }
  const ordered = Object.freeze([
    ...families.filter((f) => f.enforce !== "post"),
    ...families.filter((f) => f.enforce === "post"),
  ]);
  const parts = <T>(pick: (family: FamilyDefinition<Host>) => T | undefined): readonly T[] =>
    Object.freeze(
      ordered.flatMap((family) => {
        const part = pick(family);
        return part === undefined ? [] : [part];
      }),
    );
  const byId = new Map(ordered.map((family) => [family.id, family]));
  return Object.freeze({
    families: ordered,
    providers: parts((f) => f.provider),
    profiles: parts((f) => f.profile),
    writers: parts((f) => f.writer),
    skillSources: parts((f) => f.skills),
    // A family runs on its own host when the host bears its id (plugins share Claude Code's).
    hosts: parts((f) => (f.host !== undefined && f.host.id === f.id ? (f as HostedFamily<Host>) : undefined)),
    tools: toolTable(ordered.map((family) => family.vocabulary)),
    ids: () => ordered.map((family) => family.id),
    get: (id: string) => byId.get(id),
  });
}
