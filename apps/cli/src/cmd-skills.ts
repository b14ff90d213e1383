import { resolve, sep } from "node:path";
import type { SkillSource } from "@roster/family";
import { discoverSkills, type Skill, type SkillDiscovery } from "@roster/skills";
import { pinnedPaths } from "@roster/sources";
import { copySkill, type SkillCopy } from "@roster/writers";
import type { App } from "./context.js";
import { FindingError, UsageError } from "./errors.js";
import {
  Block,
  count,
  descriptionLine,
  fieldPrinter,
  headedTable,
  line,
  oneLine,
  paint,
  printJson,
  printNames,
  showPath,
} from "./output.js";
import { skillToolsOf } from "./skill-sources.js";
import { unknownName, unknownValue } from "./unknown-name.js";

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

/** The `skills list --json` view of one skill. */
export function skillSummary(skill: Skill) {
  return {
    name: skill.name,
    description: skill.description,
    provider: skill.provider,
    scope: skill.scope,
    filePath: skill.filePath,
    dir: skill.dir,
    userInvocable: skill.userInvocable,
    modelInvocable: skill.modelInvocable,
    ...(skill.argumentHint ? { argumentHint: skill.argumentHint } : {}),
    ...(skill.plugin ? { plugin: skill.plugin } : {}),
    files: skill.files.length,
  };
}

