import type { LoadedItem } from "@roster/core";

/** A built-in workflow command, shaped like `@roster/commands`' `WorkflowCommand` (SPEC §7). */
export interface BundledCommand {
  /** The file stem: `init`. */
  name: string;
  description: string;
  /** The markdown body, with its `$@` placeholder left for expansion. */
  instructions: string;
  source: "bundled";
  /** `embedded:<file>`, e.g. `embedded:init.md`. */
  filePath: string;
  provider: "bundled";
}

/** The frontmatter the loader gives one agent that shares an embedded body. */
export interface InjectedAgent {
  /** The embedded file whose body the agent uses. */
  file: string;
  /** Fields as parsed frontmatter (camelCase keys); they win over the file's own. */
  frontmatter: Readonly<Record<string, unknown>>;
}

/** What building the bundled definitions yields: the definitions and the items `load` hands out. */
export interface BundledBuild<T> {
  /** Loader items (frontmatter and body), in the same order as `values`. */
  items: LoadedItem[];
  values: T[];
}
