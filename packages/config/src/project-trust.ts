import { createRequire, isBuiltin } from "node:module";
import { dirname, isAbsolute, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { BoundedReadError, type FileSystem, readFileBounded } from "@roster/core";
import { errorCode, nodeFileSystem, walkToGitRoot } from "@roster/core/provider-kit";
import { CODE_FILE_LIMIT } from "./code-guard.js";
import { ConfigError } from "./config-error.js";
import {
  atHome,
  type FoundConfig,
  findProjectConfig,
  hashConfig,
  isCodeFile,
  present,
  readConfigBytes,
  realOr,
} from "./config-places.js";

/** At most this many code files are hashed for one trusted folder (a provider's packages included). */
export const MAX_TRUSTED_FILES = 5000;

/** What a code file's entry holds when it is absent: trusting a missing file trusts whatever appears there later not at all. */
export const MISSING = "missing";

/**
 * The folder `roster trust DIR` records and `run` asks about: the folder of the nearest
 * project config, else the git root above `dir`, else `dir` itself.
 */
export function projectFolder(dir: string, home: string, fs: FileSystem = nodeFileSystem): string {
  return findProjectConfig(dir, home, fs)?.dir ?? folderWithoutConfig(dir, home, fs);
}

/** {@link projectFolder} of a `dir` known to have no project config: its git root, else itself. */
export function folderWithoutConfig(dir: string, home: string, fs: FileSystem = nodeFileSystem): string {
  return walkToGitRoot(dir, fs, atHome(home, fs)).root ?? resolve(dir);
}

/** The module specifiers a file of code loads with a literal name: ES imports (static, `import("…")`) and `require("…")`. */
async function specifiersOf(text: string): Promise<{ imports: string[]; requires: string[] }> {
  const { init, parse } = await import("es-module-lexer");
  await init;
  let imports: string[] = [];
  try {
    const [found] = parse(text);
    imports = found.map((i) => i.n).filter((n): n is string => typeof n === "string");
  } catch {
    // Not parseable as a module: CommonJS, or nothing Node imports either.
  }
  // `require("x")`, a bundler's `__require("x")`, `createRequire(import.meta.url)("x")`: a
  // string that names no module does not resolve and is passed over.
  const requires = [...text.matchAll(/(?:require|\))\s*\(\s*(["'`])([^"'`\n]+)\1\s*\)/g)].map((m) => m[2]!);
  return { imports, requires };
}

const RELATIVE = /^\.\.?\//;
const URL_SCHEME = /^[a-z][a-z\d+.-]*:/i;
/** Files whose imports and requires are followed (Node loads these as modules). */
const JS_FILE = /\.(m?js|cjs|jsx?)$/;

/** Where Node would load `spec` from `file`: an ES import or a `require`; undefined when it does not resolve to a file. */
async function resolveFrom(
  spec: string,
  file: string,
  kind: "import" | "require",
): Promise<string | undefined> {
  if (isBuiltin(spec) || (URL_SCHEME.test(spec) && !spec.startsWith("file:"))) return undefined;
  try {
    if (kind === "require") {
      const path = createRequire(file).resolve(spec);
      return isAbsolute(path) ? path : undefined;
    }
    const { resolve: resolveModule } = await import("import-meta-resolve");
    const url = resolveModule(spec, pathToFileURL(file).href);
    return url.startsWith("file:") ? fileURLToPath(url) : undefined;
  } catch {
    // A relative ES import names its file exactly: one that appears later is new code.
    return kind === "import" && RELATIVE.test(spec) ? resolve(dirname(file), spec) : undefined;
  }
}

/**
 * The code files a project config names, found without running anything: the provider
 * modules (paths and packages) and host programs it names, the relative paths written in a
 * `.mjs` config, and, from each module, what it imports or `require`s with a literal name —
 * relative files, packages of a `node_modules`, files outside the project alike — with the
 * SHA-256 of each (`missing` for a relative import not there). `roster trust` adds what
 * loading the config actually loads (config.ts, `recordProjectCode`); keys are relative to the
 * config's folder.
 */
export async function trustedCodeFiles(
  found: FoundConfig,
  fs: FileSystem = nodeFileSystem,
): Promise<Record<string, string>> {
  const base = realOr(found.dir, fs);
  const config = realOr(found.file, fs);
  const hashes = new Map<string, string>();
  const queue: string[] = [];
  const add = (path: string) => {
    const real = realOr(path, fs);
    if (real === config || hashes.has(real)) return;
    if (hashes.size >= MAX_TRUSTED_FILES)
      throw new ConfigError(
        `${found.file} loads more than ${MAX_TRUSTED_FILES} code files: roster does not trust that many.`,
      );
    hashes.set(real, MISSING);
    queue.push(real);
  };
  const follow = async (file: string, text: string) => {
    const { imports, requires } = await specifiersOf(text);
    for (const spec of imports) {
      const path = await resolveFrom(spec, file, "import");
      if (path !== undefined) add(path);
    }
    for (const spec of requires) {
      const path = await resolveFrom(spec, file, "require");
      if (path !== undefined) add(path);
    }
  };

  const text = readConfigBytes(found.file, fs).toString("utf8");
  if (isCodeFile(found.file)) {
    await follow(found.file, text);
    // Paths written in the config (`providers: ["./p.mjs"]`) that name a file.
    for (const [, spec] of text.matchAll(/["'`](\.\.?\/[^"'`\n]+)["'`]/g))
      if (present(resolve(found.dir, spec!), fs)) add(resolve(found.dir, spec!));
  } else {
    let value: { providers?: unknown; hosts?: unknown } = {};
    try {
      value = JSON.parse(text.replace(/^\uFEFF/, "")) ?? {};
    } catch {
      // The loader reports a config that is not JSON.
    }
    const providers = Array.isArray(value.providers) ? value.providers : [];
    for (const spec of providers) {
      if (typeof spec !== "string" || spec === "") continue;
      if (isAbsolute(spec) || RELATIVE.test(spec) || spec === "." || spec === "..")
        add(resolve(found.dir, spec));
      else if (!URL_SCHEME.test(spec)) {
        // A package, resolved from the config's folder as the loader resolves it.
        const path = await resolveFrom(spec, found.file, "import");
        if (path !== undefined) add(path);
      }
    }
    const hosts = value.hosts && typeof value.hosts === "object" ? Object.values(value.hosts) : [];
    for (const host of hosts) {
      const command = (host as { command?: unknown } | null)?.command;
      if (typeof command === "string" && command.includes("/")) add(resolve(found.dir, command));
    }
  }

  while (queue.length > 0) {
    const file = queue.shift()!;
    const bytes = readCode(file);
    if (bytes === undefined) continue;
    hashes.set(file, hashConfig(bytes));
    if (JS_FILE.test(file)) await follow(file, bytes.toString("utf8"));
  }
  return relativeTo(base, hashes);
}

/** A code file's bytes through the bounded reader, or undefined when it is not there. */
function readCode(file: string): Buffer | undefined {
  try {
    return readFileBounded(file, CODE_FILE_LIMIT);
  } catch (error) {
    if (errorCode(error) === "ENOENT" || errorCode(error) === "ENOTDIR") return undefined;
    if (error instanceof BoundedReadError)
      throw new ConfigError(`cannot trust ${file}: ${error.message}.`, { cause: error });
    throw new ConfigError(`cannot read ${file}: ${error instanceof Error ? error.message : String(error)}.`, {
      cause: error,
    });
  }
}

/** Absolute paths → keys relative to `base` (`../x.cjs` for a file beside the project), sorted. */
export function relativeTo(base: string, files: ReadonlyMap<string, string>): Record<string, string> {
  return Object.fromEntries(
    [...files]
      .map(([file, hash]) => [relative(base, file), hash] as const)
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );
}

/**
 * The first trusted code file (its key) whose bytes are not what was trusted now (changed,
 * gone, or there where it was missing), or undefined. Keys are relative to `folder`, the real
 * folder of the trusted config.
 */
export function changedCodeFile(files: Readonly<Record<string, string>>, folder: string): string | undefined {
  for (const name of Object.keys(files).sort()) {
    let now: string;
    try {
      const bytes = readCode(resolve(folder, name));
      now = bytes === undefined ? MISSING : hashConfig(bytes);
    } catch {
      return name;
    }
    if (now !== files[name]) return name;
  }
  return undefined;
}
