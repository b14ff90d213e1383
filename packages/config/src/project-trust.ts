import { dirname, isAbsolute, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { FileSystem } from "@roster/core";
import { errorCode, nodeFileSystem, walkToGitRoot } from "@roster/core/provider-kit";
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

/** At most this many code files are hashed for one trusted folder. */
export const MAX_TRUSTED_FILES = 200;

/** What a code file's entry holds when it is absent: trusting a missing file trusts whatever appears there later not at all. */
const MISSING = "missing";

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

/** The module specifiers an ES module imports statically or with a literal `import()`. */
async function importsOf(text: string): Promise<string[]> {
  const { init, parse } = await import("es-module-lexer");
  await init;
  try {
    const [imports] = parse(text);
    return imports.map((i) => i.n).filter((n): n is string => typeof n === "string");
  } catch {
    // Not parseable as a module: Node will not import it either.
    return [];
  }
}

const RELATIVE = /^\.\.?\//;
const JS_FILE = /\.(m?js|cjs)$/;

/**
 * Every code file a project config makes roster run, besides the config itself, with its
 * SHA-256: the provider modules and host programs it names and the relative imports of each
 * module (a `.mjs` config's own imports, and for a `.mjs` config the relative paths written
 * in it, since its providers are only known by running it). Only files inside the project
 * (its git root, else the config's folder) count; keys are relative to the config's folder.
 */
export async function trustedCodeFiles(
  found: FoundConfig,
  home: string,
  fs: FileSystem = nodeFileSystem,
): Promise<Record<string, string>> {
  const root = realOr(walkToGitRoot(found.dir, fs, atHome(home, fs)).root ?? found.dir, fs);
  const base = realOr(found.dir, fs);
  const config = realOr(found.file, fs);
  const hashes = new Map<string, string>();
  const queue: string[] = [];
  const add = (path: string) => {
    const real = realOr(path, fs);
    const inside = relative(root, real);
    if (inside === "" || inside.startsWith("..") || isAbsolute(inside)) return;
    if (real === config || hashes.has(real)) return;
    if (hashes.size >= MAX_TRUSTED_FILES)
      throw new ConfigError(
        `${found.file} names more than ${MAX_TRUSTED_FILES} code files: roster does not trust that many.`,
      );
    hashes.set(real, MISSING);
    queue.push(real);
  };

  const text = readConfigBytes(found.file, fs).toString("utf8");
  if (isCodeFile(found.file)) {
    for (const spec of await importsOf(text)) if (RELATIVE.test(spec)) add(resolve(found.dir, spec));
    // Paths written in the config (`providers: ["./p.mjs"]`) that name a file of the project.
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
      else if (!/^[a-z][a-z\d+.-]*:/i.test(spec)) {
        // A package: hashed when it resolves to a file of the project (its node_modules).
        const { resolve: resolveModule } = await import("import-meta-resolve");
        try {
          const url = resolveModule(spec, pathToFileURL(found.file).href);
          if (url.startsWith("file:")) add(fileURLToPath(url));
        } catch {
          // The loader reports a package that does not resolve.
        }
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
    let bytes: Buffer;
    try {
      bytes = readConfigBytes(file, fs);
    } catch (error) {
      if (errorCode((error as { cause?: unknown }).cause) === "ENOENT") continue;
      throw error;
    }
    hashes.set(file, hashConfig(bytes));
    if (JS_FILE.test(file))
      for (const spec of await importsOf(bytes.toString("utf8")))
        if (RELATIVE.test(spec)) add(resolve(dirname(file), spec));
  }
  return Object.fromEntries(
    [...hashes]
      .map(([file, hash]) => [relative(base, file), hash] as const)
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );
}

/** The first file whose hash differs between what was trusted and what is there now, or undefined. */
export function changedCodeFile(
  trusted: Record<string, string>,
  now: Record<string, string>,
): string | undefined {
  const names = [...new Set([...Object.keys(trusted), ...Object.keys(now)])].sort();
  return names.find((name) => trusted[name] !== now[name]);
}
