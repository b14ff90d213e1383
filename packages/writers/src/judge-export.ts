// What `roster export` decides about one exported file before writing it — the name it is
// written under, whether --strict refuses it, who owns the file in the way — and what it
// says afterwards. Values and sentences only: the CLI writes, prints and exits.
import type { DiscoveryContext } from "@roster/core";
import type { AgentWriter } from "@roster/family";
import { isLossy } from "./agent-writer.js";
import type { AgentExport } from "./export-agent.js";
import { renameFor } from "./rename-agent.js";
import { fileOwner } from "./sync-agents.js";
import { type WriteRefusal, writePathProblem } from "./write-file-inside.js";

/** The name an export writes under, and why, when it is not the agent's own. */
export interface ExportRename {
  to: string;
  why: string;
}

/**
 * The name written: the one asked for (`--name`), else the tool's slug of a name it refuses,
 * else the agent's own; `renamed` when that differs from the agent's name.
 */
export function exportName(
  writer: AgentWriter,
  agentName: string,
  asked: string | undefined,
): { as: string | undefined; renamed: ExportRename | undefined } {
  const slug = asked === undefined ? renameFor(writer, agentName) : undefined;
  const as = asked ?? slug?.name;
  const renamed =
    as === undefined || as === agentName
      ? undefined
      : { to: as, why: slug ? slug.reason : `written as ${as} (--name)` };
  return { as, renamed };
}

/** Who holds the path an export would write: nobody, roster, a person, a link, a link on the way (`blocked`), or a source. */
export type ExportOwner = "absent" | "roster" | "person" | "symlink" | "blocked" | "source";

/** What an export may do with its file: refused by --strict, in the way of something, or written. */
export interface ExportJudgement {
  lossy: boolean;
  /** `--strict` and the export would lose something. */
  refused: boolean;
  /** A link on the way to the file (SPEC §17), when there is one. */
  blocked: WriteRefusal | undefined;
  owner: ExportOwner;
  /** A file roster may not write over is there (a person's, a link, a source's). */
  conflict: boolean;
  /** A real run writes the file (a dry run would). */
  writable: boolean;
}

/**
 * Judges an export before it is written: `--strict` refuses a lossy one; a link on the way,
 * a file a source pinned (`roster.lock`, unless `--out`) or a person's file is in the way;
 * `--stdout` writes no file at all.
 */
export function judgeExport(options: {
  ctx: DiscoveryContext;
  writer: AgentWriter;
  result: AgentExport;
  strict: boolean;
  stdout: boolean;
  /** `--out DIR` was given (a source's pins do not apply there). */
  out: boolean;
  pinned: ReadonlySet<string>;
}): ExportJudgement {
  const { result, stdout } = options;
  const lossy = isLossy(result.fields);
  const refused = options.strict && lossy;
  // Every component below the project, the home or --out DIR: never a link (SPEC §17).
  const blocked = stdout ? undefined : writePathProblem(result.root, result.filePath);
  // A file a source wrote (roster.lock) is the source's: not written over (SPEC §20).
  const pinned = !stdout && !options.out && options.pinned.has(result.filePath);
  const owner: ExportOwner = stdout
    ? "absent"
    : blocked
      ? "blocked"
      : pinned
        ? "source"
        : fileOwner(options.ctx, options.writer, result.dir, result.relativePath);
  const conflict = owner === "person" || owner === "symlink" || owner === "blocked" || owner === "source";
  return { lossy, refused, blocked, owner, conflict, writable: !refused && !conflict && !stdout };
}

/** The error `export --json` reports, if any: --strict, the file in the way, or the write that failed. */
export function exportError(
  judged: ExportJudgement,
  failed: string | undefined,
): { code: string; message: string } | undefined {
  if (failed) return { code: "sync/unwritable", message: failed };
  if (judged.conflict)
    return {
      code: "sync/conflict",
      message: judged.blocked
        ? judged.blocked.message
        : judged.owner === "source"
          ? "a source wrote this file (roster.lock)"
          : "a file roster did not write is in the way",
    };
  if (judged.refused) return { code: "export/strict", message: "--strict: the export would lose fields" };
  return undefined;
}

/** What an export says it did (or would do), one sentence, or undefined when it said nothing (a conflict). */
export function exportSentence(options: {
  writer: Pick<AgentWriter, "displayName" | "profile">;
  target: string;
  written: boolean;
  writable: boolean;
  dryRun: boolean;
  stdout: boolean;
}): string | undefined {
  const { writer, target } = options;
  const against = `checked against ${writer.profile?.checkedAgainst ?? "roster's reader"}`;
  if (options.written) return `wrote ${target} — ${writer.displayName} loads it (${against})`;
  if (options.writable && options.dryRun)
    return `would write ${target} — ${writer.displayName} would load it (${against}); dry run: nothing written`;
  if (options.stdout) return `${writer.displayName} would load it as ${target} (${against})`;
  return undefined;
}

/**
 * Why an export ends in failure, after its report: --strict and what would be lost, the link
 * on the way, the failed write, a source's or a person's file; undefined when it succeeded.
 */
export function exportFailure(options: {
  name: string;
  writer: Pick<AgentWriter, "displayName">;
  result: Pick<AgentExport, "fields">;
  judged: ExportJudgement;
  target: string;
  failed: string | undefined;
}): string | undefined {
  const { name, writer, judged, target } = options;
  if (judged.refused) {
    const lost = options.result.fields
      .filter((f) => f.fate === "dropped" || f.lost !== undefined)
      .map((f) => f.field);
    return `--strict: exporting "${name}" to ${writer.displayName} would lose ${lost.join(", ")}; nothing written`;
  }
  if (judged.conflict && judged.blocked)
    return `cannot write ${target}: ${judged.blocked.message}; nothing written`;
  if (options.failed) return `cannot write ${target}: ${options.failed}`;
  if (judged.conflict && judged.owner === "source")
    return `${target} was written by a source (roster.lock); left untouched (roster remove SOURCE frees the name; --out DIR or --stdout write elsewhere)`;
  if (judged.conflict)
    return `${target} exists and roster did not write it${judged.owner === "symlink" ? " (a symbolic link)" : ""}; left untouched (--out DIR or --stdout write elsewhere)`;
  return undefined;
}
