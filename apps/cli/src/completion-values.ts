// What each flag's value and each argument completes to, by the flag's name: the one table
// `roster completion` adds to commander's own (which names every command, flag and argument).

import type { TableArgument, TableCommand, TableOption, Values, ValuesOf } from "@roster/completion";
import { type AppFamilies, hostFamilies } from "./families.js";
import { SOURCES } from "./list-print.js";
import { skillToolsOf } from "./skill-sources.js";

/** A flag's values by its long name (`sync --to` takes a comma-separated list); tools from the app's set. */
const flagValues = (families: AppFamilies): Record<string, (command: TableCommand) => Values> => ({
  "--cwd": () => ({ kind: "dirs" }),
  "--home": () => ({ kind: "dirs" }),
  "--out": () => ({ kind: "dirs" }),
  "--config": () => ({ kind: "files" }),
  "--html": () => ({ kind: "files" }),
  "--as": (command) => ({
    kind: "words",
    words:
      command.parent?.name() === "skills" ? skillToolsOf(families) : families.profiles.map((p) => p.tool),
  }),
  "--to": (command) => ({
    kind: "words",
    words: families.writers.map((w) => w.tool),
    list: command.name() === "sync",
  }),
  "--for": () => ({ kind: "words", words: families.writers.map((w) => w.tool) }),
  "--host": () => ({ kind: "words", words: [...hostFamilies(families).map((f) => f.id), "auto"] }),
  "--provider": () => ({ kind: "words", words: families.ids() }),
  "--source": () => ({ kind: "words", words: SOURCES }),
  "--scope": () => ({ kind: "words", words: ["project", "user"] }),
});

/**
 * What an option's value or an argument completes to, among the app's `families`: by the
 * flag's name (above); an argument `<name>`/`<agent>` is an agent (a workflow command under
 * `commands`, a skill under `skills`), `[dir]` a folder.
 */
export function valuesOf(families: AppFamilies): ValuesOf {
  const flags = flagValues(families);
  return (item, command) => valueFor(flags, item, command);
}

function valueFor(
  flags: Record<string, (command: TableCommand) => Values>,
  item: TableOption | TableArgument,
  command: TableCommand,
): Values | undefined {
  if ("flags" in item) return item.long ? flags[item.long]?.(command) : undefined;
  const name = item.name();
  if (name === "dir") return { kind: "dirs" };
  // `roster new NAME` names an agent that is not there yet: nothing to complete.
  if ((name === "name" || name === "agent") && command.name() !== "new") {
    const group = command.parent?.name();
    return group === "commands"
      ? { kind: "commands" }
      : group === "skills"
        ? { kind: "skills" }
        : { kind: "agents" };
  }
  return undefined;
}