function total(d: SkillDiscovery): string {
  const as = d.as ? ` for ${d.as}` : "";
  const shadowed = d.shadowed.length ? `, ${d.shadowed.length} shadowed` : "";
  const problems = d.diagnostics.filter((x) => x.severity !== "info").length;
  const notes = problems ? `, ${count(problems, "problem")} reading skill files (roster doctor)` : "";
  return `${count(d.skills.length, "skill")}${as}${shadowed}${notes}`;
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
  if (o.json) {
    printJson(o, {
      ...(d.as ? { as: d.as } : {}),
      skills: d.skills.map(skillSummary),
      shadowed: d.shadowed.map(({ skill, shadowedBy }) => ({
        name: skill.name,
        provider: skill.provider,
        scope: skill.scope,
        filePath: skill.filePath,
        shadowedBy,
      })),
      diagnostics: d.diagnostics,
    });
    return 0;
  }
  const rows = d.skills.map((s) => [
    paint(o, "bold", s.userInvocable ? `/${s.name}` : s.name),
    s.scope,
    s.provider,
    showPath(o, s.dir),
    descriptionLine(s.description),
  ]);
  if (rows.length > 0) {
    o.out(
      headedTable(o, ["NAME", "SCOPE", "PROVIDER", "FOLDER", "DESCRIPTION"], rows, {
        keepEnd: [3],
        drop: [3, 2],
        grow: 4,
      }),
    );
    o.out("");
  }
  o.out(paint(o, "dim", total(d)));
  if (d.skills.some((s) => s.userInvocable)) o.out(paint(o, "dim", "/name: the skill answers that command"));
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

function size(bytes: number | undefined): string {
  if (bytes === undefined) return "";
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
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
  o.out(line`${paint(o, "bold", skill.name)} — ${skill.description || "(no description)"}`);
  o.out(paint(o, "dim", `${skill.provider}, ${skill.scope}, ${showPath(o, skill.dir)}`));
  const field = fieldPrinter(o, 16);
  field("invocable", skill.userInvocable ? `/${skill.name}` : "no (the model uses it)");
  if (!skill.modelInvocable) field("model", "never calls it on its own (disable-model-invocation)");
  field("argument-hint", skill.argumentHint);
  field("allowed-tools", skill.allowedTools);
  field("license", skill.license);
  field("compatibility", skill.compatibility);
  field("metadata", skill.metadata);
  const other = skill.keys.filter(
    (k) =>
      ![
        "name",
        "description",
        "argument-hint",
        "allowed-tools",
        "license",
        "compatibility",
        "metadata",
      ].includes(k),
  );
  for (const key of other) field(key, skill.fields[key]);
  o.out("");
  o.out(paint(o, "bold", `Files (${skill.files.length}${skill.filesTruncated ? ", more not listed" : ""}):`));
  const rows = skill.files.map((f) => [
    f.kind === "folder" ? `${f.path}/` : f.path,
    f.kind === "symlink" ? `link (${f.target})` : f.kind,
    size(f.size),
  ]);
  o.out(headedTable(o, ["PATH", "KIND", "SIZE"], rows, { keepEnd: [0] }));
  o.out(line`\n${new Block(skill.body)}`);
  return 0;
}

/** `roster skills why NAME [--as TOOL]`: every place searched, every `SKILL.md` of NAME, the winner. */
export async function whySkill(app: App, name: string, flags: SkillFlags = {}): Promise<number> {
  const d = skillDiscovery(app, flags.as);
  const o = app.output;
  const candidates = d.files
    .filter((f) => "name" in f && f.name === name)
    .map((f) => ({
      filePath: f.path,
      provider: f.provider,
      scope: f.scope,
      outcome: f.outcome === "loaded" ? "winner" : f.outcome,
      ...(f.outcome === "shadowed" ? { shadowedBy: f.shadowedBy } : {}),
      ...(f.outcome === "skipped" ? { reason: f.reason } : {}),
    }));
  const winner = d.skills.find((s) => s.name === name);
  if (o.json) {
    const report = {
      name,
      ...(d.as ? { as: d.as } : {}),
      winner: winner ? skillSummary(winner) : null,
      candidates,
      searched: d.searched,
    };
    if (!winner) {
      const unknown = unknownName(
        "skill",
        name,
        d.skills.map((s) => s.name),
      );
      printJson(o, { ...report, error: unknown.message, code: unknown.details.code });
      o.err(`roster: ${unknown.message}`);
      return 1;
    }
    printJson(o, report);
    return 0;
  }
  if (candidates.length === 0) find(d, name);
  o.out(paint(o, "bold", "Searched, in order:"));
  o.out(
    headedTable(
      o,
      ["#", "SCOPE", "PROVIDER", "FOLDER", "STATUS"],
      d.searched.map((s, i) => [String(i + 1), s.scope, s.provider, showPath(o, s.dir), s.status]),
      { keepEnd: [3] },
    ),
  );
  o.out("");
  const mark: Record<string, ReturnType<typeof paint>> = {
    winner: paint(o, "green", "winner"),
    shadowed: paint(o, "yellow", "shadowed"),
    skipped: paint(o, "red", "skipped"),
  };
  o.out(paint(o, "bold", `Every SKILL.md named ${name}:`));
  o.out(
    headedTable(
      o,
      ["OUTCOME", "PROVIDER", "FILE"],
      candidates.map((c) => [
        mark[c.outcome] ?? c.outcome,
        c.provider,
        c.reason
          ? `${showPath(o, c.filePath)} (${c.reason.code}: ${oneLine(c.reason.message)})`
          : showPath(o, c.filePath),
      ]),
      { keepEnd: [2] },
    ),
  );
  if (!winner) {
    o.out("");
    find(d, name);
    return 1;
  }
  const as = d.as ? ` for ${d.as}` : "";
  o.out(
    line`\n${paint(o, "bold", name)} resolves${as} to ${showPath(o, winner.filePath)} (${winner.provider}, ${winner.scope})`,
  );
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

function targetsOf(app: App, to: string | undefined): SkillSource[] {
  const tools = skillToolsOf(app.families);
  if (!to) throw new UsageError(`--to names the tool to copy for (${tools.join(", ")})`);
  return to.split(",").map((tool) => {
    const source = app.families.skillSources.find((s) => s.tool === tool.trim());
    if (!source) throw unknownValue("tool", "--to", tool.trim(), tools);
    return source;
  });
}

function scopeFlag(scope: string | undefined): "project" | "user" | undefined {
  if (scope === undefined) return undefined;
  if (scope === "project" || scope === "user") return scope;
  throw unknownValue("scope", "--scope", scope, ["project", "user"]);
}

/**
 * `copySkill`, unless a source wrote into that skill folder (roster.lock): then a conflict,
 * nothing written (SPEC §20: a source's files are its own).
 */
function copyUnlessPinned(options: Parameters<typeof copySkill>[0], pinned: ReadonlySet<string>): SkillCopy {
  const planned = copySkill({ ...options, dryRun: true });
  const inside = planned.dir !== "" && [...pinned].some((path) => path.startsWith(`${planned.dir}${sep}`));
  if (!inside) return options.dryRun ? planned : copySkill(options);
  return {
    ...planned,
    action: "conflict",
    files: [],
    error: { code: "sync/conflict", message: "a source wrote this skill folder (roster.lock); left to it" },
  };
}

function printCopies(app: App, copies: readonly SkillCopy[]): void {
  const o = app.output;
  const rows = copies.map((c) => [
    c.error ? paint(o, c.action === "conflict" ? "yellow" : "red", c.action) : paint(o, "green", c.action),
    c.skill,
    c.tool,
    showPath(o, c.dir),
    c.error
      ? `${c.error.code}: ${c.error.message}`
      : c.loadsAs
        ? `loads as ${c.loadsAs}; ${count(c.files.filter((f) => f.action === "copied").length, "file")}`
        : count(c.files.filter((f) => f.action === "copied").length, "file"),
  ]);
  o.out(
    headedTable(o, ["ACTION", "SKILL", "TOOL", "FOLDER", "RESULT"], rows, {
      keepEnd: [3],
      drop: [2],
      grow: 4,
    }),
  );
  for (const c of copies)
    for (const f of c.files.filter((x) => x.action === "skipped"))
      o.out(paint(o, "dim", `  ${c.skill}: ${f.path} not copied (${f.reason})`));
}

/** `roster export NAME --skills --to TOOL [--scope] [--out DIR]`: copies one skill folder. */
export async function exportSkill(app: App, name: string, flags: SkillCopyFlags): Promise<number> {
  const targets = targetsOf(app, flags.to);
  if (targets.length !== 1) throw new UsageError("export writes for one tool; roster sync takes a list");
  const d = skillDiscovery(app);
  const skill = find(d, name);
  const target = targets[0]!;
  const scope = scopeFlag(flags.scope) ?? (skill.scope === "project" ? "project" : "user");
  const copy = copyUnlessPinned(
    {
      ctx: app.ctx,
      skill,
      target,
      scope,
      sources: app.families.skillSources,
      ...(flags.out ? { outDir: resolve(app.ctx.cwd, flags.out) } : {}),
      ...(flags.dryRun ? { dryRun: true } : {}),
    },
    flags.out ? new Set() : pinnedPaths(app.ctx).paths,
  );
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
  const targets = targetsOf(app, flags.to);
  const only = scopeFlag(flags.scope);
  const d = skillDiscovery(app);
  const pinned = pinnedPaths(app.ctx).paths;
  const copies: SkillCopy[] = [];
  for (const target of targets) {
    const own = discoverSkills(app.ctx, { sources: app.families.skillSources, as: target.tool! });
    const native = new Set(own.skills.map((s) => s.filePath));
    for (const skill of d.skills) {
      if (skill.plugin || native.has(skill.filePath)) continue;
      const scope = skill.scope === "project" ? "project" : "user";
      if (only && scope !== only) continue;
      copies.push(
        copyUnlessPinned(
          {
            ctx: app.ctx,
            skill,
            target,
            scope,
            sources: app.families.skillSources,
            ...(flags.dryRun ? { dryRun: true } : {}),
          },
          pinned,
        ),
      );
    }
  }
  if (app.output.json) printJson(app.output, { dryRun: flags.dryRun === true, copies });
  else if (copies.length === 0)
    app.output.out("nothing to copy: every skill is already where each tool reads it");
  else printCopies(app, copies);
  // A conflict is reported and kept, as `sync` keeps a person's agent file; --strict fails on it.
  const fails = (c: SkillCopy) =>
    c.action === "failed" || c.action === "refused" || (flags.strict === true && c.action === "conflict");
  return copies.some(fails) ? 1 : 0;
}
