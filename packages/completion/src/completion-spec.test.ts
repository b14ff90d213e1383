import { Argument, Command, Option } from "commander";
import { describe, expect, test } from "vitest";
import { completionSpec } from "./completion-spec.js";
import type { ValuesOf } from "./types.js";

/** A small program: a global flag, a command with an argument and flags, a group of two. */
function program(): Command {
  const p = new Command("roster").version("1.0.0", "-V, --version").option("--cwd <dir>", "run in DIR");
  p.command("show")
    .description("one agent\nin full")
    .argument("<name>", "agent name")
    .option("--as <tool>", "a tool's view")
    .addOption(new Option("--secret", "not offered").hideHelp())
    .addOption(new Option("--format <f>", "a format").choices(["text", "dot"]));
  const group = p.command("commands").description("workflow commands");
  group.command("list").description("the commands");
  group
    .command("show")
    .description("one command")
    .addArgument(new Argument("<kind>", "a kind").choices(["a", "b"]));
  return p;
}

const valuesOf: ValuesOf = (item, command) =>
  "flags" in item
    ? item.long === "--cwd"
      ? { kind: "dirs" }
      : undefined
    : item.name() === "name" && command.name() === "show"
      ? { kind: "agents" }
      : undefined;

describe("completionSpec", () => {
  test("reads every command, group and group command, with their flags and arguments", () => {
    const spec = completionSpec(program(), valuesOf);
    expect(spec.global).toEqual([
      { names: ["--cwd"], description: "run in DIR", takesValue: true, values: { kind: "dirs" } },
    ]);
    expect(spec.commands.map((c) => c.path.join(" "))).toEqual([
      "show",
      "commands",
      "commands list",
      "commands show",
    ]);
    const show = spec.commands[0]!;
    expect(show.args).toEqual([{ kind: "agents" }]);
    // Hidden flags and --version are not offered; --help is; choices are words.
    expect(show.flags.map((f) => f.names[0])).toEqual(["--as", "--format", "--help"]);
    expect(show.flags[0]).toEqual({ names: ["--as"], description: "a tool's view", takesValue: true });
    expect(show.flags[1]?.values).toEqual({ kind: "words", words: ["text", "dot"] });
  });
  test("a group completes its commands' names; a command's argument choices are its words", () => {
    const spec = completionSpec(program(), valuesOf);
    expect(spec.commands[1]?.args).toEqual([{ kind: "words", words: ["list", "show"] }]);
    expect(spec.commands[3]?.args).toEqual([{ kind: "words", words: ["a", "b"] }]);
  });
});
