// A made-up tool for the engine's tests: one folder in the project and one in the home, in
// that order, `*.md` only, not recursive, named by `name`, and a built-in `helper` that a file
// overrides.
import { join } from "node:path";
import { defineToolProfile, type ToolProfile } from "@roster/family";

/** The flat test tool `tool`, reading `<cwd>/<folder>` then `<home>/<folder>`. */
export function flatProfile(tool: string, displayName: string, folder: string): ToolProfile {
  return defineToolProfile({
    tool,
    displayName,
    checkedAgainst: `${tool} 1`,
    places: (ctx) => [
      { dir: join(ctx.cwd, folder), scope: "project" },
      { dir: join(ctx.home, folder), scope: "user" },
    ],
    extensions: [".md"],
    recursive: false,
    followsSymlinks: true,
    identity: "name",
    requiredKeys: ["name", "description"],
    unknownKeys: "ignore",
    knownKeys: ["name", "description"],
    builtins: ["helper"],
    filesOverrideBuiltins: true,
  });
}
