// One source at one commit, made ready to land: fetched (or taken from the cache), its
// definitions found and chosen, audited, written in memory for each target tool and met with
// the disk and the lock. Nothing is written here: the operations apply the changes of every
// source together.
import { basename, dirname, join } from "node:path";
import { suggestNames } from "@roster/core";
import { nodeFileSystem } from "@roster/core/provider-kit";
import type { DiskChange } from "./apply-changes.js";
import { auditSource, blockingFindings } from "./audit.js";
import { entryOf } from "./declarations.js";
import { describeChange } from "./describe-change.js";
import { SourceError, SourceUsageError } from "./errors.js";
import { fetchCommit } from "./fetch-commit.js";
import { type Found, findDefinitions, type SourceDefinitions } from "./find-definitions.js";
import { sha256 } from "./lock.js";
import {
  commandPlace,
  manifestEntryOf,
  type PlanContext,
  planChanges,
  type TargetFamily,
  type WantedFile,
  wantedFiles,
} from "./plan-files.js";
import type {
  AcceptedFinding,
  DefinitionChange,
  DefinitionKind,
  FileChange,
  Finding,
  LockedFile,
  LockedSource,
  SourceDeclaration,
  SourcesEnvironment,
} from "./types.js";

/** The tools a declaration's `to` names, as families with writers; a usage error names the choices. */
export function targetsOf(env: SourcesEnvironment, to: readonly string[]): TargetFamily[] {
  const writable = env.families.filter((f): f is TargetFamily => f.writer !== undefined);
  return [...new Set(to)].map((tool) => {
    const family = writable.find((f) => f.id === tool);
    if (!family) {
      const close = suggestNames(
        tool,
        writable.map((f) => f.id),
      );
      throw new SourceUsageError(
        `roster writes for ${writable.map((f) => f.id).join(", ")}; "${tool}" is not one of them (--to)${close.length > 0 ? `: did you mean ${close.join(", ")}?` : ""}`,
      );
    }
    return family;
  });
}

/**
 * The tools a new source is written for when `--to` is not given: those the project (or the
 * user, for `--scope user`) already uses — their agents folder is there, or the folder named
 * after the tool that holds it (`.claude`, `.opencode`) — else `fallback`.
 */
export function defaultTools(
  env: SourcesEnvironment,
  plan: PlanContext,
  fallback: readonly string[],
): string[] {
  const exists = (path: string) => {
    try {
      return nodeFileSystem.stat(path).isDirectory();
    } catch {
      return false;
    }
  };
  const used = env.families.filter((f) => {
    if (!f.writer) return false;
    const dir = f.writer.agentsDir(plan.ctx, plan.scope);
    const holder = dirname(dir);
    return exists(dir) || (basename(holder) === `.${f.id}` && exists(holder));
  });
  return used.length > 0 ? used.map((f) => f.id) : [...fallback];
}

/** A source made ready: what it found, what it holds back, and the changes it makes. */
export interface Materialized {
  findings: Finding[];
  held: Array<{ kind: DefinitionKind; name: string; codes: Finding["code"][] }>;
  changes: FileChange[];
  disk: DiskChange[];
  locked: LockedSource;
  definitionChanges: DefinitionChange[];
  fetched: boolean;
  note?: string;
}

/** Options of {@link materialize}. */
export interface MaterializeOptions {
  env: SourcesEnvironment;
  plan: PlanContext;
  declaration: SourceDeclaration;
  key: string;
  commit: string;
  /** This source as the lock pinned it, if it did. */
  previous?: LockedSource;
  /** Paths other sources pinned. */
  others: ReadonlySet<string>;
  lockRoot: string;
  /** May a definition with these raising findings be written? */
  allow: (blocking: readonly Finding[]) => boolean;
}

/** The definitions a declaration takes: all, or the kinds and names it lists (a name not there is an error). */
function select(definitions: SourceDefinitions, d: SourceDeclaration): SourceDefinitions {
  const named = d.agents !== undefined || d.skills !== undefined || d.commands !== undefined;
  const pick = <T>(
    kind: DefinitionKind,
    list: Array<Found<T>>,
    names: string[] | undefined,
  ): Array<Found<T>> => {
    if (!named) return list;
    if (names === undefined) return [];
    const known = list.map((f) => f.name);
    for (const name of names)
      if (!known.includes(name)) {
        const close = suggestNames(name, known);
        throw new SourceError(
          "source/unknown-name",
          `${d.url} has no ${kind} named "${name}"${close.length > 0 ? `; did you mean ${close.join(", ")}?` : known.length > 0 ? ` (it has ${known.length}: roster add ${d.url} lists none by name, it takes all)` : ` (it has no ${kind})`}`,
        );
      }
    return list.filter((f) => names.includes(f.name));
  };
  return {
    ...definitions,
    agents: pick("agent", definitions.agents, d.agents),
    skills: pick("skill", definitions.skills, d.skills),
    commands: pick("command", definitions.commands, d.commands),
  };
}

