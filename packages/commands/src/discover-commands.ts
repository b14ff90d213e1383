import {
  type CommandPlaceholders,
  type Diagnostic,
  type DiscoveryContext,
  mergeFirstWins,
  nameProblem,
  type ProviderRegistry,
  readLocations,
} from "@roster/core";
import { readCommandFields } from "./command-fields.js";
import { commandNameFromPath } from "./command-name.js";
import type { CommandDiscovery, DiscoverCommandsOptions, WorkflowCommand } from "./types.js";

/** Placeholders a location's commands use when it does not say. */
export const DEFAULT_PLACEHOLDERS: readonly CommandPlaceholders[] = ["positional"];

function withFile(diagnostic: Diagnostic, filePath: string): Diagnostic {
  return diagnostic.filePath === undefined ? { ...diagnostic, filePath } : diagnostic;
}

/** Checks a derived name; returns false (with an error) when there is none to use. */
function checkName(name: string, filePath: string, diagnostics: Diagnostic[]): boolean {
  if (name === "") {
    diagnostics.push({
      severity: "error",
      code: "command/missing-name",
      message: "skipped: no command name could be derived",
      filePath,
    });
    return false;
  }
  const odd = nameProblem(name);
  if (odd) {
    diagnostics.push({
      severity: "warning",
      code: "command/suspicious-name",
      message: `command name ${JSON.stringify(name)} ${odd}; loaded as written`,
      filePath,
    });
  }
  return true;
}

function checkInstructions(body: string, filePath: string, diagnostics: Diagnostic[]): void {
  if (body.trim() === "") {
    diagnostics.push({
      severity: "warning",
      code: "command/empty-instructions",
      message: "the command has no instructions (empty body); loaded anyway",
      filePath,
    });
  }
}

/**
 * Discovers every workflow command the registry's providers know of (SPEC §7): files of
 * every `commands` location in registry order, then provider `load` items (bundled
 * last); the first command of an exact name wins and every loser is in `shadowed`.
 *
 * @example
 * const { commands } = await discoverCommands(registry, { cwd, home, env: process.env });
 */
export async function discoverCommands(
  registry: ProviderRegistry,
  ctx: DiscoveryContext,
  options: DiscoverCommandsOptions = {},
): Promise<CommandDiscovery> {
  // Every command's text is read below: keep the bytes rather than read each file twice.
  const read = await readLocations(registry, ctx, "commands", { cache: options.cache, bodies: "kept" });
  const diagnostics: Diagnostic[] = [...read.diagnostics];
  const candidates: WorkflowCommand[] = [];

  // 1. Files, in location order.
  for (const file of read.files) {
    for (const d of file.parsed.diagnostics) diagnostics.push(withFile(d, file.filePath));
    // A format that found the file unusable (a TOML command without `prompt`) said so.
    if (file.parsed.diagnostics.some((d) => d.severity === "error")) continue;
    const { name, namespace } = commandNameFromPath(file.relativePath, file.format.extensions, file.location);
    if (!checkName(name, file.filePath, diagnostics)) continue;
    const fields = readCommandFields(file.parsed.frontmatter, file.filePath, diagnostics);
    checkInstructions(file.parsed.body, file.filePath, diagnostics);
    const command: WorkflowCommand = {
      name,
      ...fields,
      instructions: file.parsed.body,
      source: file.location.scope,
      filePath: file.filePath,
      provider: file.provider,
      placeholders: file.location.commandPlaceholders ?? DEFAULT_PLACEHOLDERS,
    };
    if (namespace !== undefined) command.namespace = namespace;
    if (file.location.plugin) command.plugin = file.location.plugin;
    candidates.push(command);
  }

  // 2. Provider `load` items (bundled and the like), after every file.
  for (const { provider, item } of read.loaded) {
    const given = item.frontmatter.name;
    const name = typeof given === "string" && given.trim() !== "" ? given : (item.defaultName ?? "");
    if (!checkName(name, item.filePath, diagnostics)) continue;
    const fields = readCommandFields(item.frontmatter, item.filePath, diagnostics);
    checkInstructions(item.body, item.filePath, diagnostics);
    const command: WorkflowCommand = {
      name,
      ...fields,
      instructions: item.body,
      source: item.source ?? "bundled",
      filePath: item.filePath,
      provider,
      placeholders: DEFAULT_PLACEHOLDERS,
    };
    if (item.plugin) command.plugin = item.plugin;
    candidates.push(command);
  }

  const { winners, shadowed } = mergeFirstWins(candidates);
  return {
    commands: winners,
    shadowed: shadowed.map(({ item, winner }) => ({ command: item, shadowedBy: winner.filePath })),
    diagnostics,
    fingerprint: read.fingerprint,
    searched: read.searched,
  };
}
