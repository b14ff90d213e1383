import { type AgentWriter, slugName } from "@roster/family";

export { slugName };

const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._@+-]*$/;

/**
 * Why a name cannot become a file path (SPEC §9: names never build a path unchecked), or
 * `undefined`. Segments are letters, digits, `_`, `.`, `-`, `@`, `+`, not starting with
 * `.` or `-`; `/` only where the tool names agents by path.
 */
export function exportNameProblem(name: string, folders: boolean): string | undefined {
  const segments = name.split("/");
  if (!folders && segments.length > 1) return `contains "/" and this tool names agents by a single file`;
  if (segments.some((s) => !SEGMENT.test(s) || s.includes(".."))) {
    return "is not a safe file name (letters, digits, _ . - @ + only, not starting with . or -)";
  }
  return undefined;
}

/** Why a tool will not take a file of this name: not a safe file name, or against its name rules. */
export interface NameRefusal {
  code: "export/unsafe-name" | "export/bad-name";
  message: string;
}

/**
 * Why `writer` cannot write an agent under `name` (SPEC §9: a name never builds a path
 * unchecked; the tool's own name rules), or `undefined`. What {@link exportAgent} refuses
 * first, and what {@link renameFor} asks of a slug.
 */
export function nameRefusal(writer: AgentWriter, name: string): NameRefusal | undefined {
  const unsafe = exportNameProblem(name, writer.folders);
  if (unsafe) return { code: "export/unsafe-name", message: `agent name ${JSON.stringify(name)} ${unsafe}` };
  const bad = writer.profile?.nameProblem?.(name);
  if (bad)
    return {
      code: "export/bad-name",
      message: `${writer.displayName} does not accept the name ${JSON.stringify(name)}: it ${bad}`,
    };
  return undefined;
}

/** A name a tool refuses, and the one it is written under instead. */
export interface SlugRename {
  /** The name written. */
  name: string;
  /** Why: the tool's refusal of the agent's own name, and what it is written as. */
  reason: string;
}

/**
 * The name to write an agent under for a tool that refuses its own (Gemini CLI takes only
 * slugs: `CSharpExpert` → `csharp-expert`): its {@link slugName}, when the tool takes that.
 * `undefined` when the tool takes the name as it is, or takes no slug of it either (then
 * the export is refused with the refusal's code).
 */
export function renameFor(writer: AgentWriter, name: string): SlugRename | undefined {
  const refused = nameRefusal(writer, name);
  if (!refused) return undefined;
  const slug = slugName(name);
  if (slug === "" || slug === name || nameRefusal(writer, slug)) return undefined;
  return { name: slug, reason: `${refused.message}; written as ${slug}` };
}
