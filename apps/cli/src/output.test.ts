import { Block, draw, line, showPath } from "@roster/terminal";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { colorWanted } from "./basics.js";
import { errorLine, UsageError } from "./errors.js";
import { parseDuration, parseInteger } from "./flags.js";
import { createOutput, inOneWrite, paint, printJson } from "./output.js";
import { shortenRefusal } from "./unknown-name.js";

describe("human output is escaped; JSON is exact", () => {
  const capture = (color = false) => {
    let out = "";
    const o = createOutput({
      json: false,
      color,
      cwd: "/work/app",
      home: "/home/me",
      write: (t) => {
        out += t;
      },
      writeErr: (t) => {
        out += t;
      },
    });
    return { o, text: () => out };
  };

  test("a plain string, a line and a styled value all reach the terminal escaped", () => {
    const { o, text } = capture(true);
    const evil = "x\u001b[2K\r\u202e";
    o.out(evil);
    o.out(line`name: ${paint(o, "bold", evil)} and ${evil}`);
    o.out(new Block(`one\n${evil}`));
    const written = text();
    // Only roster's own colour codes remain.
    expect(written.replace(/\u001b\[\d+m/g, "")).not.toMatch(
      /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202e]/,
    );
    expect(written).toContain("x\\x1b[2K\\x0d\\u202e");
    expect(written).toContain("\u001b[1mx\\x1b[2K\\x0d\\u202e\u001b[22m");
  });

  test("a styled value put in a plain template string loses its colour, not its escaping", () => {
    const { o } = capture(true);
    expect(`${paint(o, "red", "a\u0007")}`).toBe("a\\x07");
    expect(draw(`${paint(o, "red", "a")}`, true)).toBe("a");
  });

  test("printJson adds schemaVersion first and keeps data exact", () => {
    const { o, text } = capture();
    printJson(o, { name: "x\u001b" });
    expect(JSON.parse(text())).toEqual({ schemaVersion: 2, name: "x\u001b" });
    expect(Object.keys(JSON.parse(text()))[0]).toBe("schemaVersion");
  });
});

describe("conventions", () => {
  test("colour: a non-empty NO_COLOR turns it off, FORCE_COLOR turns it on, else a TTY decides", () => {
    expect(colorWanted({}, true)).toBe(true);
    expect(colorWanted({}, false)).toBe(false);
    expect(colorWanted({ NO_COLOR: "" }, true)).toBe(true);
    expect(colorWanted({ NO_COLOR: "1" }, true)).toBe(false);
    expect(colorWanted({ FORCE_COLOR: "1" }, false)).toBe(true);
    expect(colorWanted({ FORCE_COLOR: "0" }, true)).toBe(false);
  });

  test("whole-number flags: digits only, within bounds", () => {
    expect(parseInteger("--timeout", "1500", { min: 1 })).toBe(1500);
    expect(() => parseInteger("--timeout", "1e3")).toThrow(/whole number/);
    expect(() => parseInteger("--timeout", "0", { min: 1, max: 2 ** 31 - 1 })).toThrow(
      /from 1 to 2147483647/,
    );
    expect(() => parseInteger("--timeout", "2147483648", { min: 1, max: 2 ** 31 - 1 })).toThrow();
    expect(() => parseInteger("--max-depth", "-2", { min: -1 })).toThrow(/at least -1/);
  });

  test("durations in words: 90s, 5m, 1500ms, 2h; a bare number is milliseconds; anything else is a usage error", () => {
    const max = 2 ** 31 - 1;
    expect(parseDuration("--timeout", "90s", max)).toBe(90_000);
    expect(parseDuration("--timeout", "5m", max)).toBe(300_000);
    expect(parseDuration("--timeout", "1500ms", max)).toBe(1500);
    expect(parseDuration("--timeout", "1500", max)).toBe(1500);
    expect(parseDuration("--timeout", "1.5s", max)).toBe(1500);
    expect(parseDuration("--timeout", "2h", max)).toBe(7_200_000);
    expect(parseDuration("--timeout", undefined, max)).toBeUndefined();
    for (const bad of ["0", "0s", "-1s", "1e3", "5 min", "abc", "", "0.5ms", "1000h", "5d"])
      expect(() => parseDuration("--timeout", bad, max), bad).toThrow(UsageError);
    expect(() => parseDuration("--timeout", "5x", max)).toThrow(
      '--timeout takes a duration like 90s, 5m or 1500ms (a bare number is milliseconds), from 1ms to 24.9 days, got "5x".',
    );
  });

  test("an error is one line starting roster:", () => {
    expect(errorLine("error: unknown command 'lsit'\n(Did you mean list?)")).toBe(
      "roster: unknown command 'lsit' (Did you mean list?)",
    );
  });

  test("an error's lines are joined as a split at /\\s*\\n\\s*/ joined them, for any white space", () => {
    const byRegex = (m: string) =>
      `roster: ${m
        .replace(/^error:\s*/i, "")
        .split(/\s*\n\s*/)
        .filter(Boolean)
        .join(" ")
        .trim()}`;
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(" ", "\t", "\n", "\r", "\u00a0", "\u2028", "a", "b"), { maxLength: 30 }),
        (c) => {
          expect(errorLine(c.join(""))).toBe(byRegex(c.join("")));
          expect(errorLine(`error: ${c.join("")}`)).toBe(byRegex(`error: ${c.join("")}`));
        },
      ),
      { numRuns: 500 },
    );
    // Long runs of spaces (a name typed with them) in one pass: the split tried each to its end.
    expect(errorLine(`a${" ".repeat(200_000)}b\nc`)).toBe(`roster: a${" ".repeat(200_000)}b c`);
  });
});

