// SPEC §9 "registries": every wrong shape of installed_plugins.json (and its settings and
// manifests) against the real plugins provider inside the app's registry. Each case
// asserts the warning the user sees and that the good plugins and family agents still
// load exactly.
import { join } from "node:path";
import { discoverAgents, getAgent } from "@roster/core";
import { agentFile, createSandbox, type Sandbox } from "@roster/testkit";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  agentsView,
  appRegistry,
  BUNDLED_NAMES,
  deniedFileSystem,
  diagnosticsView,
  withFs,
} from "./harness.js";

const CLAUDE_REG = "home/.claude/plugins/installed_plugins.json";
const XCSH_REG = "home/.xcsh/plugins/installed_plugins.json";

let box: Sandbox;
beforeEach(() => {
  box = createSandbox("roster-rel-reg-");
  box.write({
    "project/.claude/agents/fam.md": agentFile("fam"),
    "home/plugins/good/agents/good-agent.md": agentFile("good-agent"),
    "home/plugins/also/agents/also-agent.md": agentFile("also-agent"),
    "home/plugins/off/agents/off-agent.md": agentFile("off-agent"),
  });
  // The xcsh registry always holds one good plugin, whatever the Claude registry says.
  writeJson(XCSH_REG, { version: 2, plugins: { "good@market": [entry("good")] } });
});
afterEach(() => box.cleanup());

const entry = (plugin: string, extra: Record<string, unknown> = {}) => ({
  scope: "user",
  installPath: `<plugins>/${plugin}`,
  version: "1.0.0",
  ...extra,
});

/** Writes JSON (or raw text); `<plugins>` stands for the absolute plugins folder. */
function writeJson(rel: string, value: unknown) {
  const text = typeof value === "string" ? value : JSON.stringify(value, null, 2);
  box.write({ [rel]: text.replaceAll("<plugins>", join(box.root, "home/plugins")) });
}

const plugin = (name: string, dir: string) => ({
  name,
  description: `${name} agent`,
  source: "user",
  provider: "plugins",
  file: `home/plugins/${dir}/agents/${name}.md`,
  systemPrompt: `You are ${name}.`,
});
const FAM = {
  name: "fam",
  description: "fam agent",
  source: "project",
  provider: "claude",
  file: "project/.claude/agents/fam.md",
  systemPrompt: "You are fam.",
};
const GOOD = plugin("good-agent", "good");
const ALSO = plugin("also-agent", "also");

async function run(fsDenied?: { read?: string[] }) {
  const ctx = fsDenied ? withFs(box.ctx(), deniedFileSystem(fsDenied)) : box.ctx();
  const discovery = await discoverAgents(appRegistry(), ctx);
  expect(discovery.agents.filter((a) => a.provider === "bundled").map((a) => a.name)).toEqual(BUNDLED_NAMES);
  return {
    discovery,
    agents: agentsView(discovery, box.root),
    diagnostics: diagnosticsView(discovery.diagnostics, box.root),
  };
}

const diag = (code: string, message: string, file = CLAUDE_REG) =>
  expect.objectContaining({ severity: "warning", code, file, message: expect.stringContaining(message) });

test("control: both registries good, nothing reported", async () => {
  writeJson(CLAUDE_REG, { version: 2, plugins: { "also@market": [entry("also")] } });
  const r = await run();
  expect(r.agents).toEqual([FAM, ALSO, GOOD]);
  expect(r.diagnostics).toEqual([]);
  expect(getAgent(r.discovery, "good:good-agent")?.plugin?.id).toBe("good@market");
});

