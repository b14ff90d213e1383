import { existsSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import {
  type ConfigWhere,
  findProjectConfig,
  projectFolder,
  readTrustStore,
  realOr,
  recordTrust,
  type TrustRecord,
  trustStatus,
  trustStorePath,
  userConfigDir,
  writeTrustStore,
} from "@roster/config";
import { type GlobalFlags, resolveBasics } from "./basics.js";
import { FindingError, UsageError } from "./errors.js";
import { headedTable, line, printJson, sentenceLines } from "./output.js";

/** Flags of `roster trust`. */
export interface TrustFlags {
  list?: boolean;
  revoke?: boolean;
}

/** Whether a trusted folder's config and code are still the ones that were trusted. */
export type TrustStatus = "current" | "changed" | "missing" | "unreadable";

function statusOf(record: TrustRecord, home: string): TrustStatus {
  if (record.configFile === null) {
    // Trusted without a config: a config that appeared since is not what was trusted.
    const found = findProjectConfig(record.folder, home);
    return found && realOr(found.dir) === record.folder ? "changed" : "current";
  }
  if (!existsSync(join(record.folder, record.configFile))) return "missing";
  try {
    return trustStatus(record) === undefined ? "current" : "changed";
  } catch {
    return "unreadable";
  }
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
    const trusted = records.map((r) => ({ ...r, status: statusOf(r, home) }));
    if (o.json) printJson(o, { trusted });
    else if (trusted.length === 0) o.out(`No trusted folders (${trustStorePath(where)}).`);
    else
      o.out(
        headedTable(
          o,
          ["FOLDER", "CONFIG", "STATUS", "TRUSTED AT"],
          trusted.map((r) => [r.folder, r.configFile ?? "(none)", r.status, r.trustedAt]),
        ),
      );
    return 0;
  }

  const target = resolve(cwd, dir ?? ".");
  // A typo must not trust the project above it.
  if (!options.revoke && !isDirectory(target))
    throw new UsageError(`${target} is not a folder: nothing to trust.`);
  const found = findProjectConfig(target, home);

  if (options.revoke) {
    const folders = new Set([realOr(target), resolve(target), realOr(projectFolder(target, home))]);
    if (found) folders.add(realOr(found.dir));
    const kept = records.filter((r) => !folders.has(r.folder));
    const revoked = records.filter((r) => folders.has(r.folder)).map((r) => r.folder);
    if (revoked.length === 0) throw new FindingError(`${found?.dir ?? target} is not trusted.`);
    writeTrustStore(where, kept);
    if (o.json) printJson(o, { revoked });
    else for (const folder of revoked) o.out(`No longer trusted: ${folder}. Its config's code will not run.`);
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
  if (recorded?.problem !== undefined)
    o.err(
      line`roster: warning: loading the config stopped early (${recorded.problem}); trusted what loaded until then and what the config names.`,
    );
  if (o.json) printJson(o, { trusted: record });
  else {
    const others = Object.keys(record.files ?? {}).length;
    const sentences = [
      record.configFile !== null
        ? `Trusted ${record.folder}: roster will run ${record.configFile} (sha256 ${record.sha256!.slice(0, 12)}…)` +
          (others > 0 ? ` and ${others} code file${others === 1 ? "" : "s"} it loads or names` : "")
        : `Trusted ${record.folder} (it has no roster config).`,
      "Its agents' permission modes reach the hosts, and hosts load its own settings, hooks and plugins.",
      record.configFile !== null
        ? "A changed config or code file needs `roster trust` again;"
        : "A roster config added later needs `roster trust` again;",
      `\`roster trust --revoke ${record.folder}\` undoes this. Recorded in ${userConfigDir(where)}.`,
    ];
    // A line each when piped; on a terminal each wraps at spaces, not where the terminal cuts.
    for (const sentence of sentences) for (const piece of sentenceLines(o, sentence)) o.out(piece);
  }
  return 0;
}
