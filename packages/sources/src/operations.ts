// The commands of SPEC §20 as functions: add, install, update, outdated, remove and the list of
// sources. Each reads the scope's config and lock, works out every change in memory, and lands
// them together (applyChanges: all or nothing, the lock last); each returns a report the CLI
// prints. A problem that ends one is a SourceError naming the source and the fix.
import { dirname, join } from "node:path";
import { nodeFileSystem } from "@roster/core/provider-kit";
import { applyChanges, type DiskChange } from "./apply-changes.js";
import { entryOf, formatDeclarations, sameDeclaration } from "./declarations.js";
import { SourceError } from "./errors.js";
import { isCommitId, resolveRef } from "./fetch-commit.js";
import { formatLock, sha256 } from "./lock.js";
import { defaultTools, type Materialized, materialize, targetsOf } from "./materialize.js";
import { commandPlace, manifestEntryOf, planChanges } from "./plan-files.js";
import { keyOf, openScope, type Scope } from "./scope.js";
import { parseSourceSpec, requestedSource } from "./source-spec.js";
import { summarizeTools } from "./tool-summary.js";
import type {
  Finding,
  LockedFile,
  LockedSource,
  SourceDeclaration,
  SourceLock,
  SourceReport,
  SourceScope,
  SourcesEnvironment,
  ToolSummary,
} from "./types.js";

/** What an operation did. */
export interface OperationReport {
  scope: SourceScope;
  configFile: string;
  lockFile: string;
  sources: SourceReport[];
  /** What each target tool loads of what was written (add, install, update). */
  tools: ToolSummary[];
  /** One line each: the cache not used, … */
  notes: string[];
  /** Something was written (files, config or lock). */
  changed: boolean;
}

/** Where each pinned file's `.roster-sync.json` entry is, to forget it when the file goes. */
async function manifestsOf(env: SourcesEnvironment, scope: Scope, files: readonly LockedFile[]) {
  const commandDirs = new Map<string, string>();
  for (const tool of new Set(files.filter((f) => f.kind === "command").map((f) => f.tool))) {
    const family = env.families.find((f) => f.id === tool);
    const place = family ? await commandPlace(family, scope.plan) : undefined;
    if (place) commandDirs.set(tool, place.dir);
  }
  return (file: LockedFile) =>
    manifestEntryOf(file, env.families, scope.plan, scope.places.root, commandDirs);
}

/** Paths every source but `key` pinned. */
function othersOf(scope: Scope, key: string): Set<string> {
  const out = new Set<string>();
  for (const s of scope.lock.sources)
    if (keyOf(scope, s.url) !== key) for (const f of s.files) out.add(f.path);
  return out;
}

/** Raising findings the user accepted before count when the lock is theirs: their own scope, or a project they trusted. */
function acceptedBefore(env: SourcesEnvironment, scope: Scope, previous: LockedSource | undefined) {
  const counts = scope.places.scope === "user" || env.projectTrusted === true;
  return (blocking: readonly Finding[]) =>
    counts &&
    previous?.accepted !== undefined &&
    blocking.every((f) =>
      previous.accepted!.some(
        (a) => a.code === f.code && a.kind === f.kind && a.name === f.name && a.message === f.message,
      ),
    );
}

function absolute(scope: Scope, file: LockedFile): string {
  return join(scope.places.root, ...file.path.split("/"));
}

/** Is every file the lock pins for this source on disk, as written? */
function filesIntact(scope: Scope, source: LockedSource): boolean {
  return source.files.every((f) => {
    try {
      return sha256(nodeFileSystem.readFile(absolute(scope, f), 64 * 1024 * 1024)) === f.sha256;
    } catch {
      return false;
    }
  });
}

function reportOf(
  source: SourceDeclaration,
  key: string,
  done: Materialized | undefined,
  commit: string | undefined,
  previous: LockedSource | undefined,
): SourceReport {
  return {
    url: source.url,
    key,
    ...(source.ref !== undefined ? { ref: source.ref } : {}),
    ...(commit !== undefined ? { commit } : {}),
    ...(previous && commit !== undefined && previous.commit !== commit
      ? { previousCommit: previous.commit }
      : {}),
    findings: done?.findings ?? [],
    held: done?.held ?? [],
    files: done?.changes ?? [],
    changes: done?.definitionChanges ?? [],
    fetched: done?.fetched ?? false,
  };
}

