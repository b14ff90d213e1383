import { isAbsolute, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { SourceUsageError } from "./errors.js";
import type { SourceSpec } from "./types.js";

/** `owner/repo`: GitHub's names (an owner of letters, digits and `-`; a repository of those, `.` and `_`). */
const GITHUB_SHORTHAND = /^([A-Za-z0-9][A-Za-z0-9-]{0,38})\/([A-Za-z0-9._-]{1,100})$/;
/** `user@host:path`, git's scp-like syntax (not `host:path` alone, which reads like a drive or a file). */
const SCP_LIKE = /^([A-Za-z0-9._~-]+)@([A-Za-z0-9.-]+):(?!\/\/)(.+)$/;
/** The URL schemes roster hands to git; every other transport (`ext::`, `fd::`, helpers) is refused. */
const SCHEMES = new Set(["https:", "http:", "ssh:", "git:", "file:"]);

const USAGE =
  "give owner/repo, a git URL (https://, ssh://, git@host:path, file://) or a local path (./dir, /dir)";

/** Options of {@link parseSourceSpec}. */
export interface ParseSourceSpecOptions {
  /** A relative local path is read against this folder. */
  cwd: string;
  /** `~/` is read against this folder. */
  home: string;
}

/**
 * Parses a source as a user writes it: `owner/repo` and `github:owner/repo` (GitHub over
 * https), `https://…`, `ssh://…`, `git://…`, `git@host:path`, `file://…`, or a local path
 * (`/…`, `./…`, `../…`, `~/…`); `SOURCE#REF` names a branch, tag or commit. Throws a
 * {@link SourceUsageError} that names the accepted forms.
 *
 * @example parseSourceSpec("acme/agents#v2", { cwd, home }) // { url: "https://github.com/acme/agents.git", key: "github.com/acme/agents", ref: "v2" }
 */
export function parseSourceSpec(input: string, options: ParseSourceSpecOptions): SourceSpec {
  const text = input.trim();
  const hash = text.lastIndexOf("#");
  const body = hash >= 0 ? text.slice(0, hash) : text;
  const ref = hash >= 0 ? text.slice(hash + 1) : undefined;
  if (body === "") throw new SourceUsageError(`no source given: ${USAGE}`);
  if (ref !== undefined) checkRef(ref);
  const spec = parseBody(body, options);
  return ref !== undefined ? { ...spec, ref } : spec;
}

/** What an add asks for, as the user gave it. */
export interface SourceRequest {
  /** The source (`owner/repo`, a URL, a path; `#REF` allowed). */
  source: string;
  /** `--ref`. */
  ref?: string | undefined;
  /** `--path`: the folder of the repository to take definitions from. */
  path?: string | undefined;
}

/**
 * The source and ref an add asks for: the source parsed, its ref from `SOURCE#REF` or
 * `--ref` (both, when they differ, is a {@link SourceUsageError}), checked, and `--path`
 * checked by its form ({@link subPathProblem}): each refusal before anything is fetched.
 */
export function requestedSource(
  request: SourceRequest,
  options: ParseSourceSpecOptions,
): { spec: SourceSpec; ref: string | undefined } {
  const spec = parseSourceSpec(request.source, options);
  const { ref } = request;
  if (ref !== undefined && spec.ref !== undefined && ref !== spec.ref)
    throw new SourceUsageError(`the source says #${spec.ref} and --ref says ${ref}: give one`);
  const wanted = ref ?? spec.ref;
  if (wanted !== undefined) checkRef(wanted);
  const problem = request.path === undefined ? undefined : subPathProblem(request.path);
  if (problem) throw new SourceUsageError(problem);
  return { spec, ref: wanted };
}

/** Why a `--path` cannot name a folder inside a repository by its form alone (absolute, or with `..`), or undefined. */
export function subPathProblem(path: string): string | undefined {
  const parts = path.split(/[\\/]+/).filter((p) => p !== "" && p !== ".");
  return isAbsolute(path) || parts.includes("..")
    ? `--path ${JSON.stringify(path)} must be a folder inside the repository`
    : undefined;
}

/** Refuses a ref git would read as an option or that no ref can be (SPEC §17: names are text). */
export function checkRef(ref: string): void {
  if (ref === "" || ref.startsWith("-") || /[\s\u0000-\u001f\u007f~^:?*[\\]|\.\.|@\{/.test(ref))
    throw new SourceUsageError(
      `${JSON.stringify(ref)} is not a branch, tag or commit name (no spaces, no leading "-", none of ~^:?*[\\ or "..")`,
    );
}

function parseBody(body: string, options: ParseSourceSpecOptions): Omit<SourceSpec, "ref"> {
  if (body.startsWith("-"))
    throw new SourceUsageError(
      `${JSON.stringify(body)} starts with "-" and git would read it as an option: ${USAGE}`,
    );
  if (/[\u0000-\u001f\u007f]/.test(body))
    throw new SourceUsageError(`the source holds control characters: ${USAGE}`);
  const github = /^github:(.+)$/.exec(body);
  const short = GITHUB_SHORTHAND.exec(github ? github[1]! : body);
  if (short && !short[2]!.startsWith(".")) return githubSpec(short[1]!, short[2]!);
  if (github) throw new SourceUsageError(`${JSON.stringify(body)} is not github:owner/repo`);
  if (isLocalPath(body)) {
    const path = body === "~" || body.startsWith("~/") ? join(options.home, body.slice(1)) : body;
    const absolute = resolve(options.cwd, path);
    return { url: absolute, key: `file:${trimSlashes(absolute)}` };
  }
  const scp = SCP_LIKE.exec(body);
  if (scp) {
    const [, , host, path] = scp;
    if (host!.startsWith("-") || path!.startsWith("-"))
      throw new SourceUsageError(`${JSON.stringify(body)} names a host or path starting with "-": ${USAGE}`);
    return { url: body, key: keyOf(host!, path!) };
  }
  if (body.includes("::"))
    throw new SourceUsageError(`${JSON.stringify(body)} names a git transport roster does not use: ${USAGE}`);
  let url: URL;
  try {
    url = new URL(body);
  } catch {
    throw new SourceUsageError(`${JSON.stringify(body)} is not a source: ${USAGE}`);
  }
  if (!SCHEMES.has(url.protocol))
    throw new SourceUsageError(
      `${JSON.stringify(body)}: roster reads https, http, ssh, git and file URLs only`,
    );
  if (url.password !== "")
    throw new SourceUsageError(
      "the URL holds a password, which would be written to roster.config.json and roster.lock: let git's credential helper or SSH keys log in instead",
    );
  if (url.protocol === "file:") {
    const path = fileURLToPath(url);
    return { url: body, key: `file:${trimSlashes(path)}` };
  }
  if (url.hostname === "" || url.hostname.startsWith("-"))
    throw new SourceUsageError(`${JSON.stringify(body)} names no host: ${USAGE}`);
  const host = url.port ? `${url.hostname}:${url.port}` : url.hostname;
  return { url: body, key: keyOf(host, decodeURIComponent(url.pathname)) };
}

function githubSpec(owner: string, repo: string): Omit<SourceSpec, "ref"> {
  const name = repo.endsWith(".git") ? repo.slice(0, -4) : repo;
  return { url: `https://github.com/${owner}/${name}.git`, key: keyOf("github.com", `${owner}/${name}`) };
}

/** `host/path`, without a trailing `/` or `.git`; GitHub's names are read without case, as GitHub reads them. */
function keyOf(host: string, path: string): string {
  const h = host.toLowerCase();
  let p = trimSlashes(path.replace(/^\/+/, ""));
  if (p.endsWith(".git")) p = p.slice(0, -4);
  return `${h}/${h === "github.com" ? p.toLowerCase() : p}`;
}

function trimSlashes(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, "") : path;
}

function isLocalPath(body: string): boolean {
  return (
    isAbsolute(body) ||
    body === "." ||
    body === ".." ||
    body === "~" ||
    body.startsWith("./") ||
    body.startsWith("../") ||
    body.startsWith("~/")
  );
}

/** A source's short name for messages: `acme/agents` for GitHub, else its key. */
export function displaySource(spec: Pick<SourceSpec, "key">): string {
  return spec.key.startsWith("github.com/")
    ? spec.key.slice("github.com/".length)
    : spec.key.replace(/^file:/, "");
}
