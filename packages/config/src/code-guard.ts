import { createHash } from "node:crypto";
import { existsSync, realpathSync } from "node:fs";
import Module, { register } from "node:module";
import { fileURLToPath } from "node:url";
import { MessageChannel, type MessagePort } from "node:worker_threads";
import { BoundedReadError, readFileBounded } from "@roster/core";
import { trustCommand } from "./trust-command.js";

/**
 * The largest file of project code roster loads or hashes (a bundled provider may be a few
 * megabytes; a file past this is refused, never read whole).
 */
export const CODE_FILE_LIMIT = 32 * 1024 * 1024;

/** The `code` of the error a refused file's load throws. */
export const UNTRUSTED_CODE = "ROSTER_UNTRUSTED_CODE";

/** What the guard does with project code: nothing, note each file (`roster trust`), or check each file. */
export type GuardMode = "off" | "record" | "enforce";

/** A file of project code loaded while recording, and what loaded it (CommonJS: the requiring file). */
interface Recorded {
  hash?: string;
  parents: Set<string>;
}

interface GuardState {
  mode: GuardMode;
  /** Real path → SHA-256 of every file trusted (enforce). */
  trusted: Map<string, string>;
  /** Real paths of the files a config makes roster import: the config itself, its providers. */
  entries: Set<string>;
  folder: string;
  /** Files loaded while recording (main thread and loader thread), by real path. */
  recorded: Map<string, Recorded>;
}

const state: GuardState = {
  mode: "off",
  trusted: new Map(),
  entries: new Set(),
  folder: "",
  recorded: new Map(),
};

/** CommonJS modules known to be project code (enforce: checked; record: noted). */
const projectModules = new WeakSet<object>();

let port: MessagePort | undefined;
let nextId = 0;
const waiting = new Map<number, () => void>();

/** The hooks module: beside this module in every build (src, a package's dist, the CLI's dist). */
function hooksUrl(): URL {
  return new URL("./code-guard-hooks.mjs", import.meta.url);
}