/** The config and lock writes that finish an operation (the lock last), when they change anything. */
function closingWrites(scope: Scope, sources: readonly SourceDeclaration[], lock: SourceLock): DiskChange[] {
  const out: DiskChange[] = [];
  const configText = formatDeclarations(scope.declared, sources);
  const configRoot = dirname(scope.places.configFile);
  const hadConfig = scope.declared.exists;
  const sameConfig =
    hadConfig && JSON.stringify(scope.declared.sources.map(entryOf)) === JSON.stringify(sources.map(entryOf));
  if (!sameConfig && (hadConfig || sources.length > 0))
    out.push({ op: "write", root: configRoot, path: scope.places.configFile, content: configText });
  const lockRoot = dirname(scope.places.lockFile);
  if (lock.sources.length === 0) {
    if (scope.lockExists) out.push({ op: "remove", root: lockRoot, path: scope.places.lockFile });
  } else {
    const text = formatLock(lock);
    const before = scope.lockExists ? formatLock(scope.lock) : undefined;
    if (text !== before)
      out.push({ op: "write", root: lockRoot, path: scope.places.lockFile, content: text });
  }
  return out;
}

async function toolsAfter(
  env: SourcesEnvironment,
  scope: Scope,
  locked: readonly LockedSource[],
  reports: readonly SourceReport[] = [],
): Promise<ToolSummary[]> {
  const tools = [...new Set(locked.flatMap((s) => s.to))];
  return summarizeTools({
    ctx: scope.plan.ctx,
    registry: env.registry,
    families: env.families,
    skillSources: env.skillSources,
    tools,
    files: locked.flatMap((s) => s.files),
    skipped: reports.flatMap((r) => r.files.filter((f) => f.action === "skip")),
    lockRoot: scope.places.root,
  });
}

/** Options of {@link addSource}. */
export interface AddSourceOptions {
  /** The source as the user wrote it (`owner/repo`, a URL, a path; `#REF` allowed). */
  source: string;
  ref?: string;
  path?: string;
  agents?: string[];
  skills?: string[];
  commands?: string[];
  /** The tools to write for; default: those the project uses, else `fallbackTools`. */
  to?: string[];
  scope?: SourceScope;
  /** Write definitions with raising findings too (they are kept in the lock). */
  yes?: boolean;
  /** The tools written for when `to` is absent and the project uses none (the app's choice: Claude Code). */
  fallbackTools: readonly string[];
}

/**
 * `roster add SOURCE`: resolves the ref, fetches that commit, finds and audits what it holds,
 * writes it for each target tool as marked copies, declares the source in the config and pins
 * it in the lock — all together, or nothing. A second add of the same source replaces its
 * declaration (one source).
 */
export async function addSource(
  env: SourcesEnvironment,
  options: AddSourceOptions,
): Promise<OperationReport> {
  const scope = openScope(env, options.scope);
  const { spec, ref } = requestedSource(options, { cwd: env.ctx.cwd, home: env.ctx.home });
  const to = options.to ?? defaultTools(env, scope.plan, options.fallbackTools);
  targetsOf(env, to);
  const declaration: SourceDeclaration = {
    url: spec.url,
    ...(ref !== undefined ? { ref } : {}),
    ...(options.path !== undefined && options.path !== "" ? { path: options.path } : {}),
    ...(options.agents ? { agents: options.agents } : {}),
    ...(options.skills ? { skills: options.skills } : {}),
    ...(options.commands ? { commands: options.commands } : {}),
    to,
  };
  const previous = scope.lock.sources.find((s) => keyOf(scope, s.url) === spec.key);
  const resolved = await resolveRef(spec.url, ref, env.git);
  const done = await materialize({
    env,
    plan: scope.plan,
    declaration,
    key: spec.key,
    commit: resolved.commit,
    ...(previous ? { previous } : {}),
    others: othersOf(scope, spec.key),
    lockRoot: scope.places.root,
    allow: (blocking) => options.yes === true || acceptedBefore(env, scope, previous)(blocking),
  });
  if (done.locked.files.length === 0) {
    const held =
      done.held.length > 0 ? `${done.held.length} held back by the audit (roster add --yes writes them)` : "";
    const conflicts = done.changes.filter((c) => c.action === "conflict").length;
    const why = [held, conflicts > 0 ? `${conflicts} in the way of files already there` : ""]
      .filter(Boolean)
      .join(", ");
    throw new SourceError(
      "source/nothing-written",
      `nothing from ${spec.url} would be written${why ? ` (${why})` : ""}; nothing was changed`,
    );
  }
  const sources = [...scope.declared.sources.filter((d) => keyOf(scope, d.url) !== spec.key), declaration];
  const at = scope.lock.sources.findIndex((s) => keyOf(scope, s.url) === spec.key);
  const lockSources = [...scope.lock.sources];
  if (at >= 0) lockSources[at] = done.locked;
  else lockSources.push(done.locked);
  // The lock keeps the config's order.
  const order = (s: LockedSource) => sources.findIndex((d) => keyOf(scope, d.url) === keyOf(scope, s.url));
  lockSources.sort((a, b) => order(a) - order(b));
  const disk = [...done.disk, ...closingWrites(scope, sources, { schemaVersion: 1, sources: lockSources })];
  applyChanges(disk);
  const report = reportOf(declaration, spec.key, done, resolved.commit, previous);
  return {
    scope: scope.places.scope,
    configFile: scope.places.configFile,
    lockFile: scope.places.lockFile,
    sources: [report],
    tools: await toolsAfter(env, scope, [done.locked], [report]),
    notes: done.note ? [done.note] : [],
    changed: disk.length > 0,
  };
}

