import { createHash } from "node:crypto";
import { join } from "node:path";
import { createRegistry, discoverAgents } from "@roster/core";
import { viewAsTool } from "@roster/profiles";
import { agentFile, createSandbox, type Sandbox } from "@roster/testkit";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { geminiProfile } from "./gemini-profile.js";
import { geminiProvider } from "./gemini-provider.js";
import { isGeminiToolName, mapGeminiTools } from "./gemini-tools.js";

/** The sha256 (hex) Gemini CLI keeps for an acknowledged agent file. */
const sha = (text: string) => createHash("sha256").update(text).digest("hex");

/** `~/.gemini` that trusts the project and acknowledges `acks` (name → file text) there. */
function trustAndAcknowledge(acks: Record<string, string>): Record<string, string> {
  return {
    "home/.gemini/trustedFolders.json": JSON.stringify({ [sb.project]: "TRUST_FOLDER" }),
    "home/.gemini/acknowledgments/agents.json": JSON.stringify({
      [sb.project]: Object.fromEntries(Object.entries(acks).map(([name, text]) => [name, sha(text)])),
    }),
  };
}

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox("roster-gemini-profile-");
});
afterEach(() => sb.cleanup());

/** Shaped like Gemini CLI's documented agent files. */
const investigator = [
  "---",
  "name: security-auditor",
  "description: Specialized in finding security vulnerabilities in code.",
  "kind: local",
  "tools:",
  "  - read_file",
  "  - grep_search",
  "  - mcp_github_*",
  "model: gemini-2.5-pro",
  "temperature: 0.2",
  "max_turns: 10",
  "timeout_mins: 5",
  "---",
  "You are a ruthless Security Auditor.",
  "",
].join("\n");

describe("the gemini agent format", () => {
  test("max_turns, tools mapped to roster names (as written kept), the rest in extra", async () => {
    sb.write({ "project/.gemini/agents/security-auditor.md": investigator });
    const { agents } = await discoverAgents(createRegistry([geminiProvider]), sb.ctx());
    expect(agents[0]).toMatchObject({
      name: "security-auditor",
      maxTurns: 10,
      tools: ["read", "grep", "mcp_github_*", "submit_result"],
      toolsAsWritten: ["read_file", "grep_search", "mcp_github_*"],
      model: ["gemini-2.5-pro"],
      extra: { kind: "local", temperature: 0.2, max_turns: 10, timeout_mins: 5 },
    });
  });

  test("tool names: wildcards and MCP forms as Gemini CLI checks them", () => {
    expect(mapGeminiTools(["*"])).toBeUndefined();
    for (const ok of [
      "read_file",
      "search_file_content",
      "*",
      "mcp_*",
      "mcp_github_*",
      "mcp_github_list_issues",
    ]) {
      expect(isGeminiToolName(ok)).toBe(true);
    }
    for (const bad of ["Read", "Bash", "mcp__github__x", "mcp_github_", "mcp_git hub_x"]) {
      expect(isGeminiToolName(bad)).toBe(false);
    }
  });
});

