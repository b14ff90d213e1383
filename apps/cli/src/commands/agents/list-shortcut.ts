// Where the CLI's stored outputs are: @roster/index's store for this build, warning through
// the CLI's output. What is stored and when it holds (the listing, its shortcut, a stored run,
// where an agent was found) is @roster/index's; list-cache.ts, list-fast.ts, stored-run.ts and
// find-stored-agent.ts call it.
import { statSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { type IndexDiagnostic, type IndexKey, type OutputStore, openOutputStore } from "@roster/index";
import { line } from "@roster/terminal";
import pkg from "../../../package.json" with { type: "json" };
import type { Output } from "../../output.js";

/** {@link buildVersion}, taken once per process. */
let version: string | undefined;

/**
 * The build that writes stored output: roster's version and when the bin's main module
 * (`roster.js`, beside every built module) was written, so an upgrade, a reinstall or a
 * rebuild never reads another build's output. The app and the bin's shortcut, two bundles of
 * the same sources, name the same file.
 */
export function buildVersion(): string {
  if (version === undefined) {
    let built = "unknown";
    try {
      built = String(statSync(fileURLToPath(new URL("../../roster.js", import.meta.url))).mtimeMs);
    } catch {
      // An unbundled run: the version alone.
    }
    version = `${pkg.version} built ${built}`;
  }
  return version;
}

/** Cache folders already said to be unsafe in this process: said once, whatever opens them. */
const toldUnsafe = new Set<string>();

/**
 * The output store of `key` (a listing, a shortcut, a stored run). With `output`, a cache
 * folder or record roster may not use (another user's, writable by others) is one warning line
 * on its stderr, once per process.
 */
export function openStore(
  key: IndexKey,
  env: Record<string, string | undefined>,
  home: string,
  output?: Pick<Output, "err">,
): OutputStore {
  return openOutputStore({
    key,
    env,
    home,
    version: buildVersion(),
    ...(output
      ? {
          onUnsafe: (problem: IndexDiagnostic) => {
            if (toldUnsafe.has(problem.filePath ?? problem.message)) return;
            toldUnsafe.add(problem.filePath ?? problem.message);
            output.err(line`roster: warning: ${problem.message}`);
          },
        }
      : {}),
  });
}