/** Options of {@link installSources}. */
export interface InstallOptions {
  scope?: SourceScope;
  /** Never resolve a ref again: a config and a lock that disagree are an error (CI). */
  frozen?: boolean;
  yes?: boolean;
}

/**
 * `roster install`: makes the tools' folders match the lock, fetching only the commits whose
 * files are not all there as written; a declared source not in the lock (or declared
 * differently) is resolved and pinned, a locked one no longer declared is removed. With
 * `frozen`, nothing is resolved again: a disagreement is an error, and so is a file this
 * roster would write with other bytes than the lock pins.
 */
export async function installSources(
  env: SourcesEnvironment,
  options: InstallOptions = {},
): Promise<OperationReport> {
  const scope = openScope(env, options.scope);
  const reports: SourceReport[] = [];
  const disk: DiskChange[] = [];
  const notes: string[] = [];
  const lockSources: LockedSource[] = [];
  const frozen = (url: string, why: string): never => {
    throw new SourceError(
      "source/frozen",
      `${url}: ${why}; run roster install without --frozen and commit roster.lock`,
    );
  };
  for (const declaration of scope.declared.sources) {
    const key = keyOf(scope, declaration.url);
    const previous = scope.lock.sources.find((s) => keyOf(scope, s.url) === key);
    const pinned = previous && sameDeclaration(declaration, previous) ? previous : undefined;
    if (options.frozen && !pinned)
      frozen(
        declaration.url,
        previous ? "the config and roster.lock differ" : "declared but not in roster.lock",
      );
    if (pinned && filesIntact(scope, pinned)) {
      lockSources.push(pinned);
      reports.push(reportOf(declaration, key, undefined, pinned.commit, pinned));
      continue;
    }
    const commit = pinned?.commit ?? (await resolveRef(declaration.url, declaration.ref, env.git)).commit;
    const done = await materialize({
      env,
      plan: scope.plan,
      declaration,
      key,
      commit,
      ...(previous ? { previous } : {}),
      others: othersOf(scope, key),
      lockRoot: scope.places.root,
      allow: (blocking) => options.yes === true || acceptedBefore(env, scope, previous)(blocking),
    });
    if (options.frozen && pinned) {
      const want = new Map(pinned.files.map((f) => [f.path, f.sha256]));
      const differs = done.locked.files.find((f) => want.get(f.path) !== f.sha256);
      if (differs || done.locked.files.length !== pinned.files.length)
        frozen(
          declaration.url,
          `this roster writes ${differs?.path ?? "other files"} differently from what roster.lock pins at ${commit.slice(0, 12)}`,
        );
    }
    disk.push(...done.disk);
    lockSources.push(done.locked);
    reports.push(reportOf(declaration, key, done, commit, previous));
    if (done.note) notes.push(done.note);
  }
  // Locked, no longer declared: its unedited files go.
  for (const stale of scope.lock.sources) {
    const key = keyOf(scope, stale.url);
    if (scope.declared.sources.some((d) => keyOf(scope, d.url) === key)) continue;
    if (options.frozen) frozen(stale.url, "in roster.lock but not declared");
    const planned = planChanges({
      wanted: [],
      previous: stale.files,
      others: othersOf(scope, key),
      lockRoot: scope.places.root,
      manifestOf: await manifestsOf(env, scope, stale.files),
    });
    disk.push(...planned.disk);
    reports.push({ ...reportOf(stale, key, undefined, undefined, undefined), files: planned.changes });
  }
  disk.push(...closingWrites(scope, scope.declared.sources, { schemaVersion: 1, sources: lockSources }));
  applyChanges(disk);
  return {
    scope: scope.places.scope,
    configFile: scope.places.configFile,
    lockFile: scope.places.lockFile,
    sources: reports,
    tools: await toolsAfter(env, scope, lockSources, reports),
    notes,
    changed: disk.length > 0,
  };
}

