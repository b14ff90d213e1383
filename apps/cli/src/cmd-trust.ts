import { existsSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { type GlobalFlags, resolveBasics } from "./basics.js";
import {
  type ConfigWhere,
  findProjectConfig,
  hashConfig,
  readConfigBytes,
  realOr,
  userConfigDir,
} from "./config-places.js";
import { FindingError, UsageError } from "./errors.js";
import { headedTable, printJson } from "./output.js";
import { readTrustStore, type TrustRecord, trustStorePath, writeTrustStore } from "./trust-store.js";

/** Flags of `roster trust`. */
export interface TrustFlags {
  list?: boolean;
  revoke?: boolean;
}

/** Whether a trusted folder's config is still the one that was trusted. */
export type TrustStatus = "current" | "changed" | "missing" | "unreadable";

function statusOf(record: TrustRecord): TrustStatus {
  const file = join(record.folder, record.configFile);
  if (!existsSync(file)) return "missing";
  try {
    return hashConfig(readConfigBytes(file)) === record.sha256 ? "current" : "changed";
  } catch {
    return "unreadable";
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
    const trusted = records.map((r) => ({ ...r, status: statusOf(r) }));
    if (o.json) printJson(o, { trusted });
    else if (trusted.length === 0) o.out(`No trusted folders (${trustStorePath(where)}).`);
    else
      o.out(
        headedTable(
          o,
          ["FOLDER", "CONFIG", "STATUS", "TRUSTED AT"],
          trusted.map((r) => [r.folder, r.configFile, r.status, r.trustedAt]),
        ),
      );
    return 0;
  }

  const target = resolve(cwd, dir ?? ".");
  const found = findProjectConfig(target, home);

  if (options.revoke) {
    const folders = new Set([realOr(target), resolve(target)]);
    if (found) folders.add(realOr(found.dir));
    const kept = records.filter((r) => !folders.has(r.folder));
    const revoked = records.filter((r) => folders.has(r.folder)).map((r) => r.folder);
    if (revoked.length === 0) throw new FindingError(`${found?.dir ?? target} is not trusted.`);
    writeTrustStore(where, kept);
    if (o.json) printJson(o, { revoked });
    else for (const folder of revoked) o.out(`No longer trusted: ${folder}. Its config's code will not run.`);
    return 0;
  }

  if (!found)
    throw new UsageError(
      `no roster.config.json or roster.config.mjs in ${target} or above it (up to the git root or home): nothing to trust.`,
    );
  const record: TrustRecord = {
    folder: realOr(found.dir),
    configFile: basename(found.file),
    sha256: hashConfig(readConfigBytes(found.file)),
    trustedAt: new Date().toISOString(),
  };
  writeTrustStore(where, [...records.filter((r) => r.folder !== record.folder), record]);
  if (o.json) printJson(o, { trusted: record });
  else {
    o.out(
      `Trusted ${record.folder}: roster will run ${record.configFile} (sha256 ${record.sha256.slice(0, 12)}…)`,
    );
    o.out("and the providers and hosts it names. A changed config needs `roster trust` again;");
    o.out(`\`roster trust --revoke ${record.folder}\` undoes this. Recorded in ${userConfigDir(where)}.`);
  }
  return 0;
}