describe("geminiProfile (Gemini CLI's own answer)", () => {
  test("a Claude-style file roster loads is rejected by Gemini, with Gemini's reasons", async () => {
    sb.write({
      "project/.gemini/agents/security-auditor.md": investigator,
      "project/.gemini/agents/claude-style.md": agentFile(
        "claude-style",
        "From Claude",
        "tools: Read, Grep\ncolor: blue",
      ),
      "project/.gemini/agents/colored.md": agentFile("colored", "Has a color", "color: blue"),
      "project/.gemini/agents/bad-tool.md": agentFile("bad-tool", "Bad tool", "tools: [Read]"),
      "project/.gemini/agents/_draft.md": agentFile("draft"),
      "project/.gemini/agents/nested/deep.md": agentFile("deep"),
      "project/.gemini/agents/Upper.md": agentFile("Upper"),
      "project/.gemini/agents/generalist.md": agentFile("generalist", "mine"),
      "project/.gemini/agents/linked.md": { symlink: "security-auditor.md" },
      ...trustAndAcknowledge({ "security-auditor": investigator }),
    });
    const roster = await discoverAgents(createRegistry([geminiProvider]), sb.ctx());
    expect(roster.agents.map((a) => a.name).sort()).toEqual(
      ["Upper", "bad-tool", "claude-style", "colored", "draft", "generalist", "security-auditor"].sort(),
    );
    const view = await viewAsTool(geminiProfile, sb.ctx());
    expect(view.files.map((f) => [f.relativePath, f.outcome, f.reason?.message])).toEqual([
      ["Upper.md", "rejected", 'Gemini CLI skips it: name "Upper" is not a slug of a-z, 0-9, - and _'],
      ["_draft.md", "ignored", 'Gemini CLI skips files whose name starts with "_"'],
      ["bad-tool.md", "rejected", "Gemini CLI rejects it: invalid tool name `Read`"],
      [
        "claude-style.md",
        "rejected",
        "Gemini CLI rejects it because of key `color` (it accepts only kind, name, description, display_name, tools, mcp_servers, model, temperature, max_turns, timeout_mins)",
      ],
      [
        "colored.md",
        "rejected",
        "Gemini CLI rejects it because of key `color` (it accepts only kind, name, description, display_name, tools, mcp_servers, model, temperature, max_turns, timeout_mins)",
      ],
      [
        "generalist.md",
        "shadowed",
        'Gemini CLI keeps its built-in "generalist": a file cannot override a built-in',
      ],
      ["linked.md", "ignored", "Gemini CLI reads only regular files, not symlinks"],
      [
        "nested/deep.md",
        "ignored",
        `Gemini CLI does not read sub-folders of ${join(sb.project, ".gemini/agents")}`,
      ],
      ["security-auditor.md", "loaded", undefined],
    ]);
    expect(view.agents.map((a) => [a.id, a.scope])).toEqual([
      ["codebase_investigator", "builtin"],
      ["cli_help", "builtin"],
      ["generalist", "builtin"],
      ["security-auditor", "project"],
    ]);
  });

  test("places: only the cwd's .gemini/agents (no walking up), then GEMINI_CLI_HOME's; project agents need trust", async () => {
    sb.write({
      "project/.gemini/agents/up.md": agentFile("up"),
      "project/sub/x": "",
      "alt/.gemini/agents/u.md": agentFile("u"),
    });
    const ctx = sb.ctx({ cwd: join(sb.project, "sub"), env: { GEMINI_CLI_HOME: join(sb.root, "alt") } });
    const view = await viewAsTool(geminiProfile, ctx);
    expect(view.places.map((p) => [p.scope, p.dir, p.status])).toEqual([
      ["project", join(sb.project, "sub/.gemini/agents"), "missing"],
      ["user", join(sb.root, "alt/.gemini/agents"), "read"],
    ]);
    const untrusted = await viewAsTool(geminiProfile, sb.ctx({ trustProject: false }));
    expect(untrusted.places[0]!.status).toBe("untrusted");
  });
});

