// `roster add` starts git before the app is loaded: resolving the ref and fetching the commit
// are the add's longest wait, and need nothing of the app (no config, family or registry), so
// they run while its modules load. The add then takes what git fetched (@roster/sources'
// fetchAhead); a source, ref or flag it refuses starts nothing.
import { cacheDirOf } from "@roster/index/cache-dir";
import { fetchAhead } from "@roster/sources/fetch-ahead";
import { type GlobalFlags, placesOf } from "../../basics.js";
import { scopeOf } from "../../writers.js";

/** Starts fetching an add's source ahead of the app, unless the add will refuse to run. */
export function fetchAheadOf(
  source: string,
  flags: { ref?: string; path?: string; scope?: string },
  globals: GlobalFlags,
): void {
  let places: ReturnType<typeof placesOf>;
  try {
    // --no-project leaves the project alone: a project add is refused (sourcesEnvironment).
    if (scopeOf(flags.scope) === "project" && globals.project === false) return;
    places = placesOf(globals);
  } catch {
    return;
  }
  fetchAhead({
    source,
    ...(flags.ref !== undefined ? { ref: flags.ref } : {}),
    ...(flags.path !== undefined ? { path: flags.path } : {}),
    cwd: places.cwd,
    home: places.home,
    cacheDir: cacheDirOf({ home: places.home, env: process.env }),
    env: process.env,
  });
}
