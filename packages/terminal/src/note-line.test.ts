import { expect, test } from "vitest";
import { noteLine } from "./note-line.js";
import { draw } from "./styled-text.js";

const base = { cwd: "/p", home: "/h" };

test("a diagnostic as one note: its severity (info as note), its file and message paths shown from the cwd", () => {
  expect(
    draw(noteLine(base, { severity: "warning", message: "bad /p/a.md", filePath: "/h/x.json" }), false),
  ).toBe("roster: warning: ~/x.json: bad a.md");
  expect(draw(noteLine(base, { severity: "info", message: "a README\nbeside" }), false)).toBe(
    "roster: note: a README\\x0abeside",
  );
});
