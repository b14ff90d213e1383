// roster's own agents (the `embedded:` definitions it ships) are not doctor's to check: a user
// cannot change them, and `roster doctor` skips compiling their `output` schemas, so that it
// loads no schema compiler on their account. This is the check doctor leaves to the build:
// every shipped schema compiles as `run` would compile it.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDefaultRegistry } from "@roster/cli";
import { discoverAgents } from "@roster/core";
import { compileOutputSchema } from "@roster/executor";
import { afterEach, beforeEach, expect, test } from "vitest";

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "roster-embedded-schemas-"));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

test("every output schema roster ships compiles", async () => {
  const discovery = await discoverAgents(createDefaultRegistry(), {
    cwd: join(root, "project"),
    home: join(root, "home"),
    env: {},
  });
  const shipped = discovery.agents.filter(
    (a) => a.filePath?.startsWith("embedded:") === true && a.output !== undefined,
  );
  // At least one ships a schema (explore's): otherwise this test checks nothing.
  expect(shipped.map((a) => a.name)).toContain("explore");
  for (const agent of shipped) {
    const compiled = compileOutputSchema(agent.output);
    expect([agent.name, compiled.ok ? "compiles" : compiled.error]).toEqual([agent.name, "compiles"]);
  }
});