/** The declarations `names` pick (all for none); a name that is no source is an error listing them. */
function pickSources(scope: Scope, env: SourcesEnvironment, names: readonly string[]): SourceDeclaration[] {
  if (names.length === 0) return scope.declared.sources;
  return names.map((name) => {
    const key = parseSourceSpec(name, { cwd: env.ctx.cwd, home: env.ctx.home }).key;
    const found = scope.declared.sources.find((d) => keyOf(scope, d.url) === key);
    if (!found)
      throw new SourceError(
        "source/not-declared",
        `${name} is not a source of ${scope.places.configFile} (roster sources lists them${scope.declared.sources.length > 0 ? `: ${scope.declared.sources.map((d) => d.url).join(", ")}` : "; there are none"})`,
      );
    return found;
  });
}

/** Options of {@link updateSources}. */
export interface UpdateOptions {
  /** The sources to move (as written or as declared); none: every source. */
  sources?: string[];
  scope?: SourceScope;
  yes?: boolean;
}

/**
 * `roster update [SOURCE…]`: moves each source to the newest commit of its ref and says what
 * changed, agent by agent; a source already at it is left alone (no fetch).
 */
export async function updateSources(
  env: SourcesEnvironment,
  options: UpdateOptions = {},
): Promise<OperationReport> {
  const scope = openScope(env, options.scope);
  const chosen = new Set(pickSources(scope, env, options.sources ?? []).map((d) => keyOf(scope, d.url)));
  const reports: SourceReport[] = [];
  const disk: DiskChange[] = [];
  const notes: string[] = [];
  const lockSources: LockedSource[] = [];
  for (const declaration of scope.declared.sources) {
    const key = keyOf(scope, declaration.url);
    const previous = scope.lock.sources.find((s) => keyOf(scope, s.url) === key);
    if (!chosen.has(key)) {
      if (previous) lockSources.push(previous);
      continue;
    }
    const { commit } = await resolveRef(declaration.url, declaration.ref, env.git);
    if (
      previous &&
      previous.commit === commit &&
      sameDeclaration(declaration, previous) &&
      filesIntact(scope, previous)
    ) {
      lockSources.push(previous);
      reports.push(reportOf(declaration, key, undefined, commit, previous));
      continue;
    }
    const done = await materialize({
      env,
      plan: scope.plan,
      declaration,
      key,
      commit,
      ...(previous ? { previous } : {}),
      others: othersOf(scope, key),
      lockRoot: scope.places.root,
      allow: (blocking) => options.yes === true || acceptedBefore(env, scope, previous)(blocking),
    });
    disk.push(...done.disk);
    lockSources.push(done.locked);
    reports.push(reportOf(declaration, key, done, commit, previous));
    if (done.note) notes.push(done.note);
  }
  disk.push(...closingWrites(scope, scope.declared.sources, { schemaVersion: 1, sources: lockSources }));
  applyChanges(disk);
  return {
    scope: scope.places.scope,
    configFile: scope.places.configFile,
    lockFile: scope.places.lockFile,
    sources: reports,
    tools: await toolsAfter(
      env,
      scope,
      lockSources.filter((s) => chosen.has(keyOf(scope, s.url))),
    ),
    notes,
    changed: disk.length > 0,
  };
}

/** One source of `roster outdated`. */
export interface OutdatedEntry {
  url: string;
  ref?: string;
  /** The commit the lock pins (absent: not locked). */
  locked?: string;
  /** The newest commit of its ref. */
  latest?: string;
  outdated: boolean;
  /** Why the newest commit is not known (unreachable, …). */
  error?: { code: string; message: string };
}

