import { join } from "node:path";
import { type AgentDefinition, markdownFormat, parseAgent } from "@roster/core";
import { ROSTER_VOCABULARY, toolTable } from "@roster/family";
import { describe, expect, test } from "vitest";
import { defineMarkdownWriter, writeAsIs } from "./define-markdown-writer.js";

/** roster's own words: the table of a set of roster-speaking families. */
const tools = toolTable([ROSTER_VOCABULARY]);

const agent = (frontmatter: string, body = "You help."): AgentDefinition =>
  parseAgent("/p/a.md", `---\nname: helper\ndescription: Helps\n${frontmatter}---\n${body}\n`, "project");

const base = {
  tool: "acme",
  displayName: "Acme",
  extension: ".md",
  format: markdownFormat,
  folders: false,
  agentsDir: (ctx: { cwd: string }) => join(ctx.cwd, ".acme/agents"),
};

describe("defineMarkdownWriter", () => {
  test("name and description first, the family's fields, the marker last; every field reported once", () => {
    const writer = defineMarkdownWriter({
      ...base,
      marker: "key",
      fields(a, { frontmatter, report, cannot }) {
        writeAsIs(a, { frontmatter, report }, ["maxTurns", "model"]);
        cannot("output", "Acme agents have no output schema");
        cannot("blocking", "never reported: the agent does not set it");
      },
    });
    const written = writer.write(agent("maxTurns: 3\noutput: { type: object }\n"), { marker: true, tools });
    expect(written.content).toBe(
      "---\nname: helper\ndescription: Helps\nmaxTurns: 3\ngenerated-by: roster\n---\n\nYou help.\n",
    );
    expect(written.fields.map((f) => [f.field, f.fate, f.to])).toEqual([
      ["name", "kept", "name"],
      ["description", "kept", "description"],
      ["systemPrompt", "kept", "body"],
      ["maxTurns", "kept", "maxTurns"],
      ["output", "dropped", undefined],
    ]);
    expect(writer.write(agent(""), { marker: false, tools }).content).not.toContain("generated-by");
    // The writer is the definition less its steps: what exportAgent and sync read.
    expect(Object.keys(writer).sort()).toEqual([...Object.keys(base), "marker", "write"].sort());
  });

  test("a manifest-marked writer never writes the key; a path-named one has no name key unless a step sets it", () => {
    const writer = defineMarkdownWriter({
      ...base,
      marker: "manifest",
      nameBy: { to: "(file path)", note: "Acme names an agent by its path" },
      fields(a, { frontmatter }) {
        if (typeof a.extra?.title === "string") frontmatter.name = a.extra.title;
      },
    });
    const plain = writer.write(agent(""), { marker: true, tools });
    expect(plain.content).toBe("---\ndescription: Helps\n---\n\nYou help.\n");
    expect(plain.fields[0]).toEqual({
      field: "name",
      fate: "kept",
      to: "(file path)",
      note: "Acme names an agent by its path",
    });
    // A display name set by the step still comes first.
    expect(writer.write(agent("title: Nice\n"), { marker: true, tools }).content).toBe(
      "---\nname: Nice\ndescription: Helps\n---\n\nYou help.\n",
    );
  });
});
