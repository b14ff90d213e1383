// What `roster trust` does to the trust store (SPEC §5.3, §17): list the trusted folders,
// forget one, trust one. The store is read and written here; nothing is printed (the lines
// are describe-trust.ts's), and nothing of a project's code runs but what recordTrust loads.
import { statSync } from "node:fs";
import { type RecordedTrust, recordTrust } from "./config.js";
import { ConfigError } from "./config-error.js";
import { type ConfigWhere, findProjectConfig, realOr } from "./config-places.js";
import { foldersToRevoke, type TrustStatus, trustRecordStatus } from "./describe-trust.js";
import { projectFolder } from "./project-trust.js";
import { readTrustStore, type TrustRecord, writeTrustStore } from "./trust-store.js";

/** `roster trust --list`: every folder of the store with its status, in the store's order. */
export function listTrusted(where: ConfigWhere): Array<TrustRecord & { status: TrustStatus }> {
  return readTrustStore(where).map((r) => ({ ...r, status: trustRecordStatus(r, where.home) }));
}

/**
 * `roster trust --revoke DIR`: forgets DIR, its project's folder and its config's folder
 * ({@link foldersToRevoke}). `revoked` is empty, and the store untouched, when none of them
 * was trusted; `folder` is the one to name then (the config's, else DIR).
 */
export function revokeTrust(target: string, where: ConfigWhere): { revoked: string[]; folder: string } {
  const records = readTrustStore(where);
  const found = findProjectConfig(target, where.home);
  const folders = foldersToRevoke(target, where.home, found?.dir);
  const revoked = records.filter((r) => folders.has(r.folder)).map((r) => r.folder);
  if (revoked.length > 0)
    writeTrustStore(
      where,
      records.filter((r) => !folders.has(r.folder)),
    );
  return { revoked, folder: found?.dir ?? target };
}

/**
 * `roster trust DIR`: trusts DIR's project, replacing an older record of its folder. Without
 * a config the project's folder (its git root) is trusted: its agents may then raise
 * permissions on hosts, and hosts load its own settings, hooks and plugins. With one, the
 * config and its providers are loaded once to note every file of code Node loads for them
 * ({@link recordTrust}; nothing else of them runs). A DIR that is not a folder is a
 * {@link ConfigError}: a typo must not trust the project above it.
 */
export async function trustFolder(target: string, where: ConfigWhere): Promise<RecordedTrust> {
  const records = readTrustStore(where);
  if (!isDirectory(target)) throw new ConfigError(`${target} is not a folder: nothing to trust.`);
  const found = findProjectConfig(target, where.home);
  const recorded: RecordedTrust = found
    ? await recordTrust(found, where)
    : {
        record: {
          folder: realOr(projectFolder(target, where.home)),
          configFile: null,
          sha256: null,
          trustedAt: new Date().toISOString(),
        },
      };
  const { record } = recorded;
  writeTrustStore(where, [...records.filter((r) => r.folder !== record.folder), record]);
  return recorded;
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
