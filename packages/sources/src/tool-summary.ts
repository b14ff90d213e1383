// After a source lands, what each target tool will load of what was written (SPEC §20): the
// agents through the same `--as` view `roster list --as TOOL` prints (SPEC §4.4), the skills
// through the same view `roster skills list --as TOOL` prints. A definition a tool would not
// load is named with the tool's own reason.
import { join } from "node:path";
import type { DiscoveryContext, ProviderRegistry } from "@roster/core";
import type { FamilyDefinition, SkillSource } from "@roster/family";
import { viewAsTool } from "@roster/profiles";
import { discoverSkills } from "@roster/skills";
import type { DefinitionKind, FileChange, LockedFile, ToolSummary } from "./types.js";

/** Options of {@link summarizeTools}. */
export interface SummarizeToolsOptions {
  /** The context the views look from: the project's folder, or the user's home. */
  ctx: DiscoveryContext;
  registry: ProviderRegistry;
  families: readonly FamilyDefinition[];
  skillSources: readonly SkillSource[];
  /** The tools written for, in order. */
  tools: readonly string[];
  /** The files written (or kept) for them, relative to `lockRoot`. */
  files: readonly LockedFile[];
  /** What a tool's writer could not write (`skip`): counted, with its reason. */
  skipped?: readonly FileChange[];
  lockRoot: string;
}

/** Per target tool and kind, how many of the definitions written it loads, and why not the rest. */
export async function summarizeTools(options: SummarizeToolsOptions): Promise<ToolSummary[]> {
  const out: ToolSummary[] = [];
  const skipped = options.skipped ?? [];
  const pathOf = (f: LockedFile) => join(options.lockRoot, ...f.path.split("/"));
  for (const tool of options.tools) {
    const family = options.families.find((f) => f.id === tool);
    if (!family) continue;
    const agents = options.files.filter((f) => f.tool === tool && f.kind === "agent");
    if (agents.length > 0 && family.profile) {
      const paths = agents.map(pathOf);
      const view = await viewAsTool(family.profile, options.ctx, {
        registry: options.registry,
        focus: { ids: new Set(agents.map((a) => a.name)), files: new Set(paths) },
        prompts: false,
      });
      const summary: ToolSummary = {
        tool,
        displayName: family.displayName,
        kind: "agent",
        total: agents.length,
        loaded: 0,
        notLoaded: [],
      };
      const byPath = new Map(view.files.map((f) => [f.filePath, f]));
      for (const [i, agent] of agents.entries()) {
        const seen = byPath.get(paths[i]!);
        if (view.refusedBy) summary.notLoaded.push({ name: agent.name, reason: view.refusedBy.reason });
        else if (seen?.outcome === "loaded") summary.loaded += 1;
        else
          summary.notLoaded.push({
            name: agent.name,
            reason:
              seen?.reason ??
              (seen?.outcome === "shadowed" && seen.shadowedBy
                ? { code: "tool/shadowed", message: `${seen.shadowedBy} comes first` }
                : {
                    code: "tool/not-read",
                    message: `${family.displayName} reads no folder holding it here`,
                  }),
          });
      }
      out.push(summary);
    }
    const skills = options.files.filter(
      (f) => f.tool === tool && f.kind === "skill" && f.path.endsWith("/SKILL.md"),
    );
    const as = family.skills?.tool;
    if (skills.length > 0 && as) {
      const view = discoverSkills(options.ctx, { sources: options.skillSources, as });
      const summary: ToolSummary = {
        tool,
        displayName: family.displayName,
        kind: "skill",
        total: skills.length,
        loaded: 0,
        notLoaded: [],
      };
      const loaded = new Set(view.skills.map((s) => s.filePath));
      const records = new Map(view.files.map((f) => [f.path, f]));
      for (const skill of skills) {
        const path = pathOf(skill);
        if (loaded.has(path)) {
          summary.loaded += 1;
          continue;
        }
        const record = records.get(path);
        summary.notLoaded.push({
          name: skill.name,
          reason:
            record?.outcome === "skipped"
              ? { code: record.reason.code, message: record.reason.message }
              : record?.outcome === "shadowed"
                ? { code: "tool/shadowed", message: `${record.shadowedBy} comes first` }
                : {
                    code: "tool/not-read",
                    message: `${family.displayName} reads no skills folder holding it here`,
                  },
        });
      }
      out.push(summary);
    }
  }
  // What a writer could not write counts for its tool too, with the writer's reason.
  for (const skip of skipped) {
    // One file of a skill folder left out is not the skill refused.
    if (
      skip.action !== "skip" ||
      (skip.kind !== "agent" && skip.kind !== "skill") ||
      skip.code === "source/unreadable"
    )
      continue;
    let summary = out.find((t) => t.tool === skip.tool && t.kind === skip.kind);
    if (!summary) {
      const family = options.families.find((f) => f.id === skip.tool);
      summary = {
        tool: skip.tool,
        displayName: family?.displayName ?? skip.tool,
        kind: skip.kind as DefinitionKind,
        total: 0,
        loaded: 0,
        notLoaded: [],
      };
      out.push(summary);
    }
    summary.total += 1;
    summary.notLoaded.push({
      name: skip.name,
      reason: { code: skip.code ?? "export/skipped", message: skip.message ?? "not written" },
    });
  }
  const order = (t: ToolSummary) => options.tools.indexOf(t.tool) * 2 + (t.kind === "agent" ? 0 : 1);
  return out.sort((a, b) => order(a) - order(b));
}