/** Real path, or the path itself when it does not resolve. */
function real(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

function sha256(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/** The error a refused file's load throws: it names the file and the way to trust it. */
export class UntrustedCodeError extends Error {
  readonly code = UNTRUSTED_CODE;
  readonly filePath: string;
  constructor(filePath: string, why: string) {
    super(
      `${filePath} is code this project's roster config loads, and ${why}: not run. Review it, then run \`${trustCommand(state.folder)}\`.`,
    );
    this.name = "UntrustedCodeError";
    this.filePath = filePath;
  }
}

/** Whether `error` (or its cause) is a guard's refusal; its message then says which file and why. */
export function untrustedCodeOf(error: unknown): Error | undefined {
  for (let e = error, depth = 0; e && depth < 8; e = (e as { cause?: unknown }).cause, depth++)
    if ((e as { code?: unknown }).code === UNTRUSTED_CODE && e instanceof Error) return e;
  return undefined;
}

/** Sends a message to the loader thread and waits until it has been handled. */
function tell(message: Record<string, unknown>): Promise<void> {
  const p = port!;
  const id = nextId++;
  return new Promise((done) => {
    // Kept alive only while an answer is awaited.
    p.ref();
    waiting.set(id, () => {
      waiting.delete(id);
      if (waiting.size === 0) p.unref();
      done();
    });
    p.postMessage({ ...message, id });
  });
}

/**
 * Registers the hooks once per process: the loader thread's (ES modules, and CommonJS loaded by
 * them) and the main thread's CommonJS loader (`require` of a `createRequire`, native addons).
 */
function install(): void {
  if (port) return;
  const channel = new MessageChannel();
  port = channel.port1;
  port.on("message", (message: Record<string, unknown>) => {
    if (message.type === "ack") waiting.get(message.id as number)?.();
    else if (message.type === "file") note(message.path as string, undefined, message.hash as string);
    else if (message.type === "edge") {
      const child = pathOf(message.url as string);
      const parent = pathOf(message.parent as string | undefined);
      if (child !== undefined) note(child, parent);
    }
  });
  port.unref();
  register(hooksUrl(), { data: { port: channel.port2 }, transferList: [channel.port2] });

  type Loadable = { filename?: string; parent?: { filename?: string } | null; id?: string };
  const proto = (Module as unknown as { prototype: { load(this: Loadable, filename: string): void } })
    .prototype;
  const load = proto.load;
  proto.load = function guardedLoad(this: Loadable, filename: string) {
    if (state.mode !== "off") checkRequired(this, filename);
    return load.call(this, filename);
  };
}

function pathOf(url: string | undefined): string | undefined {
  if (url === undefined || !url.startsWith("file:")) return undefined;
  try {
    return fileURLToPath(url);
  } catch {
    return undefined;
  }
}

/** Notes a file loaded while recording (its hash when known, the file that loaded it). */
function note(path: string, parent?: string, hash?: string): void {
  if (state.mode !== "record") return;
  const entry = state.recorded.get(path) ?? { parents: new Set<string>() };
  if (hash !== undefined) entry.hash = hash;
  if (parent !== undefined) entry.parents.add(parent);
  state.recorded.set(path, entry);
}

/** A CommonJS load on the main thread: project code when an entry, or required by project code. */
function checkRequired(module: object & { parent?: { filename?: string } | null }, filename: string): void {
  const parent = module.parent ?? undefined;
  const parentFile = parent?.filename;
  const isProject =
    state.entries.has(filename) ||
    (parent !== undefined && projectModules.has(parent)) ||
    (parentFile !== undefined && (state.trusted.has(parentFile) || state.recorded.has(parentFile)));
  if (state.mode === "record") {
    // Every load is noted with its parent: what is project code is decided once loading is over.
    let hash: string | undefined;
    try {
      hash = sha256(readFileBounded(filename, CODE_FILE_LIMIT));
    } catch {
      // Node's own load reports what is wrong with it.
    }
    note(filename, parentFile, hash);
    if (isProject) {
      projectModules.add(module);
      // Its own imports (an `import()` in a CommonJS file) are the loader thread's to see.
      port?.postMessage({ type: "entries", entries: [filename], id: -1 });
    }
    return;
  }
  if (!isProject) return;
  projectModules.add(module);
  let bytes: Buffer;
  try {
    bytes = readFileBounded(filename, CODE_FILE_LIMIT);
  } catch (error) {
    if (error instanceof BoundedReadError) throw new UntrustedCodeError(filename, error.message);
    return; // Missing or unreadable: Node's own load says so.
  }
  const trusted = state.trusted.get(filename);
  if (trusted === undefined)
    throw new UntrustedCodeError(
      filename,
      `it is not among the files you trusted for ${state.folder} (new since \`roster trust\`)`,
    );
  if (trusted !== sha256(bytes))
    throw new UntrustedCodeError(filename, `it changed after you trusted ${state.folder}`);
}

/** What a guard checks against (enforce) or starts from (record). */
export interface GuardOptions {
  mode: Exclude<GuardMode, "off">;
  /** The project folder (what `roster trust` records), named in refusals. */
  folder: string;
  /** Absolute path → SHA-256 of each trusted file (enforce). */
  trusted?: Readonly<Record<string, string>>;
}

/**
 * Starts guarding project code: from now on, every file an entry ({@link guardEntry}) loads,
 * and what those load, is checked against the trusted hashes (enforce) or noted (record).
 * Once per process the hooks are registered; a later call replaces what they check.
 */
export async function startGuard(options: GuardOptions): Promise<void> {
  install();
  state.mode = options.mode;
  state.folder = options.folder;
  state.trusted = new Map(Object.entries(options.trusted ?? {}).map(([path, hash]) => [real(path), hash]));
  // A trusted path as given (a link) and as its real path both count.
  for (const [path, hash] of Object.entries(options.trusted ?? {})) state.trusted.set(path, hash);
  state.entries = new Set();
  state.recorded = new Map();
  await tell({
    type: "configure",
    mode: state.mode,
    trusted: Object.fromEntries(state.trusted),
    entries: [],
    folder: state.folder,
    fix: trustCommand(state.folder),
    limit: CODE_FILE_LIMIT,
  });
}

/** Marks a file roster is about to import as project code (a `.mjs` config, a provider module). */
export async function guardEntry(path: string): Promise<void> {
  if (state.mode === "off") return;
  const paths = [...new Set([path, real(path)])];
  for (const p of paths) state.entries.add(p);
  await tell({ type: "entries", entries: paths });
}

/**
 * Ends recording: every file the entries loaded, directly or not, with its SHA-256 (read from
 * disk for a file whose load was not hashed). The guard is off afterwards.
 */
export async function finishRecording(): Promise<Record<string, string>> {
  if (state.mode !== "record") return {};
  // Every note the loader thread sent before this answer has arrived once it is answered.
  await tell({ type: "entries", entries: [] });
  const files = new Map<string, string>();
  const project = new Set(state.entries);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [path, entry] of state.recorded) {
      if (project.has(path) || ![...entry.parents].some((p) => project.has(p))) continue;
      project.add(path);
      grew = true;
    }
  }
  for (const path of project) {
    const hash = state.recorded.get(path)?.hash ?? hashFile(path);
    if (hash !== undefined) files.set(path, hash);
  }
  await stopGuard();
  return Object.fromEntries(files);
}

function hashFile(path: string): string | undefined {
  if (!existsSync(path)) return undefined;
  try {
    return sha256(readFileBounded(path, CODE_FILE_LIMIT));
  } catch {
    return undefined;
  }
}

/** Stops checking: later loads are not project code. */
export async function stopGuard(): Promise<void> {
  if (!port || state.mode === "off") return;
  state.mode = "off";
  state.entries = new Set();
  state.trusted = new Map();
  state.recorded = new Map();
  await tell({ type: "configure", mode: "off", trusted: {}, entries: [], folder: "", fix: "", limit: 0 });
}
