import { resolve } from "node:path";
import { discoverAgents } from "@roster/core";
import { describeFsError } from "@roster/core/provider-kit";
import { pinnedPaths } from "@roster/sources";
import {
  exportAgent,
  fileOwner,
  isLossy,
  recordInManifest,
  renameFor,
  WriteRefusedError,
  writeFileInside,
  writePathProblem,
} from "@roster/writers";
import type { App } from "./context.js";
import { FindingError, UsageError } from "./errors.js";
import { findStoredAgent } from "./find-stored-agent.js";
import { printJson, showPath } from "./output.js";
import { checkProvider, pickAgent } from "./pick-agent.js";
import { fieldRows } from "./report-fields.js";
import { scopeOf, writersFor } from "./writers.js";

/** Flags of `roster export`. */
export interface ExportFlags {
  to?: string;
  out?: string;
  stdout?: boolean;
  scope?: string;
  strict?: boolean;
  /** Say what would be written, where, and the field report; write nothing. */
  dryRun?: boolean;
  /** That provider's definition of the agent, even when another shadows it (SPEC §16). */
  provider?: string;
  /** The name to write the agent under (its file's name too). */
  name?: string;
}

/**
 * `roster export NAME --to TOOL`: writes the file that tool loads, where it reads it (or
 * into --out, or to stdout), after reading it back through the tool's reader and rules, and
 * prints what each field became. --strict refuses an export that loses anything.
 */
export async function exportCommand(app: App, name: string, flags: ExportFlags): Promise<number> {
  const writers = writersFor(flags.to, app.families);
  if (writers.length !== 1) throw new UsageError("export writes for one tool; roster sync takes a list");
  if (flags.out && flags.stdout) throw new UsageError("--out and --stdout do not go together");
  const writer = writers[0]!;
  const scope = scopeOf(flags.scope);
  const o = app.output;
  checkProvider(app.registry.ids(), flags.provider);

  // Without --provider, the first family that defines NAME answers (the places after it are
  // not read); an unknown name is told by the whole discovery (its did-you-mean needs every name).
  const agent =
    (flags.provider === undefined ? await findStoredAgent(app, name) : undefined) ??
    pickAgent(
      await discoverAgents(app.registry, app.ctx, { bodies: "on-demand", records: false }),
      name,
      flags.provider,
    );
  // The name written: the one asked for, else the tool's slug of a name it refuses, else its own.
  if (flags.name !== undefined && flags.name.trim() === "") throw new UsageError("--name needs a name");
  const slug = flags.name === undefined ? renameFor(writer, agent.name) : undefined;
  const as = flags.name ?? slug?.name;
  const renamed =
    as === undefined || as === agent.name
      ? undefined
      : { to: as, why: slug ? slug.reason : `written as ${as} (--name)` };
  const options = {
    ctx: app.ctx,
    tools: app.families.tools,
    scope,
    trustProject: app.loaded.project?.trusted === true,
    ...(flags.out ? { outDir: resolve(app.ctx.cwd, flags.out) } : {}),
    ...(as !== undefined ? { as } : {}),
  };
  const result = exportAgent(agent, writer, options);
  if (!result.ok) {
    throw new FindingError(
      `cannot export "${name}" to ${writer.displayName} (${result.code}): ${result.message}`,
    );
  }
  const lossy = isLossy(result.fields);
  const refused = flags.strict === true && lossy;
  // Every component below the project, the home or --out DIR: never a link (SPEC §17).
  const blocked = flags.stdout ? undefined : writePathProblem(result.root, result.filePath);
  // A file a source wrote (roster.lock) is the source's: not written over (SPEC §20).
  const pinned = !flags.stdout && !flags.out && pinnedPaths(app.ctx).paths.has(result.filePath);
  const owner = flags.stdout
    ? "absent"
    : blocked
      ? "blocked"
      : pinned
        ? "source"
        : fileOwner(app.ctx, writer, result.dir, result.relativePath);
  const conflict = owner === "person" || owner === "symlink" || owner === "blocked" || owner === "source";
  // What a real run would write; a dry run stops short of it.
  const writable = !refused && !conflict && !flags.stdout;
  let written = writable && flags.dryRun !== true;
  let failed: string | undefined;
  if (written) {
    try {
      // The manifest first: a file written is never left without roster's mark. A rename is
      // kept there whatever the format's mark, so that a later sync writes the same file.
      if ((writer.marker === "manifest" || renamed) && !flags.out)
        recordInManifest(app.ctx, {
          dir: result.dir,
          relativePath: result.relativePath,
          root: result.root,
          ...(renamed ? { renamedFrom: agent.name } : {}),
        });
      writeFileInside({ root: result.root, filePath: result.filePath, content: result.content });
    } catch (error) {
      written = false;
      failed = error instanceof WriteRefusedError ? error.message : describeFsError(error);
    }
  }

  if (o.json) {
    printJson(o, {
      agent: agent.name,
      ...(renamed ? { writtenAs: renamed.to, renamed: renamed.why } : {}),
      tool: writer.tool,
      filePath: result.filePath,
      written,
      ...(flags.dryRun ? { dryRun: true } : {}),
      lossy,
      ...(refused
        ? { error: { code: "export/strict", message: "--strict: the export would lose fields" } }
        : {}),
      ...(conflict
        ? {
            error: {
              code: "sync/conflict",
              message: blocked
                ? blocked.message
                : owner === "source"
                  ? "a source wrote this file (roster.lock)"
                  : "a file roster did not write is in the way",
            },
          }
        : {}),
      ...(failed ? { error: { code: "sync/unwritable", message: failed } } : {}),
      ...(flags.stdout ? { content: result.content } : {}),
      fields: result.fields,
    });
  } else {
    if (flags.stdout) process.stdout.write(result.content);
    const say = flags.stdout ? o.err : o.out;
    const target = showPath(o, result.filePath);
    if (renamed) say(`renamed: ${renamed.why}`);
    if (written)
      say(
        `wrote ${target} — ${writer.displayName} loads it (checked against ${writer.profile?.checkedAgainst ?? "roster's reader"})`,
      );
    else if (writable && flags.dryRun)
      say(
        `would write ${target} — ${writer.displayName} would load it (checked against ${writer.profile?.checkedAgainst ?? "roster's reader"}); dry run: nothing written`,
      );
    else if (flags.stdout)
      say(
        `${writer.displayName} would load it as ${target} (checked against ${writer.profile?.checkedAgainst ?? "roster's reader"})`,
      );
    say(fieldRows(o, result.fields));
  }
  if (refused) {
    const lost = result.fields
      .filter((f) => f.fate === "dropped" || f.lost !== undefined)
      .map((f) => f.field);
    throw new FindingError(
      `--strict: exporting "${name}" to ${writer.displayName} would lose ${lost.join(", ")}; nothing written`,
    );
  }
  if (conflict && blocked) {
    throw new FindingError(
      `cannot write ${showPath(o, result.filePath)}: ${blocked.message}; nothing written`,
    );
  }
  if (failed) throw new FindingError(`cannot write ${showPath(o, result.filePath)}: ${failed}`);
  if (conflict && owner === "source") {
    throw new FindingError(
      `${showPath(o, result.filePath)} was written by a source (roster.lock); left untouched (roster remove SOURCE frees the name; --out DIR or --stdout write elsewhere)`,
    );
  }
  if (conflict) {
    throw new FindingError(
      `${showPath(o, result.filePath)} exists and roster did not write it${owner === "symlink" ? " (a symbolic link)" : ""}; left untouched (--out DIR or --stdout write elsewhere)`,
    );
  }
  return 0;
}
