// `roster new NAME --for TOOL`: a new agent file, written by that tool's writer where the tool
// reads it, and checked with the tool's own view (`roster why NAME --as TOOL`) before it is
// called done.
import { showPath, showPaths } from "@roster/terminal";
import {
  checkNewAgent,
  describeNewAgent,
  exportAgent,
  lossyNewMessage,
  lostFields,
  NewAgentRefusal,
  NewAgentUsageError,
  newAgentJson,
  newAgentOf,
  removeFileInside,
  writeNewAgentFile,
} from "@roster/writers";
import type { App } from "../../context.js";
import { FindingError, UsageError } from "../../errors.js";
import { printJson } from "../../output.js";
import { scopeOf, writersFor } from "../../writers.js";
import { profileFor, toolResolution } from "../as/index.js";
import { fieldRows } from "../report/report-fields.js";

/** Flags of `roster new`. */
export interface NewFlags {
  for?: string;
  description?: string;
  /** Comma-separated tool names (roster's or the tool's own: `Read,Grep`, `read_file`). */
  tools?: string;
  /** The agent's instructions (`-` reads them from stdin). */
  prompt?: string;
  scope?: string;
}

/**
 * `roster new NAME --for TOOL`: writes NAME's file in TOOL's project (or user) folder through
 * TOOL's writer — never over a file that is there — then asks TOOL's own view whether it
 * loads NAME from that file. A file the tool would not load as NAME is removed again and the
 * reason is the error; one the tool loads once a person says so in the tool (a folder to
 * trust, an agent to acknowledge) stays, and the step is said.
 */
export async function newAgent(app: App, name: string, flags: NewFlags): Promise<number> {
  if (flags.for === undefined)
    throw new UsageError(
      `roster new needs --for TOOL: one of ${app.families.writers.map((w) => w.tool).join(", ")}`,
    );
  const writers = writersFor(flags.for, app.families, "--for");
  if (writers.length !== 1) throw new UsageError("roster new writes one agent for one tool");
  const writer = writers[0]!;
  const scope = scopeOf(flags.scope);
  const o = app.output;

  // 1. The agent from what was asked (a mistake is a usage error; @roster/writers' `newAgentOf`).
  // The executor (and Ajv) load only for `--prompt -`: `new` shares its chunk with list, show and why.
  const agent = await newAgentError(() =>
    newAgentOf({
      writer,
      name,
      description: flags.description,
      tools: flags.tools,
      prompt: flags.prompt,
      readPrompt,
      scope,
    }),
  );
  const result = exportAgent(agent, writer, {
    ctx: app.ctx,
    tools: app.families.tools,
    scope,
    marker: false,
  });
  if (!result.ok)
    throw new FindingError(
      `cannot write "${name}" for ${writer.displayName} (${result.code}): ${result.message}`,
      { code: result.code },
    );
  // What was asked is written whole, or not at all (a tool name the tool has no word for).
  const lost = lostFields(result.fields);
  if (lost.length > 0) {
    o.err(fieldRows(o, lost));
    throw new FindingError(lossyNewMessage(writer.displayName, lost), { code: "new/lossy" });
  }

  // 3. Never over anything: a file (or a link) of that name, or a link on the way.
  const target = showPath(o, result.filePath);
  await newAgentError(() =>
    writeNewAgentFile({
      ctx: app.ctx,
      root: result.root,
      filePath: result.filePath,
      content: result.content,
      shown: target,
    }),
  );

  // 4. The tool's own view: does it load NAME from this file?
  const profile = writer.profile ? profileFor(writer.tool, app.families) : undefined;
  const view = profile ? await toolResolution(app, profile, name) : undefined;
  const check = checkNewAgent({ check: view, filePath: result.filePath, name });
  if (!check.loads && !check.asks) {
    // Not the agent that was asked for: the file goes again, nothing is left half-done.
    removeFileInside({ root: result.root, filePath: result.filePath });
    const why = showPaths(o, check.why ?? "");
    throw new FindingError(`${target} would not load as ${name}: ${why}; nothing written`, {
      code: check.code ?? "tool/shadowed",
    });
  }

  const written = {
    name,
    writer,
    scope,
    filePath: result.filePath,
    fields: result.fields,
    check,
    viewed: !!view,
  };
  if (o.json) printJson(o, newAgentJson(written));
  else for (const text of describeNewAgent(o, written)) o.out(text);
  return 0;
}

/** Runs `step`, saying @roster/writers' refusals of a new agent as the CLI's usage errors and findings. */
async function newAgentError<T>(step: () => Promise<T> | T): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof NewAgentUsageError) throw new UsageError(error.message);
    if (error instanceof NewAgentRefusal) throw new FindingError(error.message, { code: error.code });
    throw error;
  }
}

/** `--prompt -`: the instructions read from stdin, bounded (@roster/executor's `readBounded`). */
async function readPrompt(): Promise<string> {
  const [{ readBounded }, { usageOf }] = await Promise.all([
    import("@roster/executor"),
    import("../../library-usage.js"),
  ]);
  return usageOf(() => readBounded("--prompt", process.stdin));
}
