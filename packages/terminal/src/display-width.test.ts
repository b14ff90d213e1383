import fc from "fast-check";
import stringWidth from "string-width";
import { describe, expect, test } from "vitest";
import { cutPathToWidth, cutToWidth, displayWidth, NARROW, NARROW_OR_EMOJI, wrapToWidth } from "./index.js";

/** Every BMP character the narrow class holds. */
const narrowChars: string[] = [];
for (let code = 0; code <= 0xffff; code++) {
  if (code >= 0xd800 && code <= 0xdfff) continue;
  const ch = String.fromCharCode(code);
  if (NARROW.test(ch)) narrowChars.push(ch);
}

/** Every character the emoji part of the class holds (whole code points, astral ones too). */
const emojiChars: string[] = [];
for (let code = 0x80; code <= 0x10ffff; code++) {
  if (code >= 0xd800 && code <= 0xdfff) continue;
  const ch = String.fromCodePoint(code);
  if (!NARROW.test(ch) && NARROW_OR_EMOJI.test(ch)) emojiChars.push(ch);
}

/** Texts outside `fast`: measured by string-width itself. */
function expectStringWidthDecides(fast: RegExp, texts: string[]): void {
  for (const text of texts) {
    expect(fast.test(text), text).toBe(false);
    expect(displayWidth(text)).toBe(stringWidth(text));
  }
}

describe("the narrow class (one column per character, without string-width)", () => {
  test("every character in it is one column for string-width, and none can join a neighbour", () => {
    expect(narrowChars.length).toBeGreaterThan(1500);
    const wrong = narrowChars.filter(
      (ch) =>
        stringWidth(ch) !== 1 ||
        /\p{M}|\p{Cf}|\p{Cc}|\p{Cn}|\p{Zl}|\p{Zp}|\p{Extended_Pictographic}/u.test(ch),
    );
    expect(wrong.map((ch) => ch.codePointAt(0)!.toString(16))).toEqual([]);
  });

  test("any text of them is as wide as it is long, as string-width says (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...narrowChars), { maxLength: 60 }), (chars) => {
        const text = chars.join("");
        expect(displayWidth(text)).toBe(text.length);
        expect(stringWidth(text)).toBe(text.length);
      }),
      { numRuns: 3000 },
    );
  });

  test("text with anything else is measured and cut by string-width", () => {
    expectStringWidthDecides(NARROW, [
      "caf\u00e9\u0301",
      "\u00a9 2026",
      "soft\u00adhyphen",
      "\u4e2d\u6587",
      "a\u{1f600}b",
      "1\ufe0f\u20e3",
    ]);
    expect(cutToWidth("\u4e2d\u6587\u4e2d\u6587", 5)).toBe("\u4e2d\u6587\u2026");
    expect(cutToWidth("Reviews code \u2014 \u201cstrictly\u201d", 15)).toBe("Reviews code \u2014\u2026");
    expect(cutToWidth("/a/b/\u00e9t\u00e9/agent.md", 10, "end")).toBe("\u2026/agent.md");
  });

  test("lone emoji are two columns each, beside narrow text, as string-width says (property)", () => {
    expect(emojiChars.length).toBeGreaterThan(1000);
    expect(
      emojiChars.filter((ch) => stringWidth(ch) !== 2).map((ch) => ch.codePointAt(0)!.toString(16)),
    ).toEqual([]);
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constantFrom(...narrowChars), fc.constantFrom(...emojiChars)), {
          maxLength: 40,
        }),
        (chars) => {
          const text = chars.join("");
          expect(NARROW_OR_EMOJI.test(text)).toBe(true);
          expect(displayWidth(text)).toBe(stringWidth(text));
        },
      ),
      { numRuns: 3000 },
    );
    // Skin tones, flags, joiners and variation selectors join neighbours: string-width decides.
    expectStringWidthDecides(NARROW_OR_EMOJI, [
      "\u{1f44d}\u{1f3fd}",
      "\u{1f1eb}\u{1f1f7}",
      "\u{1f469}\u200d\u{1f4bb}",
      "\u26a0\ufe0f",
    ]);
    expect(cutToWidth("Fix \u{1f534} now, then \u{1f4a1}", 8)).toBe("Fix \u{1f534} \u2026");
  });
});

