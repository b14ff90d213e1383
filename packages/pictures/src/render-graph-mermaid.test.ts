import { describe, expect, test } from "vitest";
import { everyKindGraph, HOSTILE } from "../test/agents.js";
import { mermaidLabel, renderGraphMermaid } from "./render-graph-mermaid.js";

/** Every label of a Mermaid text: the quoted strings. */
const labels = (text: string) => [...text.matchAll(/"([^"]*)"/g)].map((m) => m[1]!);

describe("renderGraphMermaid (GitHub's Mermaid syntax)", () => {
  const text = renderGraphMermaid(everyKindGraph());

  test("a flowchart of subgraphs per family, quoted labels, ids made of roster's own", () => {
    const lines = text.trimEnd().split("\n");
    expect(lines[0]).toBe("flowchart LR");
    for (const line of lines.slice(1)) {
      const statement = line.trim();
      // Each statement is one of the forms GitHub's Mermaid reads.
      expect(statement).toMatch(
        /^(subgraph f\d+\["[^"]*"\]|end|n_[a-z0-9]+(\["[^"]*"\]|\(\["[^"]*"\]\))(:::[a-z]+)?|n_[a-z0-9]+ (-->|-\.->\|"[^"]*"\||-\.-\|"[^"]*"\|) n_[a-z0-9]+|classDef [a-z]+ [^;]+|linkStyle [\d,]+ [^;]+)$/,
      );
    }
  });

  test('no label holds a character that ends it or opens markup: # " & < > | ` \\ are entity codes', () => {
    for (const label of labels(text)) expect(label.replace(/#(\d+|[a-z]+);/g, "")).not.toMatch(/[#"&<>|`\\]/);
    expect(mermaidLabel(HOSTILE)).toBe(
      '"#lt;img src=x onerror=alert(1)#gt;#lt;/script#gt;#quot;#124;#35;end;#92;N"',
    );
    // Controls and bidi overrides are made visible (their backslash an entity code too).
    expect(mermaidLabel("a\u001b\u202eb")).toBe('"a#92;x1b#92;u202eb"');
  });

  test("refused spawns are dotted with the reason and red; the depth rule is one note", () => {
    expect(text).toContain('n_a0 -.->|"✗ itself"| n_a0');
    expect(text).toContain('n_a0 -.->|"✗ no such agent"| n_m0');
    expect(text).toContain('n_a1 -.-|"hides"| n_s0');
    expect(text).toMatch(/linkStyle \d+,\d+ stroke:#c00/);
    expect(text).toContain(
      'n_depth["maxRecursionDepth 2: the 2nd agent of a chain may spawn nothing"]:::note',
    );
  });
});
