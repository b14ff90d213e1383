// `roster doctor --fix [--dry-run]`: @roster/doctor's fixes for the project's agent files that
// git tracks (`planFixes`), each shown as a unified diff; the files are written here, through
// the one safe write.
import { discoverAgents } from "@roster/core";
import { describeFsError } from "@roster/core/provider-kit";
import {
  type FileFix,
  findFixes,
  fixCandidates,
  fixesFail,
  fixLines,
  fixSummary,
  gitFiles,
  planFixes,
} from "@roster/doctor";
import { sentenceLines } from "@roster/terminal";
import { WriteRefusedError, writeFileInside } from "@roster/writers";
import type { App } from "../../context.js";
import { paint, printJson } from "../../output.js";

/** Flags of `roster doctor --fix`. */
export interface FixFlags {
  dryRun?: boolean;
}

/**
 * `roster doctor --fix [--dry-run]`: every fix with one safe form for the project's agent
 * files, each shown as a unified diff, written only where git tracks the file (so `git diff`
 * shows it and `git checkout` undoes it), through `writeFileInside` below the work tree's top
 * folder: never a link, never outside. Exit 1 when a file with fixes was left as it is, or
 * (`--dry-run`) when any file would change.
 */
export async function fixDoctor(app: App, flags: FixFlags): Promise<number> {
  const o = app.output;
  const dryRun = flags.dryRun === true;
  const d = await discoverAgents(app.registry, app.ctx, { bodies: "none", records: true });
  const found = findFixes(fixCandidates(d.files, (provider) => app.families.get(provider)?.profile));
  const git =
    found.length > 0
      ? gitFiles({ cwd: app.ctx.cwd, files: found.map((f) => f.filePath), env: app.ctx.env })
      : undefined;
  const results: FileFix[] = planFixes(found, { git, cwd: app.ctx.cwd, dryRun }).map(({ fix, write }) => {
    if (!write) return fix;
    try {
      writeFileInside({ root: write.root, filePath: fix.filePath, content: write.content });
      return fix;
    } catch (error) {
      const why = error instanceof WriteRefusedError ? error.message : describeFsError(error);
      return { filePath: fix.filePath, fixes: fix.fixes, action: "left", reason: why, diff: fix.diff };
    }
  });
  const failed = fixesFail(results, dryRun);
  if (o.json) {
    printJson(o, { dryRun, files: results });
    return failed ? 1 : 0;
  }
  for (const r of results) for (const text of fixLines(r, o)) o.out(text);
  for (const piece of sentenceLines(o, fixSummary(results, dryRun)))
    o.out(paint(o, failed ? "yellow" : "green", piece));
  return failed ? 1 : 0;
}