describe("whole-registry problems: a warning, no roots from that registry, the other one still read", () => {
  const cases: Array<[string, unknown, string, string]> = [
    ["invalid JSON", '{ "version": 2, "plugins": { ', "plugins/registry-invalid-json", "is not valid JSON"],
    ["an empty file", "", "plugins/registry-invalid-json", "is not valid JSON"],
    ["binary bytes", "\u0000\u0001\u0002", "plugins/registry-invalid-json", "not valid JSON"],
    [
      "an array instead of an object",
      [{ "also@market": [entry("also")] }],
      "plugins/registry-invalid-shape",
      "expected an object",
    ],
    ["a string", '"plugins"', "plugins/registry-invalid-shape", "expected an object"],
    ["null", "null", "plugins/registry-invalid-shape", "expected an object"],
    [
      "plugins not an object",
      { version: 2, plugins: [entry("also")] },
      "plugins/registry-invalid-shape",
      '"plugins" must be an object',
    ],
    ["plugins missing", { version: 2 }, "plugins/registry-invalid-shape", '"plugins" must be an object'],
    [
      "version not a number",
      { version: "2", plugins: {} },
      "plugins/registry-invalid-shape",
      '"version" must be a number',
    ],
  ];
  test.each(cases)("%s", async (_, value, code, message) => {
    writeJson(CLAUDE_REG, value);
    const r = await run();
    expect(r.diagnostics).toEqual([diag(code, message)]);
    expect(r.agents).toEqual([FAM, GOOD]);
  });

  test("a registry that is a folder", async () => {
    box.write({ [`${CLAUDE_REG}/inner`]: "x" });
    const r = await run();
    expect(r.diagnostics).toEqual([diag("plugins/registry-unreadable", "it is a folder")]);
    expect(r.agents).toEqual([FAM, GOOD]);
  });

  test("an unreadable registry (EACCES through ctx.fs)", async () => {
    writeJson(CLAUDE_REG, { version: 2, plugins: { "also@market": [entry("also")] } });
    const r = await run({ read: [join(box.root, CLAUDE_REG)] });
    expect(r.diagnostics).toEqual([diag("plugins/registry-unreadable", "permission denied")]);
    expect(r.agents).toEqual([FAM, GOOD]);
  });

  test("a registry over 4 MiB is not read", async () => {
    writeJson(CLAUDE_REG, { version: 2, plugins: {}, pad: "x".repeat(5 * 1024 * 1024) });
    const r = await run();
    expect(r.diagnostics).toEqual([diag("plugins/registry-unreadable", "over the 4194304-byte limit")]);
    expect(r.agents).toEqual([FAM, GOOD]);
  });
});

