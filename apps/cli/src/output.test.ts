import { isAbsolute, relative, sep } from "node:path";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { colorWanted } from "./basics.js";
import { errorLine, UsageError } from "./errors.js";
import { parseDuration, parseInteger } from "./flags.js";
import {
  Block,
  type Cell,
  count,
  createOutput,
  draw,
  inOneWrite,
  line,
  oneLine,
  paint,
  printJson,
  shortList,
  showPath,
  showPaths,
  table,
} from "./output.js";
import { cutToWidth, displayWidth, escapeTerminal, wrapToWidth } from "./terminal.js";
import { shortenRefusal } from "./unknown-name.js";

describe("escapeTerminal", () => {
  test("C0, DEL, C1 and bidi/format characters become visible escapes", () => {
    expect(escapeTerminal("a\u001b]52;c;aGk=\u0007b")).toBe("a\\x1b]52;c;aGk=\\x07b");
    expect(escapeTerminal("x\u009b31m\u007f")).toBe("x\\x9b31m\\x7f");
    expect(escapeTerminal("\u202eevil\u200b\ufeff\u2028")).toBe("\\u202eevil\\u200b\\ufeff\\u2028");
    expect(escapeTerminal("tag\u{e0041}")).toBe("tag\\u{e0041}");
    expect(escapeTerminal("a\r\nb\tc")).toBe("a\\x0d\\x0ab\\x09c");
  });

  test("with keepLayout, line breaks and tabs stay; \\r does not", () => {
    expect(escapeTerminal("a\nb\tc\r", true)).toBe("a\nb\tc\\x0d");
  });

  test("ordinary text, wide characters and emoji pass unchanged", () => {
    const text = "café 漢字 👩\u200d💻 — ok";
    expect(escapeTerminal(text)).toBe(text);
    // A joiner that joins no emoji is escaped: it could hide a difference between two names.
    expect(escapeTerminal("ex\u200dplore")).toBe("ex\\u200dplore");
  });
});

describe("display width", () => {
  test("wide characters count two columns, combining marks none", () => {
    expect(displayWidth("漢字")).toBe(4);
    expect(displayWidth("e\u0301")).toBe(1);
  });

  test("cutToWidth cuts by columns, at the end or keeping the end", () => {
    expect(cutToWidth("漢字漢字", 5)).toBe("漢字…");
    expect(cutToWidth("abcdefgh", 5, "end")).toBe("…efgh");
    expect(cutToWidth("short", 10)).toBe("short");
  });
});

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

