import { describe, expect, test } from "vitest";
import { GLOBAL_OPTIONS, LIST_OPTIONS, optionKey, readCommandLine } from "./list-options.js";

const list = { command: "list", specs: [...GLOBAL_OPTIONS, ...LIST_OPTIONS], words: 1 };

describe("optionKey", () => {
  test("commander's keys: dashes to camel case, a --no- switch under what it turns off", () => {
    const key = (flags: string) => optionKey({ flags, help: "" });
    expect(key("--full-text")).toBe("fullText");
    expect(key("--no-cache")).toBe("cache");
    expect(key("--no-project")).toBe("project");
    expect(key("--cwd <dir>")).toBe("cwd");
  });
});

describe("readCommandLine", () => {
  test("each option given under its key: a value a string, a switch true, a --no- switch false", () => {
    expect(
      readCommandLine(
        ["list", "rev", "--cwd", "/p", "--no-cache", "--json", "--full-text", "--sort=name"],
        list,
      ),
    ).toEqual({
      options: { cwd: "/p", cache: false, json: true, fullText: true, sort: "name" },
      words: ["rev"],
    });
    expect(readCommandLine(["list"], list)).toEqual({ options: {}, words: [] });
  });
  test("anything else is not read: another command, more words, --, an unknown or malformed option", () => {
    for (const argv of [
      ["show", "rev"],
      ["list", "a", "b"],
      ["list", "--", "a"],
      ["list", "--bogus"],
      ["list", "--cwd"],
      ["list", "--json=yes"],
      [],
    ])
      expect(readCommandLine(argv, list), argv.join(" ")).toBeUndefined();
    expect(readCommandLine(["show", "a", "b"], { ...list, command: "show", words: 2 })?.words).toEqual([
      "a",
      "b",
    ]);
  });
});
