import { join } from "node:path";
import { createRegistry, discoverAgents } from "@roster/core";
import { viewAsTool } from "@roster/profiles";
import { agentFile, createSandbox, type Sandbox } from "@roster/testkit";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { readCodexLimits } from "./codex-config.js";
import { codexProfile } from "./codex-profile.js";
import { codexProvider } from "./codex-provider.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox("roster-codex-profile-");
});
afterEach(() => sb.cleanup());

const toml = (name: string, description: string, extra = "") =>
  `name = "${name}"\ndescription = "${description}"\n${extra}developer_instructions = """\nYou are ${name}.\n"""\n`;

describe("config.toml agent roles and limits", () => {
  test("[agents.<name>] with a config_file loads under the table's name and description", async () => {
    sb.write({
      "home/.codex/config.toml": [
        "[agents]",
        "max_depth = 1",
        "max_threads = 4",
        "",
        "[agents.reviewer]",
        'description = "Reviews from config"',
        'config_file = "roles/reviewer.toml"',
        "",
        "[agents.explorer]",
        'description = "Only tunes the built-in"',
        "",
        "[agents.escape]",
        'config_file = "../outside.toml"',
      ].join("\n"),
      "home/.codex/roles/reviewer.toml": toml(
        "ignored-name",
        "file description",
        'sandbox_mode = "read-only"\n',
      ),
      "home/outside.toml": toml("escape", "outside"),
    });
    const { agents, diagnostics } = await discoverAgents(createRegistry([codexProvider]), sb.ctx());
    expect(agents.map((a) => [a.name, a.description, a.source, a.filePath])).toEqual([
      ["reviewer", "Reviews from config", "user", `${join(sb.home, ".codex/config.toml")}#agents.reviewer`],
    ]);
    expect(agents[0]!.extra).toEqual({ sandbox_mode: "read-only" });
    expect(diagnostics.map((d) => d.code)).toEqual(["codex/config-path-escapes"]);
    expect(readCodexLimits(sb.ctx()).limits).toEqual({
      maxDepth: 1,
      maxThreads: 4,
      filePath: join(sb.home, ".codex/config.toml"),
    });
  });
});

describe("codexProfile (Codex's own answer)", () => {
  test("TOML only, developer_instructions required, custom agents override built-ins", async () => {
    sb.write({
      "project/.git/HEAD": "",
      "project/.codex/agents/reviewer.toml": toml("reviewer", "Reviews", 'nickname_candidates = ["Rev"]\n'),
      "project/.codex/agents/explorer.toml": toml("explorer", "My explorer"),
      "project/.codex/agents/helper.md": agentFile("helper"),
      "project/.codex/agents/broken.toml": 'name = "broken"\ndescription = \n',
      "project/.codex/agents/no-instructions.toml": 'name = "x"\ndescription = "d"\n',
      "project/.codex/agents/twin.toml": toml("reviewer", "second reviewer"),
    });
    const roster = await discoverAgents(createRegistry([codexProvider]), sb.ctx());
    expect(roster.agents.map((a) => a.name).sort()).toEqual(["explorer", "helper", "reviewer"]);
    const view = await viewAsTool(codexProfile, sb.ctx());
    expect(view.files.map((f) => [f.relativePath, f.outcome, f.reason?.message])).toEqual([
      ["broken.toml", "rejected", "Codex skips it: it is not valid TOML (line 2)"],
      ["explorer.toml", "loaded", undefined],
      ["helper.md", "ignored", "Codex reads only *.toml files here, not *.md"],
      ["no-instructions.toml", "rejected", "Codex skips it: `developer_instructions` is missing"],
      ["reviewer.toml", "loaded", undefined],
      [
        "twin.toml",
        "shadowed",
        `Codex already has "reviewer" from ${join(sb.project, ".codex/agents/reviewer.toml")} in the same folder and skips this one`,
      ],
    ]);
    expect(view.agents.map((a) => [a.id, a.scope])).toEqual([
      ["default", "builtin"],
      ["worker", "builtin"],
      ["explorer", "project"],
      ["reviewer", "project"],
    ]);
  });
});
