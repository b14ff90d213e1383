import { describe, expect, test } from "vitest";
import { examplesText } from "./examples-text.js";

describe("examplesText", () => {
  test("a blank line, `Examples:`, then each command line indented after `$ `", () => {
    expect(examplesText(["roster list", 'roster run x --task "a b"'])).toBe(
      '\nExamples:\n  $ roster list\n  $ roster run x --task "a b"',
    );
  });
});
