import { resolve } from "node:path";
import { discoverAgents } from "@roster/core";
import { pinnedPaths } from "@roster/sources";
import { showPath } from "@roster/terminal";
import {
  exportAgent,
  exportFailure,
  exportJson,
  exportName,
  exportSentence,
  judgeExport,
  writeExport,
} from "@roster/writers";
import type { App } from "../../context.js";
import { FindingError, UsageError } from "../../errors.js";
import { printJson } from "../../output.js";
import { scopeOf, writersFor } from "../../writers.js";
import { fieldRows } from "../report/report-fields.js";
import { findStoredAgent } from "../run/find-stored-agent.js";
import { checkProvider, pickAgent } from "../run/pick-agent.js";

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
  if (flags.name !== undefined && flags.name.trim() === "") throw new UsageError("--name needs a name");
  const { as, renamed } = exportName(writer, agent.name, flags.name);
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
  const stdout = flags.stdout === true;
  const judged = judgeExport({
    ctx: app.ctx,
    writer,
    result,
    strict: flags.strict === true,
    stdout,
    out: Boolean(flags.out),
    pinned: stdout || flags.out ? new Set() : pinnedPaths(app.ctx).paths,
  });
  // What a real run would write; a dry run stops short of it.
  let written = judged.writable && flags.dryRun !== true;
  const failed = written
    ? writeExport(app.ctx, { writer, result, renamed, agentName: agent.name, out: Boolean(flags.out) })
    : undefined;
  if (failed !== undefined) written = false;

  const target = showPath(o, result.filePath);
  if (o.json) {
    printJson(
      o,
      exportJson({
        agentName: agent.name,
        renamed,
        writer,
        result,
        judged,
        written,
        failed,
        dryRun: flags.dryRun === true,
        stdout,
      }),
    );
  } else {
    if (stdout) process.stdout.write(result.content);
    const say = stdout ? o.err : o.out;
    if (renamed) say(`renamed: ${renamed.why}`);
    const sentence = exportSentence({
      writer,
      target,
      written,
      writable: judged.writable,
      dryRun: flags.dryRun === true,
      stdout,
    });
    if (sentence !== undefined) say(sentence);
    say(fieldRows(o, result.fields));
  }
  const failure = exportFailure({ name, writer, result, judged, target, failed });
  if (failure !== undefined) throw new FindingError(failure);
  return 0;
}