describe("geminiProfile: Gemini CLI's folder trust and acknowledgments (its AgentRegistry.loadAgents)", () => {
  const agentsDir = (rel: string) => `project/.gemini/agents/${rel}`;
  const outcomes = async (env: Record<string, string> = {}) => {
    const view = await viewAsTool(geminiProfile, sb.ctx({ env }));
    return view.files.map((f) => [f.scope, f.relativePath, f.outcome, f.reason?.code]);
  };

  test("no trustedFolders.json: the folder is not trusted, no project agent is read, user agents are", async () => {
    sb.write({ [agentsDir("a.md")]: agentFile("a"), "home/.gemini/agents/u.md": agentFile("u") });
    const view = await viewAsTool(geminiProfile, sb.ctx());
    expect(view.places.map((p) => p.status)).toEqual(["untrusted", "read"]);
    expect(view.files.map((f) => [f.relativePath, f.outcome, f.reason?.code])).toEqual([
      ["a.md", "ignored", "tool/untrusted"],
      ["u.md", "loaded", undefined],
    ]);
    const message = view.files[0]!.reason!.message;
    expect(message).toContain("does not trust");
    expect(message).toContain(join(sb.home, ".gemini/trustedFolders.json"));
    expect(message).toContain("/permissions");
    expect(view.agents.map((a) => a.id)).not.toContain("a");
  });

  test("the longest matching rule wins; TRUST_PARENT trusts its path's parent; DO_NOT_TRUST says so", async () => {
    const text = agentFile("a");
    sb.write({
      [agentsDir("a.md")]: text,
      "home/.gemini/acknowledgments/agents.json": JSON.stringify({ [sb.project]: { a: sha(text) } }),
    });
    const rules = (value: object) => sb.write({ "home/.gemini/trustedFolders.json": JSON.stringify(value) });
    rules({ [join(sb.root, "sibling")]: "TRUST_PARENT" });
    expect(await outcomes()).toEqual([["project", "a.md", "loaded", undefined]]);
    rules({ [sb.root]: "TRUST_FOLDER", [sb.project]: "DO_NOT_TRUST" });
    const view = await viewAsTool(geminiProfile, sb.ctx());
    expect(view.files[0]!.reason).toMatchObject({ code: "tool/untrusted" });
    expect(view.files[0]!.reason!.message).toContain("DO_NOT_TRUST");
    rules({ [sb.root]: "DO_NOT_TRUST", [sb.project]: "TRUST_FOLDER" });
    expect(await outcomes()).toEqual([["project", "a.md", "loaded", undefined]]);
    rules({ [join(sb.project, "sub")]: "TRUST_FOLDER" });
    expect(await outcomes()).toEqual([["project", "a.md", "ignored", "tool/untrusted"]]);
    // Its parseTrustedFoldersJson strips comments first (checked against the real bundle in
    // loaders-gemini.test.ts); a trailing comma still stops it.
    sb.write({
      "home/.gemini/trustedFolders.json": `// mine\n{ /* here */ ${JSON.stringify(sb.project)}: "TRUST_FOLDER" }`,
    });
    expect(await outcomes()).toEqual([["project", "a.md", "loaded", undefined]]);
    sb.write({ "home/.gemini/trustedFolders.json": `{ ${JSON.stringify(sb.project)}: "TRUST_FOLDER", }` });
    expect(await outcomes()).toEqual([["project", "a.md", "ignored", "tool/config-refused"]]);
  });

  test("env and settings: GEMINI_CLI_TRUST_WORKSPACE, GEMINI_RESTRICTED_MODE, security.folderTrust.enabled", async () => {
    sb.write({ [agentsDir("a.md")]: agentFile("a") });
    expect(await outcomes({ GEMINI_CLI_TRUST_WORKSPACE: "true" })).toEqual([
      ["project", "a.md", "ignored", "tool/unacknowledged"],
    ]);
    sb.write({ "home/.gemini/trustedFolders.json": JSON.stringify({ [sb.project]: "TRUST_FOLDER" }) });
    expect(await outcomes({ GEMINI_RESTRICTED_MODE: "true" })).toEqual([
      ["project", "a.md", "ignored", "tool/untrusted"],
    ]);
    sb.write({
      "home/.gemini/trustedFolders.json": "{}",
      "home/.gemini/settings.json": JSON.stringify({ security: { folderTrust: { enabled: false } } }),
    });
    expect(await outcomes()).toEqual([["project", "a.md", "ignored", "tool/unacknowledged"]]);
  });

  test("acknowledged with this exact text: loaded; not acknowledged or changed since: ignored, and a user agent of its name loads", async () => {
    const acked = agentFile("acked");
    sb.write({
      [agentsDir("acked.md")]: acked,
      [agentsDir("fresh.md")]: agentFile("fresh"),
      [agentsDir("changed.md")]: agentFile("changed", "now"),
      "home/.gemini/agents/fresh.md": agentFile("fresh", "the user's"),
      ...trustAndAcknowledge({ acked, changed: agentFile("changed", "then") }),
    });
    const view = await viewAsTool(geminiProfile, sb.ctx());
    expect(view.files.map((f) => [f.scope, f.relativePath, f.outcome, f.reason?.code])).toEqual([
      ["project", "acked.md", "loaded", undefined],
      ["project", "changed.md", "ignored", "tool/unacknowledged"],
      ["project", "fresh.md", "ignored", "tool/unacknowledged"],
      ["user", "fresh.md", "loaded", undefined],
    ]);
    expect(view.files[1]!.reason!.message).toContain("changed since the user acknowledged it");
    expect(view.files[2]!.reason!.message).toContain(join(sb.home, ".gemini/acknowledgments/agents.json"));
    expect(view.agents.find((a) => a.id === "fresh")?.scope).toBe("user");
  });

  test("bad files never crash: a broken trustedFolders.json stops Gemini CLI, a broken acknowledgments file reads as empty", async () => {
    sb.write({ [agentsDir("a.md")]: agentFile("a"), "home/.gemini/trustedFolders.json": "{ nope" });
    const broken = await viewAsTool(geminiProfile, sb.ctx());
    expect(broken.files[0]!.reason).toMatchObject({ code: "tool/config-refused" });
    expect(broken.files[0]!.reason!.message).toContain("not valid JSON");
    sb.write({ "home/.gemini/trustedFolders.json": JSON.stringify({ [sb.project]: "YES" }) });
    const level = await viewAsTool(geminiProfile, sb.ctx());
    expect(level.files[0]!.reason!.message).toContain('the trust level "YES"');
    sb.write({
      "home/.gemini/trustedFolders.json": JSON.stringify({ [sb.project]: "TRUST_FOLDER" }),
      "home/.gemini/acknowledgments/agents.json": "[1,",
    });
    const acks = await viewAsTool(geminiProfile, sb.ctx());
    expect(acks.files[0]!.reason).toMatchObject({ code: "tool/unacknowledged" });
    expect(acks.files[0]!.reason!.message).toContain("reads it as empty");
  });
});

