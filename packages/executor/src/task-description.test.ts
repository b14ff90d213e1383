import type { AgentDefinition } from "@roster/core";
import { expect, test } from "vitest";
import { buildTaskDescription } from "./task-description.js";

const agent = (name: string, extra: Partial<AgentDefinition> = {}): AgentDefinition => ({
  name,
  description: `${name} does\n  things`,
  systemPrompt: "",
  source: "bundled",
  provider: "t",
  ...extra,
});

test("lists every agent with its description and warns about the ones with an output schema", () => {
  const text = buildTaskDescription([
    agent("explore", { output: {} }),
    agent("task"),
    agent("reviewer", { output: {} }),
  ]);
  expect(text).toContain("- explore: explore does things [structured output]");
  expect(text).toContain("- task: task does things\n");
  expect(text).toContain("Agents with a built-in output schema (explore, reviewer)");
  expect(text).toMatch(/do not describe an output format/);
});

test("no warning without structured agents; none when empty", () => {
  expect(buildTaskDescription([agent("task")])).not.toContain("output schema");
  expect(buildTaskDescription([])).toContain("(none)");
});
