import type { InjectedAgent } from "./types.js";

/** The embedded file both task agents share. */
export const TASK_BODY_FILE = "task.md";

/**
 * The `task` and `quick_task` agents: one body, frontmatter injected here (SPEC §4.3).
 * `agents/task.md` has no frontmatter on purpose and holds only the prompt (a body keeps its
 * HTML comments, so a note for maintainers belongs here). Neither lists tools, so both keep the tools of the session that spawns them.
 */
export const TASK_VARIANTS: readonly InjectedAgent[] = [
  {
    file: TASK_BODY_FILE,
    frontmatter: {
      name: "task",
      description:
        "General-purpose worker for one self-contained piece of work (implement, fix, refactor, investigate); makes the smallest correct change, verifies it and reports back. May delegate to other agents.",
      spawns: "*",
      thinkingLevel: "medium",
    },
  },
  {
    file: TASK_BODY_FILE,
    frontmatter: {
      name: "quick_task",
      description:
        "Fast, low-effort variant of task for small, well-specified, mechanical changes (a rename, a one-line fix, updating a value); same rules, minimal thinking.",
      thinkingLevel: "minimal",
    },
  },
];