describe("table", () => {
  const rows = [
    [
      "cloud-infrastructure-kubernetes-architect",
      "user",
      "claude",
      "/h/.claude/agents/k8s.md",
      "A ".repeat(80).trim(),
    ],
    ["plan", "bundled", "bundled", "embedded:plan.md", "Plans."],
  ];

  test("piped (no width): nothing is cut and columns align", () => {
    const text = draw(
      table({}, rows, { header: ["NAME", "SOURCE", "PROVIDER", "FILE", "DESCRIPTION"] }),
      false,
    );
    expect(text).toContain("cloud-infrastructure-kubernetes-architect");
    expect(text).toContain("A ".repeat(79).trim());
    expect(text).not.toContain("…");
    expect(text.split("\n").every((l) => l === l.trimEnd())).toBe(true);
  });

  test("with a width, every line fits it, paths keep their end", () => {
    for (const width of [40, 60, 80, 120]) {
      const text = draw(
        table({ columns: width }, rows, {
          header: ["NAME", "SOURCE", "PROVIDER", "FILE", "DESCRIPTION"],
          keepEnd: [3],
        }),
        false,
      );
      for (const l of text.split("\n")) expect(displayWidth(l)).toBeLessThanOrEqual(width);
    }
    const text = draw(table({ columns: 100 }, rows, { keepEnd: [3] }), false);
    expect(text).toMatch(/…[^ ]*k8s\.md|\/h\/\.claude\/agents\/k8s\.md/);
  });

  test("on a narrow terminal a droppable column goes before a name is cut", () => {
    const header = ["NAME", "SOURCE", "PROVIDER", "FILE", "DESCRIPTION"];
    const text = draw(table({ columns: 80 }, rows, { header, keepEnd: [3], drop: [3, 2, 1] }), false);
    expect(text).toContain("cloud-infrastructure-kubernetes-architect");
    expect(text.split("\n")[0]).not.toContain("FILE");
    for (const l of text.split("\n")) expect(displayWidth(l)).toBeLessThanOrEqual(80);
  });

  test("the grow column gets the room: paths are cut and columns dropped for it, never the other way", () => {
    const header = ["NAME", "SOURCE", "PROVIDER", "FILE", "DESCRIPTION"];
    const long = "Build and TypeScript expert who reviews every change for type safety and speed";
    const wide = [
      ["typescript-pro", "user", "claude", "~/.claude/agents/typescript-pro.md", long],
      ["go-pro", "project", "claude", ".claude/agents/go-pro.md", "Go."],
    ];
    const descriptionWidth = (width: number) => {
      const text = draw(
        table({ columns: width }, wide, { header, keepEnd: [3], drop: [3, 2, 1], grow: 4 }),
        false,
      );
      const lines = text.split("\n");
      for (const l of lines) expect(displayWidth(l)).toBeLessThanOrEqual(width);
      const at = lines[0]!.indexOf("DESCRIPTION");
      return { header: lines[0]!, width: displayWidth(lines[1]!.slice(at)) };
    };
    // At 80 columns FILE leaves so the description keeps 40 % of the row (it got 15 before).
    const at80 = descriptionWidth(80);
    expect(at80.header).not.toContain("FILE");
    expect(at80.width).toBeGreaterThanOrEqual(32);
    // Wider is never narrower for the description; at 160 everything fits.
    let last = 0;
    for (const width of [40, 60, 80, 100, 120, 160]) {
      const { width: w } = descriptionWidth(width);
      expect(w, `at ${width}`).toBeGreaterThanOrEqual(last);
      last = w;
    }
    expect(descriptionWidth(160).header).toContain("FILE");
    expect(descriptionWidth(160).width).toBe(long.length);
  });

  test("wide characters are measured by display width", () => {
    const text = draw(
      table({}, [
        ["漢字", "x"],
        ["ab", "y"],
      ]),
      false,
    );
    expect(text.split("\n")).toEqual(["漢字  x", "ab    y"]);
  });

  /** The lines of a wrapping table on a terminal `columns` wide, uncoloured. */
  const wrappedAt = (columns: number, rows: Cell[][]) =>
    draw(table({ columns }, rows, { wrap: true }), false).split("\n");

  test("wrap: a last column too long for the terminal goes on under itself, nothing cut", () => {
    const rows = [
      [
        "",
        "warning",
        "frontmatter/fallback",
        "read 3 plain field(s) with the fallback parser: name, description, tools",
      ],
      ["", "info", "x", "short"],
    ];
    expect(wrappedAt(60, rows)).toEqual([
      "  warning  frontmatter/fallback  read 3 plain field(s) with",
      "                                 the fallback parser: name,",
      "                                 description, tools",
      "  info     x                     short",
    ]);
    // Piped (no width): one line a row, as without wrap.
    expect(draw(table({}, rows, { wrap: true }), false)).toBe(draw(table({}, rows), false));
  });

  test("wrap: with too little room beside it, the last column starts a line under the column before", () => {
    const rows = [
      ["", "would create", ".gemini/agents/powershell-security-hardening.md", "loses model; changes tools"],
      ["", "would create", ".gemini/agents/a.md", "changes tools"],
    ];
    expect(wrappedAt(80, rows)).toEqual([
      "  would create  .gemini/agents/powershell-security-hardening.md",
      "                loses model; changes tools",
      "  would create  .gemini/agents/a.md                              changes tools",
    ]);
  });
});

