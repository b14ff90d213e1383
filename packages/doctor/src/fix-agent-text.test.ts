import { describe, expect, test } from "vitest";
import { fixAgentText } from "./fix-agent-text.js";

const slugOnly = (name: string) =>
  /^[a-z0-9-_]+$/.test(name) ? undefined : "is not a slug of a-z, 0-9, - and _";

describe("fixAgentText", () => {
  test("quotes a top-level value holding ': ' when that makes the YAML readable", () => {
    const text =
      '---\nname: reviewer\ndescription: Use when: a PR is "ready"\ntools: Read\n---\nYou review.\n';
    const { text: fixed, fixes } = fixAgentText(text);
    expect(fixed).toBe(
      '---\nname: reviewer\ndescription: "Use when: a PR is \\"ready\\""\ntools: Read\n---\nYou review.\n',
    );
    expect(fixes).toEqual([
      {
        code: "fix/quote-value",
        line: 3,
        message:
          'quoted the value of description: it holds ": ", which YAML reads as the start of another key',
      },
    ]);
    // Fixed once, nothing more to fix.
    expect(fixAgentText(fixed).fixes).toEqual([]);
  });

  test("no fix where quoting is not the one safe change", () => {
    for (const text of [
      // A value carried on to the next line: which lines belong to it is a guess.
      "---\nname: a\ndescription: Use when: x\n  and more\n---\nbody\n",
      // ` #` starts a comment in YAML: quoting would change what the value is.
      "---\nname: a\ndescription: Use when: x # note\n---\nbody\n",
      // Quoting does not make it readable (another break besides).
      "---\nname: a\ndescription: Use when: x\ntools: [Read\n---\nbody\n",
      // A nested value: only top-level lines are quoted (which key a nested one belongs to is YAML's to say).
      "---\nname: a\ndescription: fine\nmeta:\n  note: a: b\n---\nbody\n",
      // No frontmatter, or an unclosed one.
      "just text: with colon\n",
      "---\nname: a\ndescription: Use when: x\n",
    ]) {
      const result = fixAgentText(text);
      expect(result.fixes, text).toEqual([]);
      expect(result.text).toBe(text);
    }
  });

  test("a name with spaces the tool refuses becomes its slug; without a tool rule names stay", () => {
    const text = "---\nname: Code Reviewer\ndescription: Reviews\n---\nbody\n";
    const fixed = fixAgentText(text, { nameProblem: slugOnly, toolName: "Gemini CLI" });
    expect(fixed.text).toBe("---\nname: code-reviewer\ndescription: Reviews\n---\nbody\n");
    expect(fixed.fixes).toEqual([
      {
        code: "fix/slug-name",
        line: 2,
        message:
          'name "Code Reviewer" → code-reviewer: Gemini CLI does not take it (it is not a slug of a-z, 0-9, - and _)',
      },
    ]);
    expect(fixAgentText(text).fixes).toEqual([]);
    // No spaces: not this fix's (CSharpExpert is renamed by export, not by doctor).
    expect(
      fixAgentText("---\nname: CSharpExpert\ndescription: d\n---\nb\n", { nameProblem: slugOnly }).fixes,
    ).toEqual([]);
  });

  test("a missing description comes from the body's first line, after the name; an empty one is replaced", () => {
    const text = "---\nname: reviewer\ntools: Read\n---\n\n# Code reviewer\n\nYou review.\n";
    const fixed = fixAgentText(text);
    expect(fixed.text).toBe(
      '---\nname: reviewer\ndescription: "Code reviewer"\ntools: Read\n---\n\n# Code reviewer\n\nYou review.\n',
    );
    expect(fixed.fixes).toEqual([
      {
        code: "fix/description-from-body",
        line: 3,
        message: "description taken from the first line of the body",
      },
    ]);
    expect(fixAgentText('---\nname: r\ndescription: ""\n---\nDo it.\n').text).toBe(
      '---\nname: r\ndescription: "Do it."\n---\nDo it.\n',
    );
    // No body to take it from: nothing.
    expect(fixAgentText("---\nname: r\n---\n\n").fixes).toEqual([]);
  });

  test("all three at once, CRLF and a byte-order mark kept, lines numbered in the fixed file", () => {
    const text = "\uFEFF---\r\nname: Code Reviewer\r\ncolor: blue\r\nmodel: a: b\r\n---\r\nReview it.\r\n";
    const fixed = fixAgentText(text, { nameProblem: slugOnly });
    expect(fixed.text).toBe(
      '\uFEFF---\r\nname: code-reviewer\r\ndescription: "Review it."\r\ncolor: blue\r\nmodel: "a: b"\r\n---\r\nReview it.\r\n',
    );
    expect(fixed.fixes.map((f) => [f.code, f.line])).toEqual([
      ["fix/quote-value", 5],
      ["fix/slug-name", 2],
      ["fix/description-from-body", 3],
    ]);
  });
});
