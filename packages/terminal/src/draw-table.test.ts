import { describe, expect, test } from "vitest";
import { type Cell, displayWidth, draw, table } from "./index.js";

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
