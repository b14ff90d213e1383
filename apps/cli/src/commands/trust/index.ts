import { resolve } from "node:path";
import {
  type ConfigWhere,
  describeTrusted,
  listTrusted,
  revokedLine,
  revokeTrust,
  trustFolder,
  trustProblemLine,
  trustSentences,
  trustStorePath,
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

/**
 * `roster trust [DIR] [--list | --revoke]` (@roster/config's trust store). Trusting reads the
 * project config only to hash it (through the bounded reader); nothing of it runs here.
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

  if (options.list) {
    const trusted = listTrusted(where);
    if (o.json) printJson(o, { trusted });
    else for (const text of describeTrusted(o, trusted, trustStorePath(where))) o.out(text);
    return 0;
  }

  const target = resolve(cwd, dir ?? ".");
  if (options.revoke) {
    const { revoked, folder } = revokeTrust(target, where);
    if (revoked.length === 0) throw new FindingError(`${folder} is not trusted.`);
    if (o.json) printJson(o, { revoked });
    else for (const folder of revoked) o.out(revokedLine(folder));
    return 0;
  }

  const { record, problem } = await trustFolder(target, where);
  if (problem !== undefined) o.err(trustProblemLine(problem));
  if (o.json) printJson(o, { trusted: record });
  // A line each when piped; on a terminal each wraps at spaces, not where the terminal cuts.
  else
    for (const sentence of trustSentences(record, where))
      for (const piece of sentenceLines(o, sentence)) o.out(piece);
  return 0;
}
