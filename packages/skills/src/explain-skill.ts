// What `roster skills list|why` say of skills: each skill's summary, and every SKILL.md of one
// name with its outcome. Data only: the CLI prints it, as a table or JSON.
import type { Diagnostic } from "@roster/core";
import type { Skill, SkillDiscovery } from "./skill-types.js";

/** One skill as `skills list --json` gives it: identity, place, who may invoke it, how many files it has. */
export function summarizeSkill(skill: Skill) {
  return {
    name: skill.name,
    ...(skill.displayName !== undefined ? { displayName: skill.displayName } : {}),
    description: skill.description,
    provider: skill.provider,
    scope: skill.scope,
    filePath: skill.filePath,
    dir: skill.dir,
    userInvocable: skill.userInvocable,
    modelInvocable: skill.modelInvocable,
    ...(skill.argumentHint ? { argumentHint: skill.argumentHint } : {}),
    ...(skill.plugin ? { plugin: skill.plugin } : {}),
    ...(skill.ambiguous ? { ambiguous: skill.ambiguous } : {}),
    files: skill.files.length,
  };
}

/** One SKILL.md of a name and what became of it (`skills why NAME`). */
export interface SkillCandidate {
  filePath: string;
  provider: string;
  scope: string;
  /** `winner` for the one loaded, else the file's outcome (`shadowed`, `skipped`, …). */
  outcome: string;
  /** The winner that shadows it. */
  shadowedBy?: string;
  /** Why it was skipped. */
  reason?: Diagnostic;
}

/**
 * Every SKILL.md of `name` in search order, the winner marked, and the winner itself (absent
 * when no file of that name loads).
 *
 * @example explainSkill(discoverSkills(ctx, { sources }), "deploy").candidates.map((c) => c.outcome) // ["winner", "shadowed"]
 */
export function explainSkill(
  d: SkillDiscovery,
  name: string,
): { winner?: Skill; candidates: SkillCandidate[] } {
  const candidates = d.files
    .filter((f) => "name" in f && f.name === name)
    .map((f) => ({
      filePath: f.path,
      provider: f.provider,
      scope: f.scope,
      outcome: (f.outcome === "loaded" ? "winner" : f.outcome) as string,
      ...(f.outcome === "shadowed" ? { shadowedBy: f.shadowedBy } : {}),
      ...(f.outcome === "skipped" ? { reason: f.reason } : {}),
    }));
  const winner = d.skills.find((s) => s.name === name);
  // The tool picks among these at random each run (opencode): none is the winner.
  const ambiguous = new Set(winner?.ambiguous ?? []);
  for (const c of candidates) if (ambiguous.has(c.filePath)) c.outcome = "ambiguous";
  return { ...(winner ? { winner } : {}), candidates };
}
