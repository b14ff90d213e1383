import { join } from "node:path";
import type { Diagnostic, DiscoveryContext, LoadedItem } from "@roster/core";
import {
  errorCode,
  fileSystemOf,
  isRecord,
  jsonNestedDeeperThan,
  loadLazily,
  MAX_DATA_DEPTH,
} from "@roster/core/provider-kit";
import { ancestorsToRepoRoot } from "@roster/family";
import type { ParseError } from "jsonc-parser";
import { mapOpencodeAgent } from "./opencode-fields.js";
import { opencodeUserDir } from "./opencode-paths.js";

/** jsonc-parser, loaded on the first config file found: most folders have none. */
const jsoncParser = loadLazily<typeof import("jsonc-parser")>({
  url: import.meta.url,
  id: "jsonc-parser",
  bundled: () => require("jsonc-parser"),
});

/** A config file is a few KiB; larger ones are not read. */
const MAX_CONFIG_BYTES = 1024 * 1024;

/** Config file names opencode reads in a folder, in the order roster tries them. */
export const OPENCODE_CONFIG_FILES = ["opencode.jsonc", "opencode.json"] as const;

/** The config files roster reads, highest precedence first: project (nearest first, up to the repository root), then user. */
export function opencodeConfigFiles(
  ctx: DiscoveryContext,
): Array<{ path: string; scope: "project" | "user" }> {
  const files: Array<{ path: string; scope: "project" | "user" }> = [];
  if (ctx.trustProject !== false) {
    for (const dir of ancestorsToRepoRoot(ctx)) {
      for (const name of OPENCODE_CONFIG_FILES) files.push({ path: join(dir, name), scope: "project" });
    }
  }
  for (const name of OPENCODE_CONFIG_FILES)
    files.push({ path: join(opencodeUserDir(ctx), name), scope: "user" });
  return files;
}

function readText(
  ctx: Pick<DiscoveryContext, "fs">,
  path: string,
  diagnostics: Diagnostic[],
): string | undefined {
  const fs = fileSystemOf(ctx);
  try {
    if (!fs.stat(path).isFile()) return undefined;
    const buffer = fs.readFile(path, MAX_CONFIG_BYTES);
    if (buffer.length > MAX_CONFIG_BYTES) throw new Error(`over the ${MAX_CONFIG_BYTES}-byte limit`);
    return buffer.toString("utf8").replace(/^\uFEFF/, "");
  } catch (error) {
    const code = errorCode(error);
    if (code === "ENOENT" || code === "ENOTDIR") return undefined;
    diagnostics.push({
      severity: "warning",
      code: "opencode/config-unreadable",
      message: `cannot read opencode config: ${error instanceof Error ? error.message : String(error)}`,
      filePath: path,
    });
    return undefined;
  }
}

/** One `agent` entry of an opencode config file, as written. */
export interface OpencodeConfigEntry {
  /** `agent` or `agents` (its V2 spelling). */
  key: "agent" | "agents";
  name: string;
  entry: unknown;
}

/**
 * The `agent` (and `agents`) entries of one `opencode.json[c]`, in written order; none
 * (with a warning) for a file that is unreadable, over 1 MiB, nested too deep or not JSONC.
 * A missing file has none and no warning.
 */
export function readOpencodeConfigEntries(
  ctx: Pick<DiscoveryContext, "fs">,
  path: string,
): { entries: OpencodeConfigEntry[]; diagnostics: Diagnostic[] } {
  const entries: OpencodeConfigEntry[] = [];
  const diagnostics: Diagnostic[] = [];
  const text = readText(ctx, path, diagnostics);
  if (text === undefined) return { entries, diagnostics };
  // jsonc-parser recurses per level (20,000 levels overflow the stack), and so does
  // everything after it: the depth is counted on the text first.
  if (jsonNestedDeeperThan(text, MAX_DATA_DEPTH + 1)) {
    diagnostics.push({
      severity: "warning",
      code: "opencode/config-invalid",
      message: `opencode config is nested deeper than ${MAX_DATA_DEPTH} levels; its agents are not read`,
      filePath: path,
    });
    return { entries, diagnostics };
  }
  const errors: ParseError[] = [];
  const { parse, printParseErrorCode } = jsoncParser();
  const config = parse(text, errors, { allowTrailingComma: true, disallowComments: false });
  if (errors.length > 0 || !isRecord(config)) {
    const first = errors[0];
    diagnostics.push({
      severity: "warning",
      code: "opencode/config-invalid",
      message: first
        ? `opencode config is not valid JSONC (${printParseErrorCode(first.error)} at offset ${first.offset}); its agents are not read`
        : "opencode config is not a JSON object; its agents are not read",
      filePath: path,
    });
    return { entries, diagnostics };
  }
  for (const key of ["agent", "agents"] as const) {
    const block = config[key];
    if (block === undefined) continue;
    if (!isRecord(block)) {
      diagnostics.push({
        severity: "warning",
        code: "opencode/config-invalid",
        message: `"${key}" must be an object of agents by name`,
        filePath: path,
      });
      continue;
    }
    for (const [name, entry] of Object.entries(block)) entries.push({ key, name, entry });
  }
  return { entries, diagnostics };
}

/**
 * The agents declared in opencode config files: the `agent` map (and `agents`, its V2
 * spelling) of each `opencode.json[c]`, as loaded items named by their key. A prompt of
 * the form `{file:…}` is not followed (roster reads no path a project file names); the
 * agent's prompt is then empty and an info diagnostic says so.
 */
export function loadOpencodeConfigAgents(ctx: DiscoveryContext): {
  items: LoadedItem[];
  diagnostics: Diagnostic[];
} {
  const items: LoadedItem[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const { path, scope } of opencodeConfigFiles(ctx)) {
    const read = readOpencodeConfigEntries(ctx, path);
    diagnostics.push(...read.diagnostics);
    for (const { key, name, entry } of read.entries) {
      if (!isRecord(entry)) continue;
      const mapped = mapOpencodeAgent(entry, name);
      diagnostics.push(...mapped.diagnostics.map((d) => ({ ...d, filePath: path })));
      // A disabled config agent is no item at all: its reason stays among the provider's diagnostics.
      if (mapped.disabled) {
        diagnostics.push({ ...mapped.disabled, filePath: path });
        continue;
      }
      let body = "";
      const prompt = entry.prompt;
      if (typeof prompt === "string" && /^\{file:.*\}$/s.test(prompt.trim())) {
        diagnostics.push({
          severity: "info",
          code: "opencode/prompt-file",
          message: `agent "${name}" takes its prompt from ${prompt.trim()}; roster does not follow file references, so its prompt is empty`,
          filePath: path,
        });
      } else if (typeof prompt === "string") body = prompt.trim();
      const { prompt: _prompt, ...frontmatter } = mapped.frontmatter;
      items.push({ filePath: `${path}#${key}.${name}`, source: scope, frontmatter, body });
    }
  }
  return { items, diagnostics };
}