describe("geminiProfile per SPEC §15 (checked with Gemini CLI's loadAgentsFromDirectory)", () => {
  test("the fence must be exactly `---` and a newline; a description of spaces loads; the prompt keeps HTML comments", async () => {
    sb.write({
      "home/.gemini/agents/bom.md": `\uFEFF${agentFile("bom")}`,
      "home/.gemini/agents/space.md": "--- \nname: space\ndescription: d\n---\nB\n",
      "home/.gemini/agents/blank.md": '---\nname: blank\ndescription: "   "\n---\nKeep <!-- this -->\n',
      "home/.gemini/agents/empty.md": '---\nname: empty\ndescription: ""\n---\nB\n',
    });
    const view = await viewAsTool(geminiProfile, sb.ctx());
    expect(view.files.map((f) => [f.relativePath, f.outcome, f.reason?.code])).toEqual([
      ["blank.md", "loaded", undefined],
      ["bom.md", "rejected", "tool/no-frontmatter"],
      ["empty.md", "rejected", "tool/missing-key"],
      ["space.md", "rejected", "tool/no-frontmatter"],
    ]);
    expect(view.agents.find((a) => a.id === "blank")?.prompt).toBe("Keep <!-- this -->");
  });

  test("issue 52: the block ends at the first line starting `---` (no prompt when it goes on); remote agents load", async () => {
    const url = "agent_card_url: https://example.com/card.json";
    sb.write({
      "home/.gemini/agents/suffix.md": "---\nname: suffix\ndescription: d\n---yaml\nBody after\n",
      "home/.gemini/agents/remote.md": `---\nname: remote\nkind: remote\n${url}\n---\nNot a prompt\n`,
      "home/.gemini/agents/remote-nokind.md": `---\nname: remote-nokind\n${url}\n---\n`,
      "home/.gemini/agents/remote-tools.md": `---\nname: remote-tools\nkind: remote\n${url}\ntools: [read_file]\n---\n`,
      "home/.gemini/agents/remote-bad-url.md":
        "---\nname: remote-bad-url\nkind: remote\nagent_card_url: not a url\n---\n",
      "home/.gemini/agents/mixed.md": `---\nname: mixed\ndescription: d\n${url}\ntools: [read_file]\n---\nB\n`,
      "home/.gemini/agents/local-nodesc.md": "---\nname: local-nodesc\nkind: local\n---\nB\n",
    });
    const view = await viewAsTool(geminiProfile, sb.ctx());
    const loaded = view.agents.filter((a) => a.filePath).map((a) => [a.id, a.prompt]);
    expect(loaded.sort()).toEqual([
      ["remote", ""],
      ["remote-nokind", ""],
      ["suffix", ""],
    ]);
    const code = (file: string) => view.files.find((f) => f.relativePath === file)?.reason?.code;
    expect(code("remote-tools.md")).toBe("tool/unknown-key");
    expect(code("remote-bad-url.md")).toBe("tool/bad-field");
    expect(code("mixed.md")).toBe("tool/unknown-key");
    expect(code("local-nodesc.md")).toBe("tool/missing-key");
  });

  test("issue 52: list frontmatter is a list of remote agents, each named by its `name`; one refused entry refuses the file", async () => {
    const list =
      "---\n- name: one\n  agent_card_url: https://example.com/1\n- name: two\n  kind: remote\n  description: second\n  agent_card_url: https://example.com/2\n---\nNot a prompt\n";
    sb.write({
      "home/.gemini/agents/list.md": list,
      "home/.gemini/agents/flow.md": `---\n[{name: five, agent_card_json: '{"a": 1}'}]\n---\n`,
      "home/.gemini/agents/bad-entry.md":
        "---\n- name: three\n  agent_card_url: https://example.com/3\n- name: four\n  agent_card_url: https://example.com/4\n  tools: [read_file]\n---\n",
      "home/.gemini/agents/local-entry.md": "---\n- name: six\n  kind: local\n  description: d\n---\n",
      "home/.gemini/agents/empty.md": "---\n[]\n---\n",
    });
    const view = await viewAsTool(geminiProfile, sb.ctx());
    const loaded = view.agents.filter((a) => a.filePath).map((a) => [a.id, a.description, a.prompt]);
    expect(loaded.sort()).toEqual([
      ["five", "", ""],
      ["one", "", ""],
      ["two", "second", ""],
    ]);
    const file = (name: string) => view.files.filter((f) => f.relativePath === name);
    expect(file("list.md").map((f) => [f.id, f.outcome])).toEqual([
      ["one", "loaded"],
      ["two", "loaded"],
    ]);
    expect(file("bad-entry.md").map((f) => [f.outcome, f.reason?.code])).toEqual([
      ["rejected", "tool/unknown-key"],
    ]);
    expect(file("bad-entry.md")[0]!.reason!.message).toContain('entry 2 ("four")');
    expect(file("local-entry.md").map((f) => f.reason?.code)).toEqual(["tool/bad-field"]);
    expect(file("empty.md").map((f) => f.outcome)).toEqual(["rejected"]);
  });

  test("issue 52: each agent of a project list file is acknowledged by its own name and the file's hash", async () => {
    const list =
      "---\n- name: acked\n  agent_card_url: https://example.com/1\n- name: not-acked\n  agent_card_url: https://example.com/2\n---\n";
    sb.write({ "project/.gemini/agents/list.md": list, ...trustAndAcknowledge({ acked: list }) });
    const view = await viewAsTool(geminiProfile, sb.ctx());
    expect(view.files.map((f) => [f.id, f.outcome, f.reason?.code])).toEqual([
      ["acked", "loaded", undefined],
      ["not-acked", "ignored", "tool/unacknowledged"],
    ]);
  });
});
