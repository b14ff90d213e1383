// Module hooks of roster's code guard (code-guard.ts), run by Node's module loader thread
// (`module.register`). A standalone file with only Node's own modules: it is loaded by URL,
// beside the module that registers it (the CLI's build copies it into dist/).
//
// Project code is every file a project entry (its `roster.config.mjs`, a provider its config
// names) loads, and what those load in turn, ESM and CommonJS alike: CommonJS project files
// get their source from here, so that their `require()` calls come back through these hooks
// with the requiring file as parent. In "enforce" mode a project file is loaded only when its
// bytes hash to what `roster trust` recorded; in "record" mode (`roster trust` itself) each
// one is reported with its hash.
import { createHash } from "node:crypto";
import { closeSync, constants, fstatSync, openSync, readSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** The error code a refused file's error carries (code-guard.ts reads it back). */
const REFUSED = "ROSTER_UNTRUSTED_CODE";

let port;
/** mode: "off" | "record" | "enforce"; trusted: path → sha256; entries: real paths; fix: the command to tell. */
let state = { mode: "off", trusted: new Map(), entries: new Set(), folder: "", fix: "", limit: 0 };
/** URLs of project code seen so far. */
const project = new Set();

export function initialize(data) {
  port = data.port;
  port.on("message", (message) => {
    if (message.type === "configure") {
      state = {
        mode: message.mode,
        trusted: new Map(Object.entries(message.trusted)),
        entries: new Set(message.entries),
        folder: message.folder,
        fix: message.fix,
        limit: message.limit,
      };
      if (message.mode === "off") project.clear();
    } else if (message.type === "entries") for (const entry of message.entries) state.entries.add(entry);
    // Every message is answered once handled: the main thread waits for it before it imports.
    port.postMessage({ type: "ack", id: message.id });
  });
  port.unref();
}

function pathOf(url) {
  try {
    return url.startsWith("file:") ? fileURLToPath(url) : undefined;
  } catch {
    return undefined;
  }
}

/** Is `url` (whose parent is `parentURL`) project code? */
function isProject(url, parentURL) {
  const path = pathOf(url);
  if (path === undefined) return false;
  if (state.entries.has(path) || (parentURL !== undefined && project.has(parentURL))) return true;
  // A parent the main thread loaded (a CommonJS file of the trusted set) that imports.
  const parent = parentURL === undefined ? undefined : pathOf(parentURL);
  return parent !== undefined && state.trusted.has(parent);
}

export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  if (state.mode !== "off" && isProject(resolved.url, context.parentURL)) {
    project.add(resolved.url);
    if (state.mode === "record")
      port.postMessage({ type: "edge", parent: context.parentURL, url: resolved.url });
  }
  return resolved;
}

/** A regular file's bytes, at most `limit`; anything else is a refusal. */
function readBounded(path, limit) {
  const fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    if (!fstatSync(fd).isFile()) throw refusal(path, "it is not a regular file");
    const buffer = Buffer.alloc(limit + 1);
    let length = 0;
    for (;;) {
      const read = readSync(fd, buffer, length, buffer.length - length, null);
      if (read === 0) break;
      length += read;
      if (length > limit) throw refusal(path, `it is larger than ${limit} bytes`);
    }
    return buffer.subarray(0, length);
  } finally {
    closeSync(fd);
  }
}

function refusal(path, why) {
  const error = new Error(
    `${path} is code this project's roster config loads, and ${why}: not run. Review it, then run \`${state.fix}\`.`,
  );
  error.code = REFUSED;
  return error;
}

export async function load(url, context, nextLoad) {
  if (state.mode === "off" || !project.has(url)) return nextLoad(url, context);
  const path = pathOf(url);
  // Node's own load would wait forever on a FIFO: only a regular file of a bounded size is read.
  if (path !== undefined) {
    let stats;
    try {
      stats = statSync(path);
    } catch {
      return nextLoad(url, context); // Not there: Node's own load says so.
    }
    if (!stats.isFile()) throw refusal(path, "it is not a regular file");
    if (stats.size > state.limit) throw refusal(path, `it is larger than ${state.limit} bytes`);
  }
  const loaded = await nextLoad(url, context);
  if (path === undefined || loaded.format === "builtin") return loaded;
  // What Node runs is what is hashed: its own bytes, or (CommonJS) the bytes handed to it here.
  const bytes =
    loaded.source === undefined || loaded.source === null
      ? readBounded(path, state.limit)
      : Buffer.from(loaded.source);
  const hash = createHash("sha256").update(bytes).digest("hex");
  if (state.mode === "record") port.postMessage({ type: "file", path, hash });
  else {
    const trusted = state.trusted.get(path);
    if (trusted === undefined)
      throw refusal(
        path,
        `it is not among the files you trusted for ${state.folder} (new since \`roster trust\`)`,
      );
    if (trusted !== hash) throw refusal(path, `it changed after you trusted ${state.folder}`);
  }
  return { ...loaded, source: bytes };
}