/** Fetches, finds, audits and plans one source at one commit. Reads only. */
export async function materialize(options: MaterializeOptions): Promise<Materialized> {
  const { env, plan, declaration, previous } = options;
  const targets = targetsOf(env, declaration.to);
  const tree = await fetchCommit({
    url: declaration.url,
    key: options.key,
    commit: options.commit,
    ...(declaration.ref !== undefined ? { ref: declaration.ref } : {}),
    cacheDir: env.cacheDir,
    ...(env.git ? { git: env.git } : {}),
  });
  try {
    const found = await findDefinitions({
      tree: tree.dir,
      fs: tree.fs,
      ...(declaration.path !== undefined ? { path: declaration.path } : {}),
      registry: env.registry,
      skillSources: env.skillSources,
      ...(env.pluginRegistry ? { pluginRegistry: env.pluginRegistry } : {}),
    });
    const chosen = select(found, declaration);
    if (chosen.agents.length + chosen.skills.length + chosen.commands.length === 0)
      throw new SourceError(
        "source/empty",
        `${declaration.url}${declaration.path ? ` (${declaration.path})` : ""} holds no agent, skill or command roster recognises${found.plugins.length === 0 ? " (no .claude/agents, agents/, skills/*/SKILL.md, plugin or marketplace)" : ""}: check the source, or give --path`,
      );
    const findings = auditSource({
      tree: tree.dir,
      fs: tree.fs,
      definitions: chosen,
      vocabularies: env.families.map((f) => f.vocabulary),
      tools: env.tools,
    }).filter(
      (f) =>
        f.kind === undefined ||
        (f.kind === "agent" ? chosen.agents : f.kind === "skill" ? chosen.skills : chosen.commands).some(
          (d) => d.name === f.name,
        ),
    );
    // Each definition: written, held back (raising, not allowed), or refused.
    const held: Materialized["held"] = [];
    const accepted: AcceptedFinding[] = [];
    const writable = <T>(kind: DefinitionKind, list: Array<Found<T>>) =>
      list.filter(({ name }) => {
        const blocking = blockingFindings(findings, kind, name);
        if (blocking.some((f) => f.level === "refused")) return false;
        if (blocking.length > 0 && !options.allow(blocking)) {
          held.push({ kind, name, codes: [...new Set(blocking.map((f) => f.code))] });
          return false;
        }
        for (const f of blocking) accepted.push({ code: f.code, kind, name, message: f.message });
        return true;
      });
    const agents = writable("agent", chosen.agents);
    const skills = writable("skill", chosen.skills);
    const commands = writable("command", chosen.commands);
    const wanted = await wantedFiles({
      ...plan,
      targets,
      agents,
      skills,
      commands,
      tools: env.tools,
      sourceFs: tree.fs,
    });
    const isHeld = (file: LockedFile) => held.some((h) => h.kind === file.kind && h.name === file.name);
    const commandDirs = new Map<string, string>();
    for (const target of targets)
      if (previous?.files.some((f) => f.kind === "command" && f.tool === target.id)) {
        const place = await commandPlace(target, plan);
        if (place) commandDirs.set(target.id, place.dir);
      }
    const planned = planChanges({
      wanted: wanted.files,
      previous: previous?.files ?? [],
      keep: isHeld,
      others: options.others,
      lockRoot: options.lockRoot,
      manifestOf: (file) => manifestEntryOf(file, env.families, plan, options.lockRoot, commandDirs),
    });
    const locked: LockedSource = {
      ...entryOf(declaration),
      commit: options.commit,
      files: planned.locked,
      ...(accepted.length > 0 ? { accepted } : {}),
    };
    return {
      findings,
      held,
      changes: [...wanted.skipped, ...planned.changes],
      disk: planned.disk,
      locked,
      definitionChanges: previous
        ? definitionChanges(
            previous.files.filter((f) => !isHeld(f)),
            wanted.files,
            options.lockRoot,
          )
        : [],
      fetched: tree.fetched,
      ...(tree.note ? { note: tree.note } : {}),
    };
  } finally {
    tree.dispose();
  }
}

/**
 * How the definitions differ from what the lock pinned: added, removed, and changed (with one
 * line from the first file of each that differs, compared with the unedited file on disk).
 */
function definitionChanges(
  previous: readonly LockedFile[],
  wanted: readonly WantedFile[],
  lockRoot: string,
): DefinitionChange[] {
  const id = (kind: DefinitionKind, name: string) => `${kind}\0${name}`;
  const before = new Map<string, LockedFile[]>();
  for (const f of previous) before.set(id(f.kind, f.name), [...(before.get(id(f.kind, f.name)) ?? []), f]);
  const after = new Map<string, WantedFile[]>();
  for (const f of wanted) after.set(id(f.kind, f.name), [...(after.get(id(f.kind, f.name)) ?? []), f]);
  const out: DefinitionChange[] = [];
  for (const [key, files] of after) {
    const [kind, name] = key.split("\0") as [DefinitionKind, string];
    const old = before.get(key);
    if (!old) {
      out.push({ change: "added", kind, name });
      continue;
    }
    const oldByPath = new Map(old.map((f) => [join(lockRoot, ...f.path.split("/")), f]));
    const differing = files.filter((f) => oldByPath.get(f.path)?.sha256 !== f.sha256);
    if (differing.length === 0 && files.length === old.length) continue;
    const first = differing[0] ?? files[0]!;
    const pinned = oldByPath.get(first.path);
    let summary =
      kind === "skill"
        ? `${differing.length || "some"} file${differing.length === 1 ? "" : "s"} changed`
        : "changed";
    if (kind !== "skill" && pinned) {
      try {
        const text = nodeFileSystem.readFile(first.path, 8 * 1024 * 1024);
        if (sha256(text) === pinned.sha256)
          summary = describeChange(text.toString("utf8"), first.content.toString());
      } catch {
        // The old file is gone: "changed" is all there is to say.
      }
    }
    out.push({ change: "changed", kind, name, summary });
  }
  for (const key of before.keys())
    if (!after.has(key)) {
      const [kind, name] = key.split("\0") as [DefinitionKind, string];
      out.push({ change: "removed", kind, name });
    }
  return out;
}
