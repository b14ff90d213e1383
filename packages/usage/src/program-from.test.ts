import { describe, expect, test } from "vitest";
import { CommandLineError } from "./command-line-error.js";
import { type Action, type GroupAnswer, programFrom } from "./program-from.js";
import type { ProgramSpec } from "./types.js";

/** A small grammar: two commands, a group with a list and a group without one. */
const TABLE: ProgramSpec = {
  name: "tool",
  description: "A small tool.",
  options: [{ flags: "--json", help: "JSON output" }],
  examples: ["tool list"],
  commands: [
    {
      name: "list",
      description: "list things",
      options: [
        { flags: "--tag <tag>", help: "a tag (repeatable)", parser: "collect" },
        { flags: "--sort <key>", help: "the order", choices: ["name", "size"] },
      ],
    },
    { name: "show", description: "show one thing", arguments: [{ name: "<name>", help: "the thing" }] },
    {
      name: "notes",
      description: "the notes",
      commands: [
        { name: "list", description: "list the notes" },
        { name: "show", description: "show a note" },
      ],
    },
    { name: "cache", description: "the cache", commands: [{ name: "clear", description: "empty it" }] },
  ],
};

/** What a run of `args` did: the calls of each action, stdout and stderr, and what it threw. */
async function run(
  args: string[],
  groups: Record<string, GroupAnswer> = { "": {}, notes: {}, cache: {} },
): Promise<{
  calls: string[];
  seen: unknown[][];
  out: string;
  err: string;
  thrown?: unknown;
  said?: unknown;
}> {
  const calls: string[] = [];
  const seen: unknown[][] = [];
  const record =
    (path: string): Action =>
    async (...args: never[]) => {
      calls.push(path);
      seen.push(args.slice(0, -1));
    };
  const actions = Object.fromEntries(
    ["list", "show", "notes list", "notes show", "cache clear"].map((p) => [p, record(p)]),
  );
  let out = "";
  let err = "";
  const line = programFrom({
    table: TABLE,
    version: "1.2.3",
    actions,
    groups,
    write: {
      out: (t) => {
        out += t;
      },
      err: (t) => {
        err += t;
      },
    },
  });
  try {
    await line.program.parseAsync(args, { from: "user" });
    return { calls, seen, out, err };
  } catch (thrown) {
    return { calls, seen, out, err, thrown, said: await line.mistakeOf(thrown) };
  }
}

describe("programFrom", () => {
  test("each command runs its action by its path; a repeatable option collects its values in order", async () => {
    const ran = await run(["list", "--tag", "a", "--tag", "b"]);
    expect(ran.calls).toEqual(["list"]);
    expect(ran.seen).toEqual([[{ tag: ["a", "b"] }]]);
    expect((await run(["notes", "show"])).calls).toEqual(["notes show"]);
  });

  test("an unknown command is a usage error naming the closest commands first", async () => {
    const ran = await run(["lst"]);
    expect(ran.thrown).toBeInstanceOf(CommandLineError);
    expect((ran.thrown as Error).message).toBe(
      'unknown command "lst"; did you mean list? (tool --help lists them)',
    );
    // The mistake is the grammar's own, not commander's: mistakeOf leaves it to the caller.
    expect(ran.said).toBeUndefined();
    const inGroup = await run(["notes", "lsit"]);
    expect((inGroup.thrown as Error).message).toBe(
      'unknown command "lsit"; did you mean list? (tool notes --help lists them)',
    );
  });

  test("a group left to commander: its unknown command said in roster's words by mistakeOf (exit 2)", async () => {
    const ran = await run(["notes", "shw"], { "": {} });
    expect(ran.said).toEqual({
      exitCode: 2,
      sentence: 'unknown command "shw"; did you mean show? (tool notes --help lists them)',
    });
  });

  test("a group with --json runs its list; a group without one refuses --json with its commands", async () => {
    const lists: string[] = [];
    const listed = await run(["notes", "--json"], {
      "": {},
      notes: { list: async () => void lists.push("notes") },
    });
    expect(lists).toEqual(["notes"]);
    expect(listed.out).toBe("");
    const refused = await run(["cache", "--json"]);
    expect(refused.thrown).toBeInstanceOf(CommandLineError);
    expect((refused.thrown as Error).message).toBe(
      "tool cache --json needs a command: clear (tool cache --help shows them)",
    );
    // Without --json, the group's help on stdout (exit 0).
    const help = await run(["cache"]);
    expect(help.out).toContain("Usage: tool cache [options] [command]");
    expect(help.said).toEqual({ exitCode: 0 });
  });

  test("help TOPIC prints the topic's help on stdout; an unknown topic is a usage error with the closest names", async () => {
    const shown = await run(["help", "notes", "show"]);
    expect(shown.out).toContain("Usage: tool notes show [options]");
    expect(shown.said).toEqual({ exitCode: 0 });
    const unknown = await run(["help", "shwo"]);
    expect(unknown.thrown).toBeInstanceOf(CommandLineError);
    expect((unknown.thrown as Error).message).toBe(
      'unknown help topic "shwo"; did you mean show? (tool --help lists them)',
    );
  });

  test("commander's other mistakes end by naming the command's help; a value not among the choices names them", async () => {
    expect((await run(["show"])).said).toEqual({
      exitCode: 2,
      sentence: "missing required argument 'name'; tool show --help shows the usage.",
    });
    expect((await run(["list", "--sort", "age"])).said).toEqual({
      exitCode: 2,
      sentence:
        "option '--sort <key>' argument 'age' is invalid. Allowed choices are name, size; tool list --help shows the usage.",
    });
    expect((await run(["list", "--nope"])).said).toEqual({
      exitCode: 2,
      sentence: 'unknown option "--nope" (tool list --help lists them)',
    });
  });

  test("--version and --help go through the writer and exit 0; the table's examples end the help", async () => {
    const version = await run(["--version"]);
    expect(version.out).toBe("1.2.3\n");
    expect(version.said).toEqual({ exitCode: 0 });
    const help = await run(["--help"]);
    expect(help.out).toContain("-V, --version");
    expect(help.out).toMatch(/Examples:\n {2}\$ tool list\n$/);
  });

  test("a command of the table without an action (a group aside) is refused when the program is built", () => {
    expect(() =>
      programFrom({
        table: TABLE,
        version: "1",
        actions: {},
        groups: {},
        write: { out: () => undefined, err: () => undefined },
      }),
    ).toThrow('programFrom has no action for "list" of the command table');
  });
});
