import { join } from "node:path";
import { discoverSkills } from "@roster/skills";
import { createSandbox, type Sandbox } from "@roster/testkit";
import { afterEach, beforeEach, expect, test } from "vitest";
import { pluginSkills } from "./plugin-skills.js";

let sandbox: Sandbox;
beforeEach(() => {
  sandbox = createSandbox("roster-plugin-skills-");
});
afterEach(() => sandbox.cleanup());

test("each plugin's skills/ folder, named <plugin>:<folder> whatever its name field", () => {
  const root = join(sandbox.root, "plugins/tools");
  sandbox.write({
    "plugins/tools/skills/fmt/SKILL.md": "---\nname: formatter\ndescription: format code\n---\nFormat.\n",
    "plugins/tools/skills/odd name/SKILL.md": "---\ndescription: odd\n---\nx\n",
    "home/.claude/plugins/installed_plugins.json": JSON.stringify({
      version: 2,
      plugins: { "tools@market": [{ scope: "user", installPath: root, version: "1.2.0" }] },
    }),
  });
  const d = discoverSkills(sandbox.ctx(), { sources: [pluginSkills] });
  expect(d.skills.map((s) => [s.name, s.scope, s.plugin?.id, s.plugin?.version])).toEqual([
    ["tools:fmt", "plugin", "tools@market", "1.2.0"],
    ["tools:odd-name", "plugin", "tools@market", "1.2.0"],
  ]);
});
