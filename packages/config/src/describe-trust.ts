// What `roster trust` decides and says: whether a trusted folder is still what was trusted,
// which records a revoke removes, and the sentences a trust ends with. Values and lines only
// (@roster/terminal): the CLI reads argv, writes the store and prints.
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { type Fit, headedTable, type Line, line } from "@roster/terminal";
import { trustCommand, trustStatus } from "./config.js";
import { type ConfigWhere, findProjectConfig, realOr, userConfigDir } from "./config-places.js";
import { projectFolder } from "./project-trust.js";
import type { TrustRecord } from "./trust-store.js";

/** Whether a trusted folder's config and code are still the ones that were trusted. */
export type TrustStatus = "current" | "changed" | "missing" | "unreadable";

/** A trusted folder's status: its config (and code) unchanged, changed, gone, or unreadable. */
export function trustRecordStatus(record: TrustRecord, home: string): TrustStatus {
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

/** `roster trust --list`: every trusted folder with its config, status and time, or that there is none. */
export function describeTrusted(
  view: Fit,
  trusted: ReadonlyArray<TrustRecord & { status: TrustStatus }>,
  storePath: string,
): Array<string | Line> {
  if (trusted.length === 0) return [`No trusted folders (${storePath}).`];
  return [
    headedTable(
      view,
      ["FOLDER", "CONFIG", "STATUS", "TRUSTED AT"],
      trusted.map((r) => [r.folder, r.configFile ?? "(none)", r.status, r.trustedAt]),
    ),
  ];
}

/**
 * The folders `roster trust --revoke DIR` forgets: DIR as given and as its real path, its
 * project's folder, and the folder of the project config found from it.
 */
export function foldersToRevoke(target: string, home: string, configDir: string | undefined): Set<string> {
  const folders = new Set([realOr(target), resolve(target), realOr(projectFolder(target, home))]);
  if (configDir !== undefined) folders.add(realOr(configDir));
  return folders;
}

/** The line `roster trust --revoke` prints per folder it forgot. */
export function revokedLine(folder: string): string {
  return `No longer trusted: ${folder}. Its config's code will not run.`;
}

/**
 * What `roster trust` ends with: what is trusted (the config, its hash, the code files it
 * loads), what that allows, what needs trusting again, and how to undo it.
 */
export function trustSentences(record: TrustRecord, where: ConfigWhere): string[] {
  const others = Object.keys(record.files ?? {}).length;
  return [
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
}

/** The warning of a trust whose config stopped loading early (`problem`): what was trusted anyway. */
export function trustProblemLine(problem: string): Line {
  return line`roster: warning: loading the config stopped early (${problem}); trusted what loaded until then and what the config names.`;
}

/** A host's trust note with the way to trust the project (when it has a folder: not with --no-project). */
export function trustNoteText(note: string, folder: string | undefined): string {
  return folder !== undefined
    ? `${note}. Review the project, then \`${trustCommand(folder)}\` to allow it.`
    : `${note} (--no-project).`;
}