describe("wrapToWidth", () => {
  const word = fc.constantFrom("a", "bb", "word", "longerword", "漢字", "🙂", "e\u0301", "x".repeat(30), "");
  test("every line fits, broken at spaces, and holds the text's words in order", () => {
    fc.assert(
      fc.property(fc.array(word, { maxLength: 20 }), fc.integer({ min: 1, max: 40 }), (words, width) => {
        const text = words.join(" ");
        const lines = wrapToWidth(text, width);
        for (const line of lines)
          if (line.includes(" ") || [...line].length > 1)
            expect(displayWidth(line)).toBeLessThanOrEqual(Math.max(width, 2));
        expect(lines.join("").replaceAll(" ", "")).toBe(text.replaceAll(" ", ""));
        if (displayWidth(text) <= width) expect(lines).toEqual([text]);
      }),
      { numRuns: 1000 },
    );
  });
});

describe("paths", () => {
  test("relative under the cwd, ~/ under home, otherwise as is", () => {
    const o = { cwd: "/home/me/app", home: "/home/me" };
    expect(showPath(o, "/home/me/app/.claude/agents/a.md")).toBe(".claude/agents/a.md");
    expect(showPath(o, "/home/me/.claude/agents/a.md")).toBe("~/.claude/agents/a.md");
    expect(showPath(o, "/home/meow/a.md")).toBe("/home/meow/a.md");
    expect(showPath(o, "embedded:plan.md")).toBe("embedded:plan.md");
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

  test("a long list is cut to the first names and a count", () => {
    expect(shortList(["a", "b"])).toBe("a, b");
    expect(shortList(names)).toBe("agent-0, agent-1, agent-2, agent-3, agent-4 and 232 more");
  });

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

describe("words", () => {
  test("count: singular and plural, no (s)", () => {
    expect([count(0, "agent"), count(1, "agent"), count(2, "file")]).toEqual([
      "0 agents",
      "1 agent",
      "2 files",
    ]);
  });

  test("showPaths: paths inside a message take the form showPath gives a path", () => {
    const o = { cwd: "/home/me/app", home: "/home/me" };
    expect(showPaths(o, "this config is code and /home/me/app is not trusted")).toBe(
      "this config is code and ~/app is not trusted",
    );
    expect(showPaths(o, "/home/me/app/.claude/agents/a.md wins over /home/me/.claude/agents/a.md")).toBe(
      ".claude/agents/a.md wins over ~/.claude/agents/a.md",
    );
    expect(showPaths(o, "/home/meadow/x and /opt/y")).toBe("/home/meadow/x and /opt/y");
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

describe("the fast paths of showPath and oneLine give what the plain forms give", () => {
  // The plain forms, as they were written before the fast paths.
  const plainShowPath = (o: { cwd: string; home?: string }, path: string) => {
    if (!path) return "";
    if (!isAbsolute(path)) return path;
    const under = (dir: string) =>
      dir !== "" && (path === dir || path.startsWith(dir.endsWith(sep) ? dir : dir + sep));
    if (under(o.cwd)) return relative(o.cwd, path) || ".";
    if (o.home && under(o.home)) return `~${sep}${relative(o.home, path)}`;
    return path;
  };
  const segment = fc.constantFrom("a", "b.md", ".claude", ".", "..", "", "x y", "ü");
  const pathOf = fc.array(segment, { maxLength: 6 }).map((parts) => `/${parts.join("/")}`);

  test("showPath", () => {
    fc.assert(
      fc.property(pathOf, pathOf, fc.array(segment, { maxLength: 4 }), (cwd, home, rest) => {
        for (const base of [cwd, home, "/"]) {
          const path = `${base}/${rest.join("/")}`;
          expect(showPath({ cwd, home }, path)).toBe(plainShowPath({ cwd, home }, path));
        }
      }),
      { numRuns: 2000 },
    );
  });

  test("oneLine", () => {
    const piece = fc.constantFrom(
      "a",
      "bc",
      " ",
      "  ",
      "\t",
      "\n",
      "\r\n",
      "\u00a0",
      "\u2028",
      "\ufeff",
      "é",
    );
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 12 }),
        fc.option(fc.integer({ min: 1, max: 20 })),
        (pieces, max) => {
          const text = pieces.join("");
          const flat = text.replace(/\s+/g, " ").trim();
          const expected = max !== null && flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
          expect(oneLine(text, max ?? undefined)).toBe(expected);
        },
      ),
      { numRuns: 3000 },
    );
  });
});
