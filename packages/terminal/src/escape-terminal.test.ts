import { describe, expect, test } from "vitest";
import { cutToWidth, displayWidth, escapeTerminal } from "./index.js";

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
