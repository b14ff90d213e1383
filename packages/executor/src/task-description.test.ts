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

test("a budget keeps the description within its bytes: the most useful agents named, the rest counted", () => {
  const long = "x".repeat(400);
  const agents = [
    ...Array.from({ length: 300 }, (_, i) =>
      agent(`bundled-${i}`, { provider: "bundled", description: long }),
    ),
    ...Array.from({ length: 300 }, (_, i) => agent(`user-${i}`, { source: "user", description: long })),
    agent("team-reviewer", { source: "project", description: "Reviews the team's code", output: {} }),
  ];
  const text = buildTaskDescription(agents, {
    maxBytes: 6000,
    more: "call list_agents to see them",
  });
  expect(Buffer.byteLength(JSON.stringify(text))).toBeLessThanOrEqual(6002);
  // The project's own agent comes first, then user agents; bundled ones last.
  expect(text).toContain("Agents:\n- team-reviewer: Reviews the team's code [structured output]\n- user-0: ");
  expect(text).not.toContain("bundled-0");
  expect(text).toContain(`- user-0: ${"x".repeat(159)}…`);
  const named = text.split("\n").filter((l) => l.startsWith("- ")).length;
  expect(text).toContain(
    `…and ${agents.length - named} more agent(s) not named here: call list_agents to see them.`,
  );
  expect(text).toContain("Agents with a built-in output schema (team-reviewer)");
  // Without a budget, every agent in full, as before.
  expect(Buffer.byteLength(buildTaskDescription(agents))).toBeGreaterThan(600 * 400);
});

test("the budget counts the JSON escapes a description travels with", () => {
  const quoted = Array.from({ length: 100 }, (_, i) => agent(`q-${i}`, { description: '"\\'.repeat(100) }));
  const text = buildTaskDescription(quoted, { maxBytes: 4000, more: "m" });
  expect(Buffer.byteLength(JSON.stringify(text))).toBeLessThanOrEqual(4002);
  expect(text).toContain("more agent(s) not named here");
});

test("a budget that fits every agent names them all and says nothing of more", () => {
  const text = buildTaskDescription([agent("a"), agent("b")], { maxBytes: 6000, more: "m" });
  expect(text).toContain("- a: a does things\n- b: b does things");
  expect(text).not.toContain("more agent");
});