describe("refusals and names", () => {
  const names = Array.from({ length: 236 }, (_, i) => `agent-${i}`).concat([
    "cloud-infrastructure-kubernetes-architect",
  ]);

  test("the executor's refusal is shortened for people; the full text is kept for --json", () => {
    const message = `Unknown agent "kubernetes-architect". Available: ${names.join(", ")}`;
    const finding = shortenRefusal(
      { code: "executor/unknown-agent", message },
      "kubernetes-architect",
      names,
    );
    // The same form as every unknown name: the suggestion first, no list of 237 names.
    expect(finding.message).toBe(
      'unknown agent "kubernetes-architect"; did you mean cloud-infrastructure-kubernetes-architect? (roster list shows all 237)',
    );
    expect(finding.details).toMatchObject({
      code: "executor/unknown-agent",
      fullText: message,
      suggestions: ["cloud-infrastructure-kubernetes-architect"],
    });
  });
});

describe("inOneWrite", () => {
  /** An Output over /work/app whose writes (stdout and stderr) are kept in order. */
  const recording = () => {
    const written: Array<string | Uint8Array> = [];
    const errors: string[] = [];
    const o = createOutput({
      json: false,
      color: false,
      cwd: "/work/app",
      home: "/home/me",
      write: (t) => written.push(t),
      writeErr: (t) => errors.push(t),
    });
    return { o, written, errors };
  };

  test("stdout is gathered into one write, in order, bytes as they are; stderr goes at once", () => {
    const { o, written, errors } = recording();
    const answer = inOneWrite(o, (g) => {
      g.out("one \u001b[2K");
      g.err("a note");
      expect(errors).toEqual(["a note\n"]);
      expect(written).toEqual([]);
      g.out(line`two ${showPath(g, "/work/app/x.md")}`);
      g.stream(Buffer.from("bytes"));
      g.raw("three");
      return 7;
    });
    expect(answer).toBe(7);
    expect(written.map((w) => (typeof w === "string" ? w : `<${Buffer.from(w).toString()}>`))).toEqual([
      "one \\x1b[2K\ntwo x.md\n",
      "<bytes>",
      "three\n",
    ]);
  });

  test("what was printed before a throw is still written", () => {
    const { o, written } = recording();
    expect(() =>
      inOneWrite(o, (g) => {
        g.out("before");
        throw new Error("boom");
      }),
    ).toThrow("boom");
    expect(written).toEqual(["before\n"]);
  });
});