/** `roster outdated`: for every declared source, the pinned commit and the newest of its ref. Writes nothing. */
export async function outdatedSources(
  env: SourcesEnvironment,
  options: { scope?: SourceScope } = {},
): Promise<{ scope: SourceScope; sources: OutdatedEntry[] }> {
  const scope = openScope(env, options.scope);
  const sources: OutdatedEntry[] = [];
  for (const d of scope.declared.sources) {
    const locked = scope.lock.sources.find((s) => keyOf(scope, s.url) === keyOf(scope, d.url));
    const base = {
      url: d.url,
      ...(d.ref !== undefined ? { ref: d.ref } : {}),
      ...(locked ? { locked: locked.commit } : {}),
    };
    if (d.ref !== undefined && isCommitId(d.ref)) {
      sources.push({ ...base, latest: d.ref, outdated: locked?.commit !== d.ref });
      continue;
    }
    try {
      const { commit } = await resolveRef(d.url, d.ref, env.git);
      sources.push({ ...base, latest: commit, outdated: locked?.commit !== commit });
    } catch (error) {
      if (!(error instanceof SourceError)) throw error;
      sources.push({ ...base, outdated: false, error: { code: error.code, message: error.message } });
    }
  }
  return { scope: scope.places.scope, sources };
}

/**
 * `roster remove SOURCE`: removes the source from the config and the lock, and exactly the
 * files it wrote that are still as written; an edited one is kept and reported.
 */
export async function removeSource(
  env: SourcesEnvironment,
  options: { source: string; scope?: SourceScope },
): Promise<OperationReport> {
  const scope = openScope(env, options.scope);
  const key = parseSourceSpec(options.source, { cwd: env.ctx.cwd, home: env.ctx.home }).key;
  const declared = scope.declared.sources.find((d) => keyOf(scope, d.url) === key);
  const locked = scope.lock.sources.find((s) => keyOf(scope, s.url) === key);
  if (!declared && !locked) pickSources(scope, env, [options.source]);
  const planned = planChanges({
    wanted: [],
    previous: locked?.files ?? [],
    others: othersOf(scope, key),
    lockRoot: scope.places.root,
    manifestOf: await manifestsOf(env, scope, locked?.files ?? []),
  });
  const sources = scope.declared.sources.filter((d) => keyOf(scope, d.url) !== key);
  const lockSources = scope.lock.sources.filter((s) => keyOf(scope, s.url) !== key);
  const disk = [
    ...planned.disk,
    ...closingWrites(scope, sources, { schemaVersion: 1, sources: lockSources }),
  ];
  applyChanges(disk);
  const source = (declared ?? locked)!;
  return {
    scope: scope.places.scope,
    configFile: scope.places.configFile,
    lockFile: scope.places.lockFile,
    sources: [{ ...reportOf(source, key, undefined, undefined, undefined), files: planned.changes }],
    tools: [],
    notes: [],
    changed: disk.length > 0,
  };
}

/** One source of `roster sources`. */
export interface ListedSource {
  url: string;
  ref?: string;
  path?: string;
  to: string[];
  /** The commit pinned (absent: not locked). */
  commit?: string;
  files: number;
  /** `locked`; `not-locked` (declared only); `not-declared` (locked only); `changed` (declared otherwise than locked). */
  state: "locked" | "not-locked" | "not-declared" | "changed";
  accepted: number;
}

/** `roster sources`: what the config declares and the lock pins, side by side. Reads only. */
export function listSources(
  env: SourcesEnvironment,
  options: { scope?: SourceScope } = {},
): { scope: SourceScope; configFile: string; lockFile: string; sources: ListedSource[] } {
  const scope = openScope(env, options.scope);
  const out: ListedSource[] = [];
  for (const d of scope.declared.sources) {
    const locked = scope.lock.sources.find((s) => keyOf(scope, s.url) === keyOf(scope, d.url));
    out.push({
      url: d.url,
      ...(d.ref !== undefined ? { ref: d.ref } : {}),
      ...(d.path !== undefined ? { path: d.path } : {}),
      to: d.to,
      ...(locked ? { commit: locked.commit } : {}),
      files: locked?.files.length ?? 0,
      state: !locked ? "not-locked" : sameDeclaration(d, locked) ? "locked" : "changed",
      accepted: locked?.accepted?.length ?? 0,
    });
  }
  for (const s of scope.lock.sources)
    if (!scope.declared.sources.some((d) => keyOf(scope, d.url) === keyOf(scope, s.url)))
      out.push({
        url: s.url,
        ...(s.ref !== undefined ? { ref: s.ref } : {}),
        ...(s.path !== undefined ? { path: s.path } : {}),
        to: s.to,
        commit: s.commit,
        files: s.files.length,
        state: "not-declared",
        accepted: s.accepted?.length ?? 0,
      });
  return {
    scope: scope.places.scope,
    configFile: scope.places.configFile,
    lockFile: scope.places.lockFile,
    sources: out,
  };
}
