// `roster list` is read by two parsers: commander's (roster.ts) and the bin's own (list-fast.ts).
// Both are made from one table (list-options.ts); this checks the built commander help and the
// fast parser take exactly the table's options.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { GLOBAL_OPTIONS, LIST_OPTIONS, type OptionSpec, optionName } from "@roster/usage";
import { describe, expect, test } from "vitest";
import { parseList } from "../src/commands/agents/list-fast.js";

const bin = fileURLToPath(new URL("../dist/roster.js", import.meta.url));

/** The long options a help text lists, but help and version. */
function helpOptions(...args: string[]): string[] {
  const out = spawnSync(process.execPath, [bin, ...args, "--help"], { encoding: "utf8" }).stdout;
  const options = out.slice(out.indexOf("Options:"), out.search(/\n(Commands|Examples):/) >>> 0);
  return [...options.matchAll(/^\s+(?:-\w, )?--([\w-]+)/gm)]
    .map((m) => m[1]!)
    .filter((name) => name !== "help" && name !== "version");
}

/** A command line giving one option (a value when it takes one). */
const withOption = (spec: OptionSpec) => [
  "list",
  `--${optionName(spec)}`,
  ...(spec.flags.includes("<") ? ["x"] : []),
];

describe("one options table for roster list", () => {
  test("commander declares the table's global options and list's own, no more", () => {
    expect(helpOptions().sort()).toEqual(GLOBAL_OPTIONS.map(optionName).sort());
    expect(helpOptions("list").sort()).toEqual(LIST_OPTIONS.map(optionName).sort());
  });

  test("the bin's own parser takes every option of the table, with or without a value as commander does", () => {
    for (const spec of [...GLOBAL_OPTIONS, ...LIST_OPTIONS]) {
      expect(parseList(withOption(spec)), spec.flags).toBeDefined();
      // A value option without its value, or a switch given one, leaves the line to the app.
      if (spec.flags.includes("<")) expect(parseList(["list", `--${optionName(spec)}`])).toBeUndefined();
      else expect(parseList(["list", `--${optionName(spec)}=x`])).toBeUndefined();
    }
    expect(parseList(["list", "--bogus"])).toBeUndefined();
  });

  test("what it reads is what commander's names mean", () => {
    expect(
      parseList([
        "list",
        "rev",
        "--cwd",
        "/p",
        "--no-cache",
        "--no-color",
        "--json",
        "--source",
        "user",
        "--as",
        "claude",
      ]),
    ).toEqual({
      global: { cwd: "/p", json: true, color: false, debug: false, cache: false },
      flags: { source: "user" },
      word: "rev",
      as: "claude",
      files: false,
    });
    // Issue 50's: an order, every column, the prompts too.
    expect(parseList(["list", "x", "--sort", "name", "--wide", "--full-text"])?.flags).toEqual({
      sort: "name",
      wide: true,
      fullText: true,
    });
  });
});
