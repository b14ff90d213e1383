import {
  type Diagnostic,
  type DiscoveryContext,
  type Interpretation,
  mergeSources,
  nameProblem,
  type ProviderRegistry,
  type ReadableSource,
  readSources,
} from "@roster/core";
import { readCommandFields } from "./command-fields.js";
import { commandNameFromPath } from "./command-name.js";
import { commandOptionsOf, DEFAULT_PLACEHOLDERS } from "./command-options.js";
import type { CommandDiscovery, DiscoverCommandsOptions, WorkflowCommand } from "./types.js";

function withFile(diagnostic: Diagnostic, filePath: string): Diagnostic {
  return diagnostic.filePath === undefined ? { ...diagnostic, filePath } : diagnostic;
}

/** A derived name's problem: the skip reason when there is no name, else a warning (or nothing). */
function checkName(name: string, filePath: string): { reason?: Diagnostic; warning?: Diagnostic } {
  if (name === "") {
    return {
      reason: {
        severity: "warning",
        code: "command/missing-name",
        message: "skipped: no command name could be derived",
        filePath,
      },
    };
  }
  const odd = nameProblem(name);
  if (!odd) return {};
  return {
    warning: {
      severity: "warning",
      code: "command/suspicious-name",
      message: `command name ${JSON.stringify(name)} ${odd}; loaded as written`,
      filePath,
      hint: "rename the file; lookups need the exact name",
    },
  };
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

/** Interprets one source as a command: a definition, or a skip with its one reason. */
function interpretCommand(source: ReadableSource): Interpretation<WorkflowCommand> {
  const isFile = source.kind === "file";
  const filePath = isFile ? source.filePath : source.item.filePath;
  const diagnostics: Diagnostic[] = isFile ? source.parsed.diagnostics.map((d) => withFile(d, filePath)) : [];
  let name: string;
  let namespace: string | undefined;
  let fields: { frontmatter: Record<string, unknown>; body: string };
  let placeholders = DEFAULT_PLACEHOLDERS;
  if (isFile) {
    const options = commandOptionsOf(source.location);
    ({ name, namespace } = commandNameFromPath(source.relativePath, source.format.extensions, {
      scope: source.location.scope,
      naming: options.naming,
    }));
    placeholders = options.placeholders;
    fields = source.parsed;
  } else {
    const given = source.item.frontmatter.name;
    name = typeof given === "string" && given.trim() !== "" ? given : (source.item.defaultName ?? "");
    fields = source.item;
  }
  const { reason, warning } = checkName(name, filePath);
  if (reason) return { kind: "skipped", reason, diagnostics: [...diagnostics, reason] };
  if (warning) diagnostics.push(warning);
  const read = readCommandFields(fields.frontmatter, filePath, diagnostics);
  checkInstructions(fields.body, filePath, diagnostics);
  const command: WorkflowCommand = {
    name,
    ...read,
    instructions: fields.body,
    source: isFile ? source.location.scope : (source.item.source ?? "bundled"),
    filePath,
    provider: source.provider,
    placeholders,
  };
  if (namespace !== undefined) command.namespace = namespace;
  const plugin = isFile ? source.location.plugin : source.item.plugin;
  if (plugin) command.plugin = { ...plugin };
  return { kind: "definition", value: Object.freeze(command), diagnostics };
}

/**
 * Discovers every workflow command the registry's providers know of (SPEC §7): files of
 * every `commands` location in registry order, then provider `load` items (bundled
 * last); the first command of an exact name wins and every loser is in `shadowed`.
 * Every file gets a record in `files`; commands and records are frozen.
 *
 * @example
 * const { commands } = await discoverCommands(registry, { cwd, home, env: process.env });
 */
export async function discoverCommands(
  registry: ProviderRegistry,
  ctx: DiscoveryContext,
  options: DiscoverCommandsOptions = {},
): Promise<CommandDiscovery> {
  const { cache } = options;
  const read = await readSources(registry, ctx, { kind: "commands", cache });
  const merged = mergeSources<WorkflowCommand>({
    read,
    kind: "commands",
    interpret: (source) => {
      if (!cache || source.kind !== "file") return interpretCommand(source);
      const { location } = source;
      const key = `${source.provider}\0${location.scope}\0${source.filePath}\0${source.relativePath}\0${location.plugin?.id ?? ""}\0${JSON.stringify(commandOptionsOf(location))}`;
      return cache.build(source.parsed, key, () => interpretCommand(source));
    },
    idOf: (winner) => winner.filePath,
  });
  return {
    commands: merged.winners,
    shadowed: merged.shadowed.map(({ item, shadowedBy }) => Object.freeze({ command: item, shadowedBy })),
    diagnostics: merged.diagnostics,
    fingerprint: read.fingerprint,
    searched: read.searched,
    files: merged.files,
  };
}
