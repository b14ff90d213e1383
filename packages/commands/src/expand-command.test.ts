import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CommandUsageError, ExpansionTooLargeError } from "./errors.js";
import { expandCommand, MAX_EXPANSION_BYTES } from "./expand-command.js";
import type { CommandPlaceholders } from "./index.js";

const make = (instructions: string, placeholders?: CommandPlaceholders[]) =>
  placeholders ? { instructions, placeholders } : { instructions };

describe("expandCommand: placeholders", () => {
  it("replaces every $@ with the whole input", () => {
    expect(expandCommand(make("A: $@; B: $@."), "x y")).toBe("A: x y; B: x y.");
  });

  it("fills $ARGUMENTS and $1…$9 for positional commands (the default)", () => {
    const text = "all=$ARGUMENTS first=$1 second=$2 ninth=$9";
    expect(expandCommand(make(text), 'one "two words" 3 4 5 6 7 8 nine')).toBe(
      'all=one "two words" 3 4 5 6 7 8 nine first=one second=two words ninth=nine',
    );
  });

  it("reads $10 as $1 followed by 0", () => {
    expect(expandCommand(make("$10"), "a b c d e f g h i j")).toBe("a0");
  });

  it("leaves $ARGUMENTS and $1 alone when the command is not positional", () => {
    expect(expandCommand(make("$ARGUMENTS $1 {{args}} $@", ["braces"]), "in")).toBe("$ARGUMENTS $1 in in");
  });

  it("makes a placeholder without a value empty", () => {
    expect(expandCommand(make("[$1][$2][$ARGUMENTS][$@]"), "")).toBe("[][][][]");
    expect(expandCommand(make("[$1][$3]"), "only")).toBe("[only][]");
    expect(expandCommand(make("[$TICKET]", ["positional", "named"]), "")).toBe("[]");
  });

  it("fills codex named $NAME from NAME=value arguments and keeps them out of $1…$9", () => {
    const text = "Fix $ISSUE in $FILE_PATH; note $1; all $ARGUMENTS; cost $$5";
    const out = expandCommand(make(text, ["positional", "named"]), 'ISSUE=42 FILE_PATH="src/a b.ts" urgent');
    expect(out).toBe(
      'Fix 42 in src/a b.ts; note urgent; all ISSUE=42 FILE_PATH="src/a b.ts" urgent; cost $5',
    );
  });

  it("does not read NAME=value or $NAME when the command is not named", () => {
    expect(expandCommand(make("$1 $ISSUE $$"), "ISSUE=42")).toBe("ISSUE=42 $ISSUE $$");
  });

  it("treats lower-case $name as text, not a named placeholder", () => {
    expect(expandCommand(make("$name $Name", ["named"]), "name=x")).toBe("$name $Name");
  });

  it("replaces {{args}} for braces commands and leaves Gemini !{…} and @{…} as written", () => {
    const text = "Review {{args}}.\n!{git diff {{args}} | grep '{x}'}\n@{docs/{{args}}.md}\nEnd {{args}}";
    expect(expandCommand(make(text, ["braces"]), "main")).toBe(
      "Review main.\n!{git diff {{args}} | grep '{x}'}\n@{docs/{{args}}.md}\nEnd main",
    );
  });

  it("leaves an unclosed !{ as written to the end", () => {
    expect(expandCommand(make("{{args}} !{echo {{args}}", ["braces"]), "x")).toBe("x !{echo {{args}}");
  });

  it("does not treat {{args}} or !{ specially outside braces commands", () => {
    expect(expandCommand(make("{{args}} !{$1}"), "v")).toBe("{{args}} !{v}");
  });

  it("accepts an array of already-split arguments", () => {
    expect(expandCommand(make("[$1] [$2] [$ARGUMENTS]"), ["has space", "b"])).toBe(
      "[has space] [b] [has space b]",
    );
  });

  it("keeps a lone trailing $ and unknown $x", () => {
    expect(expandCommand(make("cost: $ and $x $"), "in")).toBe("cost: $ and $x $");
  });
});

describe("expandCommand: input is inserted literally", () => {
  const patterns = ["$&", "$$", "$`", "$'", "$1", "$<name>", "$ARGUMENTS", "{{args}}", "$@", "!{rm -rf /}"];

  it.each(patterns)("inserts %j as typed everywhere", (typed) => {
    const all: CommandPlaceholders[] = ["positional", "named", "braces"];
    expect(expandCommand(make("<$@>", all), typed)).toBe(`<${typed}>`);
    expect(expandCommand(make("<$ARGUMENTS>", all), typed)).toBe(`<${typed}>`);
    expect(expandCommand(make("<{{args}}>", all), typed)).toBe(`<${typed}>`);
    expect(expandCommand(make("<$1>", all), [typed])).toBe(`<${typed}>`);
  });

  it("inserts a named value literally", () => {
    expect(expandCommand(make("<$X>", ["named"]), ["X=$& $1 $Y"])).toBe("<$& $1 $Y>");
  });

  it("holds for any input (property)", () => {
    const all: CommandPlaceholders[] = ["positional", "named", "braces"];
    fc.assert(
      fc.property(fc.string(), (input) => {
        expect(expandCommand(make("a $@ b {{args}} c", all), input)).toBe(`a ${input} b ${input} c`);
      }),
    );
  });

  it("never changes a template without placeholders (property)", () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !s.includes("$") && !s.includes("{{args}}")),
        fc.string(),
        (template, input) => {
          expect(expandCommand(make(template, ["positional", "named", "braces"]), input)).toBe(template);
        },
      ),
    );
  });
});

describe("expandCommand: misuse", () => {
  it("throws a CommandUsageError for input that is neither a string nor strings", () => {
    expect(() => expandCommand(make("x"), 42 as unknown as string)).toThrow(CommandUsageError);
    expect(() => expandCommand(make("x"), [1] as unknown as string[])).toThrow(CommandUsageError);
  });

  it("throws for a command without string instructions", () => {
    expect(() => expandCommand({} as { instructions: string }, "x")).toThrow(CommandUsageError);
  });
});

describe("the expansion is bounded (issue 49)", () => {
  it("a template repeating a long input throws as soon as the text passes the bound", () => {
    const command = { instructions: "$ARGUMENTS ".repeat(5000) };
    expect(() => expandCommand(command, "x".repeat(100 * 1024))).toThrow(ExpansionTooLargeError);
    expect(() => expandCommand(command, "x".repeat(100 * 1024))).toThrow(
      `the expanded text would be larger than ${MAX_EXPANSION_BYTES} bytes`,
    );
    expect(() => expandCommand({ instructions: "$1$1$1" }, "é".repeat(100), { maxBytes: 500 })).toThrow(
      ExpansionTooLargeError,
    );
    expect(expandCommand({ instructions: "$1$1" }, "é".repeat(100), { maxBytes: 400 })).toBe("é".repeat(200));
  });
});
