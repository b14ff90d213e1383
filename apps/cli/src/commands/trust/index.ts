import { statSync } from "node:fs";
import { resolve } from "node:path";
import {
  type ConfigWhere,
  describeTrusted,
  findProjectConfig,
  foldersToRevoke,
  projectFolder,
  readTrustStore,
  realOr,
  recordTrust,
  revokedLine,
  type TrustRecord,
  trustProblemLine,
  trustRecordStatus,
  trustSentences,
  trustStorePath,
  writeTrustStore,
} from "@roster/config";
import { sentenceLines } from "@roster/terminal";
import { type GlobalFlags, resolveBasics } from "../../basics.js";
import { FindingError, UsageError } from "../../errors.js";
import { printJson } from "../../output.js";

/** Flags of `roster trust`. */
export interface TrustFlags {
  list?: boolean;
  revoke?: boolean;
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/**
 * `roster trust [DIR] [--list | --revoke]`. Trusting reads the project config only to hash
 * it (through the bounded reader); nothing of it runs here.
 */
export async function trust(
  flags: GlobalFlags,
  dir: string | undefined,
  options: TrustFlags,
): Promise<number> {
  if (options.list && options.revoke)
    throw new UsageError("roster trust takes --list or --revoke, not both.");
  if (options.list && dir !== undefined) throw new UsageError("roster trust --list takes no folder.");
  const { cwd, home, env, output: o } = resolveBasics(flags);
  const where: ConfigWhere = { home, env };
  const records = readTrustStore(where);

  if (options.list) {
    const trusted = records.map((r) => ({ ...r, status: trustRecordStatus(r, home) }));
    if (o.json) printJson(o, { trusted });
    else for (const text of describeTrusted(o, trusted, trustStorePath(where))) o.out(text);
    return 0;
  }

  const target = resolve(cwd, dir ?? ".");
  // A typo must not trust the project above it.
  if (!options.revoke && !isDirectory(target))
    throw new UsageError(`${target} is not a folder: nothing to trust.`);
  const found = findProjectConfig(target, home);

  if (options.revoke) {
    const folders = foldersToRevoke(target, home, found?.dir);
    const kept = records.filter((r) => !folders.has(r.folder));
    const revoked = records.filter((r) => folders.has(r.folder)).map((r) => r.folder);
    if (revoked.length === 0) throw new FindingError(`${found?.dir ?? target} is not trusted.`);
    writeTrustStore(where, kept);
    if (o.json) printJson(o, { revoked });
    else for (const folder of revoked) o.out(revokedLine(folder));
    return 0;
  }

  // Without a config, the project's folder (its git root) is trusted: its agents may then raise
  // permissions on hosts, and hosts load its own settings, hooks and plugins. With one, trusting
  // loads the config and its providers once (nothing else of them runs) to note every file of
  // code Node loads for them.
  const recorded = found ? await recordTrust(found, where) : undefined;
  const record: TrustRecord = recorded
    ? recorded.record
    : {
        folder: realOr(projectFolder(target, home)),
        configFile: null,
        sha256: null,
        trustedAt: new Date().toISOString(),
      };
  writeTrustStore(where, [...records.filter((r) => r.folder !== record.folder), record]);
  if (recorded?.problem !== undefined) o.err(trustProblemLine(recorded.problem));
  if (o.json) printJson(o, { trusted: record });
  // A line each when piped; on a terminal each wraps at spaces, not where the terminal cuts.
  else
    for (const sentence of trustSentences(record, where))
      for (const piece of sentenceLines(o, sentence)) o.out(piece);
  return 0;
}
