import { describe, expect, it } from "vitest";
import { splitArguments } from "./split-arguments.js";

describe("splitArguments", () => {
  it.each([
    ["", []],
    ["   ", []],
    ["one two  three", ["one", "two", "three"]],
    [" \tlead and trail\n ", ["lead", "and", "trail"]],
    [`fix "the login bug" now`, ["fix", "the login bug", "now"]],
    [`'single $HOME "kept"'`, ['single $HOME "kept"']],
    [`"double \\"escaped\\" \\\\ \\$x \\n"`, ['double "escaped" \\ $x \\n']],
    [`a""b ''`, ["ab", ""]],
    [`pre"mid dle"post`, ["premid dlepost"]],
    [`back\\ slash \\"q\\"`, ["back slash", '"q"']],
    ["line\\\ncontinued", ["linecontinued"]],
    [`"unclosed quote runs on`, ["unclosed quote runs on"]],
    ["trailing\\", ["trailing\\"]],
    [`KEY="a b" x`, ["KEY=a b", "x"]],
  ])("splits %j", (input, expected) => {
    expect(splitArguments(input)).toEqual(expected);
  });

  it("never expands anything", () => {
    expect(splitArguments("$(rm -rf /) `id` ~ *")).toEqual(["$(rm", "-rf", "/)", "`id`", "~", "*"]);
  });
});
