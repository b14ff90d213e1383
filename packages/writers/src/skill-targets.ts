// `export|sync --skills --to TOOLS [--scope S]`: the skill sources copied for, and the scope
// asked. A mistake is a SkillTargetError, which the caller says as a usage error (exit 2).
import type { SkillSource } from "@roster/family";

/** A `--to` or `--scope` of a skills copy that cannot be used; `unknown` when the value is not one of a list. */
export class SkillTargetError extends Error {
  override readonly name = "SkillTargetError";
  /** The value that is not one of the known ones, and the flag that took it. */
  readonly unknown: { kind: string; flag: string; wanted: string; known: readonly string[] } | undefined;
  constructor(message: string, unknown?: SkillTargetError["unknown"]) {
    super(message);
    this.unknown = unknown;
  }
}

/** The skill sources `--to tool,tool` names, in the order asked; a missing or unknown tool is a {@link SkillTargetError}. */
export function skillTargetsOf(sources: readonly SkillSource[], to: string | undefined): SkillSource[] {
  const tools = sources.flatMap((s) => (s.tool ? [s.tool] : []));
  if (!to) throw new SkillTargetError(`--to names the tool to copy for (${tools.join(", ")})`);
  return to.split(",").map((tool) => {
    const source = sources.find((s) => s.tool === tool.trim());
    if (!source) {
      const wanted = tool.trim();
      throw new SkillTargetError(`unknown tool ${JSON.stringify(wanted)} for --to`, {
        kind: "tool",
        flag: "--to",
        wanted,
        known: tools,
      });
    }
    return source;
  });
}

/** `--scope` of a skills copy: `project`, `user`, or not given; anything else is a {@link SkillTargetError}. */
export function skillScopeOf(scope: string | undefined): "project" | "user" | undefined {
  if (scope === undefined) return undefined;
  if (scope === "project" || scope === "user") return scope;
  throw new SkillTargetError(`unknown scope ${JSON.stringify(scope)} for --scope`, {
    kind: "scope",
    flag: "--scope",
    wanted: scope,
    known: ["project", "user"],
  });
}
