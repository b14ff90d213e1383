import { symlinkSync } from "node:fs";
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

/** `$CODEX_HOME/config.toml` trusting the sandbox's project, as Codex's first-run question writes it. */
const trusted = (level = "trusted") => `[projects."${sb.project}"]\ntrust_level = "${level}"\n`;

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
  test("issue 52: [agents.<key>] config_file roles: the file's name, else the key; the file's description, else the table's", async () => {
    sb.write({
      "home/.codex/config.toml": [
        "[agents.reviewer]",
        'description = "table description"',
        'config_file = "roles/reviewer.toml"',
        "",
        "[agents.named]",
        'description = "table, not used"',
        'config_file = "roles/named.toml"',
        "",
      ].join("\n"),
      "home/.codex/roles/reviewer.toml": 'developer_instructions = "Review."\n',
      "home/.codex/roles/named.toml": toml("file-name", "file description"),
    });
    const view = await viewAsTool(codexProfile, sb.ctx());
    expect(view.agents.filter((a) => a.filePath).map((a) => [a.id, a.description])).toEqual([
      ["reviewer", "table description"],
      ["file-name", "file description"],
    ]);
  });

  test("issue 52: [agents.<key>] description without config_file: a built-in's description replaced, a role of its own, over a file beside it", async () => {
    const config = join(sb.home, ".codex/config.toml");
    sb.write({
      "home/.codex/config.toml": [
        "[agents.explorer]",
        'description = "my explorer"',
        "[agents.fresh]",
        'description = "a table alone"',
        "[agents.blank]",
        'description = "   "',
        "[agents.worker]",
        'nickname_candidates = ["W"]',
        "[agents.clash]",
        'description = "the table wins"',
      ].join("\n"),
      "home/.codex/agents/clash.toml": toml("clash", "the file beside it"),
    });
    const view = await viewAsTool(codexProfile, sb.ctx());
    expect(view.agents.map((a) => [a.id, a.description, a.filePath])).toEqual([
      ["default", "Codex built-in", undefined],
      ["worker", "Codex built-in", undefined],
      ["explorer", "my explorer", `${config}#agents.explorer`],
      ["fresh", "a table alone", `${config}#agents.fresh`],
      ["clash", "the table wins", `${config}#agents.clash`],
    ]);
    expect(view.files.find((f) => f.relativePath === "clash.toml")?.outcome).toBe("shadowed");
  });

  test("TOML only, developer_instructions required, custom agents override built-ins", async () => {
    sb.write({
      "project/.git/HEAD": "",
      "home/.codex/config.toml": trusted(),
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

  test("sub-folders, dot folders and symlinked folders are read (codex debug prompt-input lists them)", async () => {
    sb.write({
      "project/.git/HEAD": "",
      "home/.codex/config.toml": trusted(),
      "project/.codex/agents/sub/deeper/deep.toml": toml("deep", "d"),
      "project/.codex/agents/.hidden/hid.toml": toml("hid", "d"),
      "elsewhere/linked.toml": toml("linked", "d"),
    });
    symlinkSync(join(sb.root, "elsewhere"), join(sb.project, ".codex/agents/ldir"));
    const view = await viewAsTool(codexProfile, sb.ctx());
    expect(view.agents.filter((a) => a.scope === "project").map((a) => a.id)).toEqual([
      "hid",
      "linked",
      "deep",
    ]);
  });

  test("a key Codex does not know, roster's marker included, or a value of the wrong type skips the file", async () => {
    sb.write({
      "project/.git/HEAD": "",
      "home/.codex/config.toml": trusted(),
      "project/.codex/agents/ok.toml": `${toml(
        "ok",
        "d",
        'model = "gpt-5"\nsandbox_mode = "read-only"\nnickname_candidates = ["Al B", "c_d"]\n',
      )}[features]\nx = true\n[mcp_servers.m]\ncommand = "run"\n`,
      "project/.codex/agents/marker.toml": toml("marker", "d", 'generated-by = "roster"\n'),
      "project/.codex/agents/spawns.toml": toml("spawns", "d", 'spawns = ["a"]\n'),
      "project/.codex/agents/tools.toml": toml("tools", "d", 'tools = ["read"]\n'),
      "project/.codex/agents/model.toml": toml("model", "d", "model = 5\n"),
      "project/.codex/agents/sandbox.toml": toml("sandbox", "d", 'sandbox_mode = "bogus"\n'),
      "project/.codex/agents/nick.toml": toml("nick", "d", 'nickname_candidates = [" "]\n'),
      "project/.codex/agents/mcp.toml": `${toml("mcp", "d")}[mcp_servers.m]\nnope = 1\n`,
    });
    const view = await viewAsTool(codexProfile, sb.ctx());
    expect(view.files.map((f) => [f.relativePath, f.outcome, f.reason?.code])).toEqual([
      ["marker.toml", "rejected", "tool/unknown-key"],
      ["mcp.toml", "rejected", "tool/bad-field"],
      ["model.toml", "rejected", "tool/bad-field"],
      ["nick.toml", "rejected", "tool/bad-field"],
      ["ok.toml", "loaded", undefined],
      ["sandbox.toml", "rejected", "tool/bad-field"],
      ["spawns.toml", "rejected", "tool/unknown-key"],
      ["tools.toml", "rejected", "tool/bad-field"],
    ]);
    expect(view.files[0]!.reason?.message).toBe(
      `Codex rejects it because of key \`generated-by\` (not one of the ${codexProfile.knownKeys.length} keys it knows)`,
    );
  });

  test("project agents only in a project $CODEX_HOME/config.toml trusts, keyed by the repository root", async () => {
    sb.write({
      "project/.git/HEAD": "",
      "project/src/.keep": "",
      "project/.codex/agents/mine.toml": toml("mine", "d"),
      "home/.codex/agents/user.toml": toml("user", "d"),
    });
    const ids = async (cwd = sb.project) =>
      (await viewAsTool(codexProfile, { ...sb.ctx(), cwd })).agents
        .filter((a) => a.scope !== "builtin")
        .map((a) => a.id);
    expect(await ids()).toEqual(["user"]);
    const untrusted = (await viewAsTool(codexProfile, sb.ctx())).files.find((f) => f.id === "mine");
    expect(untrusted?.reason?.code).toBe("tool/untrusted");
    sb.write({ "home/.codex/config.toml": trusted("untrusted") });
    expect(await ids()).toEqual(["user"]);
    sb.write({ "home/.codex/config.toml": `[projects."${sb.project}/"]\ntrust_level = "trusted"\n` });
    expect(await ids()).toEqual(["user"]);
    sb.write({
      "home/.codex/config.toml": `[projects."${join(sb.project, "src")}"]\ntrust_level = "trusted"\n`,
    });
    expect(await ids(join(sb.project, "src"))).toEqual(["user"]);
    sb.write({ "home/.codex/config.toml": trusted() });
    expect(await ids(join(sb.project, "src"))).toEqual(["mine", "user"]);
  });
});
