import type { ProfilePlace, ProfileScope, ToolReason } from "@roster/family";

// What one tool would load (SPEC §4.4): the result of viewAsTool. The profile a family
// declares, and the codes and reasons of its checks, are core's contract (`ToolProfile`).

/** What a tool does with one file. */
export type ToolFileOutcome = "loaded" | "shadowed" | "rejected" | "ignored";

/** One file as the tool sees it, in the tool's search order. */
export interface ToolViewFile {
  filePath: string;
  /** `/`-separated path relative to its place. */
  relativePath: string;
  scope: ProfileScope;
  outcome: ToolFileOutcome;
  /** The identity the tool gives it (`team/reviewer`, `plugin:sub:name`), when it has one. */
  id?: string;
  /** The `name` its frontmatter writes, when it writes one (the tool may call it by `id` instead). */
  name?: string;
  description?: string;
  /** Why it is not loaded (every outcome but `loaded`). */
  reason?: ToolReason;
  /** The file (or `builtin:<name>`) that wins over it. */
  shadowedBy?: string;
  /** Keys the tool drops although it loads the file (plugin agents' `hooks`, …). */
  ignoredKeys?: string[];
  /** What the tool does with a value of the file it loads that roster's own view does otherwise. */
  notes?: ToolReason[];
  /** The prompt the tool gives the agent (loaded files). */
  prompt?: string;
}

/** A place as searched. */
export interface ToolViewPlace extends ProfilePlace {
  status: "read" | "missing" | "untrusted" | "unreadable" | "not-a-directory";
}

/** One agent the tool would offer. */
export interface ToolViewAgent {
  /** What the tool calls it. */
  id: string;
  /** The `name` its file writes, when it writes one (a built-in has none). */
  name?: string;
  description: string;
  scope: ProfileScope | "builtin";
  filePath?: string;
  /** The prompt the tool would give it, byte for byte as the tool keeps it (files only). */
  prompt?: string;
  /** Every file merged into it, highest precedence first, when the tool deep-merges (opencode). */
  mergedFrom?: string[];
}

/** What one tool would load from this cwd and home (SPEC §4.4). */
export interface ToolView {
  tool: string;
  displayName: string;
  checkedAgainst: string;
  places: ToolViewPlace[];
  files: ToolViewFile[];
  /** The agents it would offer, winners only, built-ins included; none when `refusedBy` is set. */
  agents: ToolViewAgent[];
  /** The file that makes the tool refuse its whole configuration, and why (opencode). */
  refusedBy?: { filePath: string; reason: ToolReason };
}
