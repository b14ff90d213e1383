// The spec of a command table (commander's, read through the structural types in types.ts):
// the sub-commands, each command's own flags and the global ones, and what each value completes to.
import type {
  CompletionCommand,
  CompletionFlag,
  CompletionSpec,
  TableCommand,
  Values,
  ValuesOf,
} from "./types.js";

/** Every command's `--help` (commander keeps it apart from the options). */
const HELP: CompletionFlag = {
  names: ["--help", "-h"],
  description: "display help for command",
  takesValue: false,
};

function flagsOf(command: TableCommand, valuesOf: ValuesOf): CompletionFlag[] {
  return (
    command.options
      // `--version` is the program's alone: not offered after a command.
      .filter((o) => !o.hidden && o.long !== "--version")
      .map((o) => {
        const takesValue = o.required || o.optional;
        const values =
          valuesOf(o, command) ??
          (o.argChoices ? { kind: "words" as const, words: o.argChoices } : undefined);
        return {
          names: [o.long, o.short].filter((n): n is string => n !== undefined),
          description: o.description,
          takesValue,
          ...(takesValue && values ? { values } : {}),
        };
      })
  );
}

/** The completion spec of a command table (a commander program): its global flags and every command, read from its table. */
export function completionSpec(program: TableCommand, valuesOf: ValuesOf): CompletionSpec {
  const commands: CompletionCommand[] = [];
  const visit = (command: TableCommand, path: string[]) => {
    for (const sub of command.commands) {
      if (sub.name() === "help") continue;
      const here = [...path, sub.name()];
      const args = sub.registeredArguments.map(
        (a) =>
          valuesOf(a, sub) ?? (a.argChoices ? { kind: "words" as const, words: a.argChoices } : undefined),
      );
      // A group (`commands`) completes its commands' names as its first argument.
      const groupArg: Values | undefined =
        sub.commands.length > 0
          ? { kind: "words", words: sub.commands.map((c) => c.name()).filter((n) => n !== "help") }
          : undefined;
      commands.push({
        path: here,
        description: sub.description(),
        flags: [...flagsOf(sub, valuesOf), HELP],
        args: groupArg ? [groupArg] : args,
      });
      visit(sub, here);
    }
  };
  visit(program, []);
  return { global: flagsOf(program, valuesOf), commands };
}
