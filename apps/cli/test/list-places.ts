// What the two stored-listing suites share: a temporary root per test with a home and a project
// folder in it, and the bin run on them with only PATH (and what a test adds) in the environment.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach } from "vitest";

/** The folders of the current test: `home` and `project` may be pointed elsewhere (a copied fixture). */
export interface Places {
  root: string;
  home: string;
  project: string;
}

/** A fresh root per test, removed after it; `home` and `project` default to folders in it. */
export function placesPerTest(prefix: string): Places {
  const places: Places = { root: "", home: "", project: "" };
  beforeEach(() => {
    places.root = mkdtempSync(join(tmpdir(), prefix));
    places.home = join(places.root, "home");
    places.project = join(places.root, "project");
  });
  afterEach(() => rmSync(places.root, { recursive: true, force: true }), 60_000);
  return places;
}

/** `node <bin> --home <home> --cwd <project> …args`, from the root: its exit code and output. */
export function runBin(bin: string, places: Places, args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [bin, "--home", places.home, "--cwd", places.project, ...args], {
    cwd: places.root,
    env: { PATH: process.env.PATH ?? "", ...env },
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Files written just now are inside the racy window (nothing is stored); a real tree is older. */
export const age = () => new Promise((r) => setTimeout(r, 60));

/** roster's cache folder for these places (no XDG_CACHE_HOME: it follows --home). */
export const cacheDirOf = (places: Places) => join(places.home, ".cache/roster");