describe("long text is segmented a piece at a time", () => {
  const graphemes = [
    "a",
    " ",
    "漢",
    "한",
    "e\u0301",
    "a\u0308\u0301",
    "\u{1f468}\u200d\u{1f469}\u200d\u{1f467}",
    "\u{1f1ef}\u{1f1f5}",
    "\u{1f642}",
    "\u26a0\ufe0f",
  ];

  test("a text longer than a piece is as wide as string-width says of it whole (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...graphemes), { minLength: 400, maxLength: 1200 }), (parts) => {
        const text = `漢${parts.join("")}`;
        expect(displayWidth(text)).toBe(stringWidth(text));
      }),
      { numRuns: 60 },
    );
  });

  test("300,000 wide characters are measured, cut and wrapped in one pass (one segmenting took minutes)", () => {
    const text = "漢字 ".repeat(100_000);
    expect(displayWidth(text)).toBe(500_000);
    expect(cutToWidth(text, 20)).toBe("漢字 漢字 漢字 漢字…");
    const lines = wrapToWidth(text, 60);
    expect(lines[0]).toBe("漢字 ".repeat(12).trimEnd());
    expect(lines.join(" ")).toBe(text.trimEnd());
  }, 60_000);
});

describe("paths at a terminal's width (issue 50): their distinguishing end, in whole words", () => {
  test("cutPathToWidth cuts at a / first, else after a - _ or space, never inside a word", () => {
    expect(cutPathToWidth("~/.config/opencode/agents", 23)).toBe("…/opencode/agents");
    expect(cutPathToWidth("~/plugins/accessibility-compliance/agents", 23)).toBe("…compliance/agents");
    expect(cutPathToWidth("/corpus/plugins/agent-teams/agents/team-lead.md", 23)).toBe(
      "…/agents/team-lead.md",
    );
    expect(cutPathToWidth(".claude/agents/api-documenter.md", 16)).toBe("…documenter.md");
    // Fits: as it is. A last word wider than the room: its end, as cutToWidth keeps it.
    expect(cutPathToWidth("a/b.md", 10)).toBe("a/b.md");
    expect(cutPathToWidth("dir/averyveryverylongname.md", 10)).toBe("…ngname.md");
  });

  test("every cut keeps an end of the path whole: a property over paths and widths", () => {
    const segment = fc.stringMatching(/^[a-z]{1,12}([-_][a-z]{1,12})?$/);
    fc.assert(
      fc.property(
        fc.array(segment, { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 2, max: 60 }),
        (parts, width) => {
          const path = parts.join("/");
          const cut = cutPathToWidth(path, width);
          expect(displayWidth(cut)).toBeLessThanOrEqual(Math.max(width, 1));
          if (cut === path) return;
          const rest = cut.slice(1);
          expect(path.endsWith(rest)).toBe(true);
          // Cut at a word's start unless its last word alone is too wide.
          const last = parts.at(-1)!.split(/[-_]/).at(-1)!;
          const before = path[path.length - rest.length - 1];
          if (last.length + 1 <= width)
            expect(rest.startsWith("/") || ["-", "_", "/"].includes(before ?? "")).toBe(true);
        },
      ),
    );
  });

  test("wrapToWidth breaks a path too long for a line after a /, not inside a segment", () => {
    const path = "/work/shared/corpus/wshobson-agents/plugins/agent-teams/agents/team-lead.md";
    expect(wrapToWidth(`resolves to ${path} (plugins, user)`, 40)).toEqual([
      "resolves to",
      "/work/shared/corpus/wshobson-agents/",
      "plugins/agent-teams/agents/team-lead.md",
      "(plugins, user)",
    ]);
  });
});
