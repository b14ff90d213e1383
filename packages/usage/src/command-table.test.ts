import { describe, expect, test } from "vitest";
import { ROSTER } from "./command-table.js";
import { GLOBAL_OPTIONS, LIST_OPTIONS, optionName, parseArgsOptions } from "./list-options.js";
import type { CommandSpec } from "./types.js";

/** Every command of the table with its path (`queue status`), groups included. */
function everyCommand(specs: readonly CommandSpec[], path: string[] = []): [string, CommandSpec][] {
  return specs.flatMap((spec) => [
    [[...path, spec.name].join(" "), spec] as [string, CommandSpec],
    ...everyCommand(spec.commands ?? [], [...path, spec.name]),
  ]);
}

describe("the command table", () => {
  const commands = everyCommand(ROSTER.commands);

  test("lists roster's commands in the order of roster --help, groups' commands under them", () => {
    expect(ROSTER.commands.map((c) => c.name)).toEqual([
      "list",
      "show",
      "why",
      "doctor",
      "run",
      "worker",
      "queue",
      "mcp",
      "commands",
      "skills",
      "export",
      "new",
      "sync",
      "add",
      "install",
      "update",
      "outdated",
      "remove",
      "sources",
      "graph",
      "report",
      "completion",
      "cache",
      "trust",
    ]);
    expect(commands.map(([path]) => path).filter((p) => p.includes(" "))).toEqual([
      "queue status",
      "queue wait",
      "commands list",
      "commands show",
      "commands expand",
      "skills list",
      "skills show",
      "skills why",
      "cache clear",
    ]);
  });

  test("no command takes one long flag twice, nor one the program takes", () => {
    const global = new Set(ROSTER.options.map(optionName));
    for (const [path, spec] of commands) {
      const names = (spec.options ?? []).map(optionName);
      expect(new Set(names).size, path).toBe(names.length);
      expect(
        names.filter((n) => global.has(n)),
        path,
      ).toEqual([]);
    }
  });

  test("choices and a parser only on options that take a value", () => {
    for (const [path, spec] of commands)
      for (const option of spec.options ?? [])
        if (option.choices || option.parser) expect(option.flags, path).toMatch(/ <[^>]+>$/);
  });

  test("list takes list's own options, the program the global ones", () => {
    expect(everyCommand(ROSTER.commands).find(([p]) => p === "list")?.[1].options).toBe(LIST_OPTIONS);
    expect(ROSTER.options).toBe(GLOBAL_OPTIONS);
  });
});

describe("parseArgsOptions", () => {
  test("a flag with a <value> is a string, a negated or plain flag a switch under its written name", () => {
    expect(
      parseArgsOptions([
        { flags: "--cwd <dir>", help: "" },
        { flags: "--no-cache", help: "" },
        { flags: "--json", help: "" },
      ]),
    ).toEqual({ cwd: { type: "string" }, "no-cache": { type: "boolean" }, json: { type: "boolean" } });
  });
});
