// `doctor --as TOOL`'s rules: each file one tool's view would not load, in its terms, with the
// severity decided here (the CLI and MCP print or answer what this returns).
import type { Diagnostic, DiscoveryContext, ProviderRegistry } from "@roster/core";
import type { ToolProfile } from "@roster/family";
import {
  checkFileAsEach,
  type ToolView,
  type ToolViewFile,
  type ToolViews,
  viewAsTool,
} from "@roster/profiles";
import type { SkillDiscovery } from "@roster/skills";
import { fileTexts } from "./with-key-lines.js";

/** The severity of each reason a tool gives for not loading a file as it is; any other reason is an error. */
export const TOOL_SEVERITY: Readonly<Record<string, Diagnostic["severity"]>> = {
  "tool/shadowed": "info",
  "tool/unsettled-order": "warning",
  "tool/builtin-wins": "warning",
  "tool/untrusted": "info",
  "tool/unacknowledged": "info",
  "tool/skipped-prefix": "info",
  "tool/disabled": "info",
  "tool/config-refused": "warning",
  "tool/not-recursive": "warning",
  "tool/wrong-extension": "warning",
  "tool/symlink": "warning",
  "tool/kept-as-written": "warning",
};

/** Options of {@link findToolProblems}. */
export interface ToolProblemsOptions {
  /** The tool whose view this is. */
  profile: ToolProfile;
  /** Every tool `--as` knows (the app's), asked which of them accept a file this one rejects. */
  profiles: readonly ToolProfile[];
  /** The context the view was made in: the tool's setup notes read it. */
  ctx: DiscoveryContext;
  /** The tool's own skill discovery (SPEC §18), when it reads skills. */
  skills?: SkillDiscovery;
  /** A rejected file's text (bounded; undefined when it cannot be read): {@link fileTexts} by default. */
  textOf?: (path: string) => string | undefined;
}

/** What `doctor --as TOOL` counts. */
export interface ToolProblemsSummary {
  tool: string;
  files: number;
  agents: number;
  /** The skills the tool loads, when it has any skill file here. */
  skills?: number;
  errors: number;
  warnings: number;
}

/** What `doctor --as TOOL` found: the view, its findings and their counts. */
export interface ToolProblemsReport {
  view: ToolView;
  diagnostics: Diagnostic[];
  summary: ToolProblemsSummary;
}

/** Skill findings about the tool as a whole, not one file: shown by `doctor --as TOOL`. */
const TOOL_WIDE_SKILL_CODES: ReadonlySet<string> = new Set([
  "skill/ambiguous",
  "skill/untrusted",
  "skill/leaves-project",
]);

/**
 * Other tools that accept this file's content as it is (for "valid for Claude Code but …"):
 * those whose extensions the file has, checked by each one's rules.
 */
function acceptedBy(
  file: ToolViewFile,
  options: Pick<ToolProblemsOptions, "profile" | "profiles"> & {
    textOf: (path: string) => string | undefined;
  },
): string[] {
  const content = options.textOf(file.filePath);
  if (content === undefined) return [];
  const others = options.profiles.filter(
    (other) => other !== options.profile && other.extensions.some((e) => file.filePath.endsWith(e)),
  );
  const checks = checkFileAsEach(others, content, file.filePath, file.relativePath);
  return others.filter((_, i) => checks[i]!.ok).map((other) => other.displayName);
}

/** A SKILL.md the tool skips is an error, as an agent file it rejects is; a note (an info) stays a note. */
function skillFinding(file: SkillDiscovery["files"][number], d: Diagnostic): Diagnostic {
  const isReason = file.outcome === "skipped" && d.code === file.reason.code && d.severity === "warning";
  return isReason ? { ...d, severity: "error" } : d;
}

/**
 * Every finding of `roster doctor --as TOOL` over that tool's view: each file it would not load,
 * in its terms (with the other tools that would load it), the keys it ignores, its setup notes
 * and its skills'.
 *
 * @example findToolProblems(await views.view(profile), { profile, profiles, ctx }).summary // { tool: "gemini", errors: 1, … }
 */
export function findToolProblems(view: ToolView, options: ToolProblemsOptions): ToolProblemsReport {
  const { profile } = options;
  const textOf = options.textOf ?? fileTexts();
  const diagnostics: Diagnostic[] = [];
  for (const file of view.files) {
    if (file.outcome === "loaded") {
      if (file.ignoredKeys) {
        diagnostics.push({
          severity: "warning",
          code: "tool/ignored-key",
          message: `${view.displayName} loads it but ignores ${file.ignoredKeys.map((k) => `\`${k}\``).join(", ")} in plugin agents`,
          filePath: file.filePath,
        });
      }
      // What the tool does with a value it loads that roster's own view does otherwise.
      for (const note of file.notes ?? [])
        diagnostics.push({
          severity: TOOL_SEVERITY[note.code] ?? "warning",
          code: note.code,
          message: note.message,
          filePath: file.filePath,
          ...(note.field !== undefined ? { field: note.field } : {}),
        });
      continue;
    }
    const reason = file.reason!;
    let message = reason.message;
    if (file.outcome === "rejected" && reason.code !== "tool/no-frontmatter") {
      const others = acceptedBy(file, { profile, profiles: options.profiles, textOf });
      // The question users ask most: "valid for Claude Code, but Gemini CLI rejects it because of key `color`".
      if (others.length > 0) message = `valid for ${others.join(", ")}, but ${message}`;
    }
    // A markdown file without frontmatter is documentation for most tools (SPEC §5: an info).
    const severity =
      reason.code === "tool/no-frontmatter" && !profile.reportsNoFrontmatter
        ? "info"
        : (TOOL_SEVERITY[reason.code] ?? "error");
    diagnostics.push({
      severity,
      code: reason.code,
      message,
      filePath: file.filePath,
      ...(reason.field !== undefined ? { field: reason.field } : {}),
    });
  }
  diagnostics.push(...(profile.setupNotes?.(options.ctx) ?? []));
  // The tool's skills (SPEC §18): a SKILL.md it would not load is an error, as an agent file is.
  const skills = options.skills;
  for (const file of skills?.files ?? [])
    for (const d of file.diagnostics) diagnostics.push(skillFinding(file, d));
  // What the tool does that no one file says (issue #52): a pick that changes from run to run,
  // a trust gate on its project places, a linked skill folder that leaves the project.
  diagnostics.push(...(skills?.diagnostics ?? []).filter((d) => TOOL_WIDE_SKILL_CODES.has(d.code)));
  const summary: ToolProblemsSummary = {
    tool: view.tool,
    files: view.files.length,
    agents: view.agents.length,
    ...(skills && skills.files.length > 0 ? { skills: skills.skills.length } : {}),
    errors: diagnostics.filter((x) => x.severity === "error").length,
    warnings: diagnostics.filter((x) => x.severity === "warning").length,
  };
  return { view, diagnostics, summary };
}

/**
 * `doctor --as TOOL` from the start: the tool's view, with no prompt (doctor prints none:
 * 70,000 of them at 10,000 files and 7 tools), taken from `views` when plain `doctor` prepared
 * them before its discovery (they take its reads), and {@link findToolProblems} over it.
 */
export async function doctorAsTool(
  options: ToolProblemsOptions & { registry: ProviderRegistry; views?: ToolViews | undefined },
): Promise<ToolProblemsReport> {
  const { registry, views, ...problems } = options;
  const view = views
    ? await views.view(options.profile)
    : await viewAsTool(options.profile, options.ctx, { registry, prompts: false });
  return findToolProblems(view, problems);
}