describe("entry problems: that entry skipped with a warning naming the id, the good entry beside it loads", () => {
  const cases: Array<[string, Record<string, unknown>, string, string] | [string, Record<string, unknown>]> =
    [
      [
        "an id without @",
        { "noat-plugin": [entry("off")] },
        "plugins/invalid-plugin-id",
        '"noat-plugin" is not',
      ],
      ["an id with nothing after @", { "off@": [entry("off")] }, "plugins/invalid-plugin-id", '"off@"'],
      [
        "an id with nothing before @",
        { "@market": [entry("off")] },
        "plugins/invalid-plugin-id",
        '"@market"',
      ],
      [
        "entries that are a string",
        { "off@market": "nope" },
        "plugins/invalid-entry",
        "expected an array of entries",
      ],
      ["entries that are a number", { "off@market": 3 }, "plugins/invalid-entry", '"off@market"'],
      [
        "an entry that is not an object",
        { "off@market": ["x"] },
        "plugins/invalid-entry",
        "entry 0: expected an object",
      ],
      [
        "a missing installPath",
        { "off@market": [{ scope: "user", version: "1" }] },
        "plugins/missing-install-path",
        '"off@market"',
      ],
      [
        "a numeric installPath",
        { "off@market": [{ scope: "user", installPath: 7 }] },
        "plugins/missing-install-path",
        "no string",
      ],
      [
        "a relative installPath",
        { "off@market": [{ scope: "user", installPath: "plugins/off" }] },
        "plugins/install-path-not-absolute",
        '"off@market"',
      ],
      [
        "a ~ installPath",
        { "off@market": [{ scope: "user", installPath: "~/plugins/off" }] },
        "plugins/install-path-not-absolute",
        "is not absolute",
      ],
      [
        "a missing plugin folder",
        { "off@market": [{ scope: "user", installPath: "/nonexistent/roster/off" }] },
        "plugins/install-path-not-found",
        "/nonexistent/roster/off",
      ],
      [
        "enabled: false (silent)",
        { "off@market": [{ scope: "user", installPath: "<plugins>/off", enabled: false }] },
      ],
    ];
  test.each(cases)("%s", async (_, bad, code?: string, message?: string) => {
    writeJson(CLAUDE_REG, { version: 2, plugins: { ...bad, "also@market": [entry("also")] } });
    const r = await run();
    expect(r.diagnostics).toEqual(code && message ? [diag(code, message)] : []);
    expect(r.agents).toEqual([FAM, ALSO, GOOD]);
    expect(getAgent(r.discovery, "off-agent")).toBeUndefined();
  });

  test("an object in place of the entry array is one entry (older registries)", async () => {
    writeJson(CLAUDE_REG, { version: 1, plugins: { "also@market": entry("also") } });
    const r = await run();
    expect(r.diagnostics).toEqual([]);
    expect(r.agents).toEqual([FAM, ALSO, GOOD]);
  });

  test("the same plugin listed twice loads once", async () => {
    writeJson(CLAUDE_REG, { version: 2, plugins: { "also@market": [entry("also"), entry("also")] } });
    const r = await run();
    expect(r.agents).toEqual([FAM, ALSO, GOOD]);
    expect(r.discovery.shadowed).toEqual([]);
  });
});

describe("settings and manifests of every wrong shape", () => {
  test("settings.json that is not JSON, or has a non-object enabledPlugins: ignored with a warning", async () => {
    writeJson(CLAUDE_REG, { version: 2, plugins: { "also@market": [entry("also")] } });
    writeJson("home/.claude/settings.json", "{ nope");
    let r = await run();
    expect(r.diagnostics).toEqual([diag("plugins/settings-invalid-json", "", "home/.claude/settings.json")]);
    expect(r.agents).toEqual([FAM, ALSO, GOOD]);
    writeJson("home/.claude/settings.json", { enabledPlugins: ["also@market"] });
    r = await run();
    expect(r.diagnostics).toEqual([diag("plugins/settings-invalid-shape", "", "home/.claude/settings.json")]);
    expect(r.agents).toEqual([FAM, ALSO, GOOD]);
  });

  test("enabledPlugins false switches one plugin off, silently", async () => {
    writeJson(CLAUDE_REG, { version: 2, plugins: { "also@market": [entry("also")] } });
    writeJson("home/.claude/settings.json", {
      enabledPlugins: { "also@market": false, "good@market": "no" },
    });
    const r = await run();
    expect(r.diagnostics).toEqual([]);
    expect(r.agents).toEqual([FAM, GOOD]);
  });

  test("a manifest that is not JSON, has a wrong shape, or escapes the root", async () => {
    writeJson(CLAUDE_REG, {
      version: 2,
      plugins: { "also@market": [entry("also")], "off@market": [entry("off")] },
    });
    writeJson("home/plugins/also/.claude-plugin/plugin.json", "{");
    writeJson("home/plugins/off/.claude-plugin/plugin.json", {
      agents: ["../good/agents/good-agent.md", 42],
    });
    const r = await run();
    expect(r.diagnostics).toEqual(
      expect.arrayContaining([
        diag("plugins/manifest-invalid-json", "", "home/plugins/also/.claude-plugin/plugin.json"),
        expect.objectContaining({ code: "plugins/manifest-path-escapes" }),
      ]),
    );
    // Default folders of both plugins still load; the escaping path adds nothing.
    expect(r.agents).toEqual([FAM, ALSO, plugin("off-agent", "off"), GOOD]);
  });
});
