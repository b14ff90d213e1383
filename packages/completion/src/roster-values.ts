// What each flag's value and each argument of roster completes to, by the flag's name: the one
// table completion adds to the command table's own (which names every command, flag and argument).
import type { TableArgument, TableCommand, TableOption, Values, ValuesOf } from "./types.js";

/** The words roster's flags take, from the app's families: tools, hosts, provider ids, sources. */
export interface ValueWords {
  /** The tools `--as` takes (each profile's). */
  profiles: readonly string[];
  /** The tools `skills … --as` takes (each skill source's). */
  skillTools: readonly string[];
  /** The tools `--to` and `--for` take (each writer's). */
  writers: readonly string[];
  /** The hosts `--host` takes (`auto` is added). */
  hosts: readonly string[];
  /** The provider ids `--provider` takes. */
  providers: readonly string[];
  /** What `--source` takes. */
  sources: readonly string[];
}

/** A flag's values by its long name (`sync --to` takes a comma-separated list). */
const flagValues = (words: ValueWords): Record<string, (command: TableCommand) => Values> => ({
  "--cwd": () => ({ kind: "dirs" }),
  "--home": () => ({ kind: "dirs" }),
  "--out": () => ({ kind: "dirs" }),
  "--config": () => ({ kind: "files" }),
  "--html": () => ({ kind: "files" }),
  "--as": (command) => ({
    kind: "words",
    words: command.parent?.name() === "skills" ? words.skillTools : words.profiles,
  }),
  "--to": (command) => ({ kind: "words", words: words.writers, list: command.name() === "sync" }),
  "--for": () => ({ kind: "words", words: words.writers }),
  "--host": () => ({ kind: "words", words: [...words.hosts, "auto"] }),
  "--provider": () => ({ kind: "words", words: words.providers }),
  "--source": () => ({ kind: "words", words: words.sources }),
  "--scope": () => ({ kind: "words", words: ["project", "user"] }),
});

/**
 * What an option's value or an argument of roster completes to: by the flag's name (above);
 * an argument `<name>`/`<agent>` is an agent (a workflow command under `commands`, a skill
 * under `skills`), `[dir]` a folder.
 */
export function rosterValues(words: ValueWords): ValuesOf {
  const flags = flagValues(words);
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
