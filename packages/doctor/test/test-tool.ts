// A tool of no real program, for the doctor's tests: markdown agents named by `name`, needing
// a description, in no place unless a test gives one.
import type { ToolProfile } from "@roster/family";

/** A tool as a third party would declare one: markdown agents with `name` and `description`. */
export function testTool(id: string, overrides: Partial<ToolProfile> = {}): ToolProfile {
  return {
    tool: id,
    displayName: `${id[0]!.toUpperCase()}${id.slice(1)} Tool`,
    checkedAgainst: "its docs",
    places: () => [],
    extensions: [".md"],
    recursive: false,
    followsSymlinks: true,
    identity: "name",
    requiredKeys: ["name", "description"],
    unknownKeys: "ignore",
    knownKeys: ["name", "description"],
    builtins: [],
    filesOverrideBuiltins: true,
    ...overrides,
  };
}
