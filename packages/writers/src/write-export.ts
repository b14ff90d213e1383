// How `roster export` writes what it judged writable, and the value `export --json` answers.
import type { DiscoveryContext } from "@roster/core";
import { describeFsError } from "@roster/core/provider-kit";
import type { AgentWriter } from "@roster/family";
import type { AgentExport } from "./export-agent.js";
import { type ExportJudgement, type ExportRename, exportError } from "./judge-export.js";
import { recordInManifest } from "./sync-agents.js";
import { WriteRefusedError, writeFileInside } from "./write-file-inside.js";

/**
 * Writes an export's file: the manifest first (a file written is never left without roster's
 * mark; a rename is kept there whatever the format's mark, so a later sync writes the same
 * file), then the file. Returns why the write failed, or undefined once written.
 */
export function writeExport(
  ctx: DiscoveryContext,
  options: {
    writer: AgentWriter;
    result: AgentExport;
    renamed: ExportRename | undefined;
    agentName: string;
    out: boolean;
  },
): string | undefined {
  const { result, renamed } = options;
  try {
    if ((options.writer.marker === "manifest" || renamed) && !options.out)
      recordInManifest(ctx, {
        dir: result.dir,
        relativePath: result.relativePath,
        root: result.root,
        ...(renamed ? { renamedFrom: options.agentName } : {}),
      });
    writeFileInside({ root: result.root, filePath: result.filePath, content: result.content });
    return undefined;
  } catch (error) {
    return error instanceof WriteRefusedError ? error.message : describeFsError(error);
  }
}

/** The value `roster export --json` prints: what was written where, the error if any, and every field's fate. */
export function exportJson(options: {
  agentName: string;
  renamed: ExportRename | undefined;
  writer: AgentWriter;
  result: AgentExport;
  judged: ExportJudgement;
  written: boolean;
  failed: string | undefined;
  dryRun: boolean;
  stdout: boolean;
}): Record<string, unknown> {
  const { renamed, result, judged } = options;
  const error = exportError(judged, options.failed);
  return {
    agent: options.agentName,
    ...(renamed ? { writtenAs: renamed.to, renamed: renamed.why } : {}),
    tool: options.writer.tool,
    filePath: result.filePath,
    written: options.written,
    ...(options.dryRun ? { dryRun: true } : {}),
    lossy: judged.lossy,
    ...(error ? { error } : {}),
    ...(options.stdout ? { content: result.content } : {}),
    fields: result.fields,
  };
}
