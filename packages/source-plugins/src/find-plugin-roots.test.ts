import { createSandbox, type Sandbox } from "@roster/testkit";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { at, pluginTree, registryJson, rel } from "../test/plugin-tree.js";
import { findPluginRoots } from "./find-plugin-roots.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox("roster-plugins-");
});
afterEach(() => sb.cleanup());

const CLAUDE_REGISTRY = "home/.claude/plugins/installed_plugins.json";
const XCSH_REGISTRY = "home/.xcsh/plugins/installed_plugins.json";
const PROJECT_REGISTRY = "project/.xcsh/plugins/installed_plugins.json";

/** Plugin folders `cache/<name>` with a manifest and an empty agents folder. */
function plugins(...names: string[]) {
  for (const name of names) sb.write(pluginTree(`cache/${name}`, { name }));
}
const user = (name: string, extra: Record<string, unknown> = {}) => ({
  scope: "user",
  installPath: at(sb, `cache/${name}`),
  version: "1.0.0",
  ...extra,
});
function roots(ctx = sb.ctx()) {
  const found = findPluginRoots(ctx);
  return {
    ...found,
    list: found.roots.map((r) => `${r.scope} ${r.id} ${rel(sb, [r.root])[0]}`),
    codes: found.diagnostics.map((d) => d.code),
  };
}

describe("registries read", () => {
  it("reads <home>/.claude/plugins/installed_plugins.json as user scope", () => {
    plugins("a");
    sb.write({ [CLAUDE_REGISTRY]: registryJson({ "a@m": [user("a")] }) });
    const found = roots();
    expect(found.list).toEqual(["user a@m cache/a"]);
    expect(found.roots[0]).toMatchObject({ name: "a", marketplace: "m", version: "1.0.0", source: "claude" });
    expect(found.diagnostics).toEqual([]);
  });

  it("reads the Claude registry under CLAUDE_CONFIG_DIR instead of ~/.claude", () => {
    plugins("a", "b");
    sb.write({
      [CLAUDE_REGISTRY]: registryJson({ "a@m": [user("a")] }),
      "alt-claude/plugins/installed_plugins.json": registryJson({ "b@m": [user("b")] }),
    });
    expect(roots(sb.ctx({ env: { CLAUDE_CONFIG_DIR: at(sb, "alt-claude") } })).list).toEqual([
      "user b@m cache/b",
    ]);
  });

  it("lists the registry files it considered, in reading order", () => {
    sb.write({ [XCSH_REGISTRY]: registryJson({}), [PROJECT_REGISTRY]: registryJson({}) });
    expect(roots().registries.map((r) => `${r.source} ${r.status} ${rel(sb, [r.path])[0]}`)).toEqual([
      `claude missing ${CLAUDE_REGISTRY}`,
      `xcsh read ${XCSH_REGISTRY}`,
      `project read ${PROJECT_REGISTRY}`,
    ]);
  });

  it("lets ~/.xcsh replace every Claude entry of the same id, keeping Claude's other ids", () => {
    plugins("a-old", "a-older", "a-new", "b");
    sb.write({
      [CLAUDE_REGISTRY]: registryJson({
        "a@m": [user("a-old"), { scope: "project", installPath: at(sb, "cache/a-older") }],
        "b@m": [user("b")],
      }),
      [XCSH_REGISTRY]: registryJson({ "a@m": [user("a-new")] }),
    });
    expect(roots().list).toEqual(["user b@m cache/b", "user a@m cache/a-new"]);
  });

  it("lets an xcsh entry with enabled: false switch the Claude plugin of that id off", () => {
    plugins("a", "a2");
    sb.write({
      [CLAUDE_REGISTRY]: registryJson({ "a@m": [user("a")] }),
      [XCSH_REGISTRY]: registryJson({ "a@m": [user("a2", { enabled: false })] }),
    });
    const found = roots();
    expect(found.list).toEqual([]);
    expect(found.diagnostics).toEqual([]);
  });

  it("reads the nearest project .xcsh registry walking up from the cwd, as project scope", () => {
    plugins("p", "outer");
    sb.write({
      [PROJECT_REGISTRY]: registryJson({ "p@m": [user("p")] }), // "user" in a project registry is still project
      ".xcsh/plugins/installed_plugins.json": registryJson({ "outer@m": [user("outer")] }),
      "project/src/deep": null,
    });
    const found = roots(sb.ctx({ cwd: at(sb, "project/src/deep") }));
    expect(found.list).toEqual(["project p@m cache/p"]);
    expect(found.roots[0]?.source).toBe("project");
  });

  it("stops the project walk before home, so ~/.xcsh is read once, as user scope", () => {
    plugins("u");
    sb.write({ [XCSH_REGISTRY]: registryJson({ "u@m": [user("u")] }), "home/work/app": null });
    expect(roots(sb.ctx({ cwd: at(sb, "home/work/app") })).list).toEqual(["user u@m cache/u"]);
  });

  it("falls back to the git root's .xcsh registry when the walk finds no .xcsh folder", () => {
    plugins("g");
    // The git root is above home, so the walk (which stops before home) cannot reach it.
    sb.write({
      ".git/HEAD": "ref: refs/heads/main\n",
      ".xcsh/plugins/installed_plugins.json": registryJson({ "g@m": [user("g")] }),
      "home/work/app": null,
    });
    const found = roots(sb.ctx({ cwd: at(sb, "home/work/app") }));
    expect(found.list).toEqual(["project g@m cache/g"]);
    expect(rel(sb, [found.roots[0]!.registryPath])).toEqual([".xcsh/plugins/installed_plugins.json"]);
  });

  it("has no git-root fallback without a git root, nor when the walk met a .xcsh folder", () => {
    plugins("g");
    sb.write({
      ".xcsh/plugins/installed_plugins.json": registryJson({ "g@m": [user("g")] }),
      "home/work/app": null,
    });
    expect(roots(sb.ctx({ cwd: at(sb, "home/work/app") })).list).toEqual([]);
    sb.write({ ".git/HEAD": "x\n", "home/work/app/.xcsh/agents": null });
    expect(roots(sb.ctx({ cwd: at(sb, "home/work/app") })).list).toEqual([]);
  });

  it("does not read the git root's registry when that is ~/.xcsh itself (it is the user registry)", () => {
    plugins("u");
    sb.write({
      "home/.git/HEAD": "x\n",
      [XCSH_REGISTRY]: registryJson({ "u@m": [user("u")] }),
      "home/app": null,
    });
    expect(roots(sb.ctx({ cwd: at(sb, "home/app") })).list).toEqual(["user u@m cache/u"]);
  });

  it("ignores the project registry (even a broken one) when the project is not trusted", () => {
    plugins("p", "u");
    sb.write({
      [PROJECT_REGISTRY]: registryJson({ "p@m": [user("p")] }),
      [XCSH_REGISTRY]: registryJson({ "u@m": [user("u")] }),
    });
    expect(roots(sb.ctx({ trustProject: false })).list).toEqual(["user u@m cache/u"]);
    sb.write({ [PROJECT_REGISTRY]: "{ not json" });
    const found = roots(sb.ctx({ trustProject: false }));
    expect(found.codes).toEqual([]);
    expect(found.registries.map((r) => r.source)).toEqual(["claude", "xcsh"]);
  });
});

describe("scopes and order", () => {
  it("applies a project/local entry with projectPath when the cwd is that folder or inside it", () => {
    plugins("l", "p");
    sb.write({
      [CLAUDE_REGISTRY]: registryJson({
        "l@m": [{ scope: "local", projectPath: sb.project, installPath: at(sb, "cache/l") }],
        "p@m": [{ scope: "project", projectPath: sb.project, installPath: at(sb, "cache/p") }],
      }),
      "project/pkg/src": null,
    });
    expect(roots().list).toEqual(["project l@m cache/l", "project p@m cache/p"]);
    expect(roots(sb.ctx({ cwd: at(sb, "project/pkg/src") })).list).toEqual([
      "project l@m cache/l",
      "project p@m cache/p",
    ]);
  });

  it("skips a projectPath entry silently when the cwd is outside that folder", () => {
    plugins("l");
    sb.write({
      [CLAUDE_REGISTRY]: registryJson({
        "l@m": [{ scope: "local", projectPath: at(sb, "other"), installPath: at(sb, "cache/l") }],
      }),
      other: null,
      "project-b": null, // a sibling whose name starts like the projectPath's does not count
    });
    const found = roots();
    expect(found.list).toEqual([]);
    expect(found.diagnostics).toEqual([]);
    sb.write({
      [CLAUDE_REGISTRY]: registryJson({
        "l@m": [{ scope: "local", projectPath: sb.project, installPath: at(sb, "cache/l") }],
      }),
    });
    expect(roots(sb.ctx({ cwd: at(sb, "project-b") })).list).toEqual([]);
  });

  it("counts a project/local entry without projectPath as project scope", () => {
    plugins("p", "l");
    sb.write({
      [CLAUDE_REGISTRY]: registryJson({
        "p@m": [{ scope: "project", installPath: at(sb, "cache/p") }],
        "l@m": { scope: "local", installPath: at(sb, "cache/l") },
      }),
    });
    expect(roots().list).toEqual(["project p@m cache/p", "project l@m cache/l"]);
  });

  it("warns about a relative projectPath and skips the entry", () => {
    plugins("l");
    sb.write({
      [CLAUDE_REGISTRY]: registryJson({
        "l@m": [{ scope: "local", projectPath: "project", installPath: at(sb, "cache/l") }],
      }),
    });
    const found = roots();
    expect(found.list).toEqual([]);
    expect(found.codes).toEqual(["plugins/invalid-project-path"]);
    expect(found.diagnostics[0]?.message).toContain('"l@m"');
  });

  it("puts project-scope roots before user ones, keeping registry order within each scope", () => {
    plugins("u1", "u2", "x1", "c-local", "x-local", "proj");
    sb.write({
      [CLAUDE_REGISTRY]: registryJson({
        "u1@m": [user("u1")],
        "c-local@m": [{ scope: "local", projectPath: sb.project, installPath: at(sb, "cache/c-local") }],
        "u2@m": [user("u2")],
      }),
      [XCSH_REGISTRY]: registryJson({
        "x1@m": [user("x1")],
        "x-local@m": [{ scope: "project", installPath: at(sb, "cache/x-local") }],
      }),
      [PROJECT_REGISTRY]: registryJson({ "proj@m": [user("proj")] }),
    });
    expect(roots().list).toEqual([
      "project c-local@m cache/c-local",
      "project x-local@m cache/x-local",
      "project proj@m cache/proj",
      "user u1@m cache/u1",
      "user u2@m cache/u2",
      "user x1@m cache/x1",
    ]);
  });

  it("de-duplicates by (id, installPath): the first in order wins, another id at the same path stays", () => {
    plugins("a");
    sb.write({
      [CLAUDE_REGISTRY]: registryJson({
        "a@m": [user("a"), { scope: "user", installPath: `${at(sb, "cache/a")}/` }],
        "alias@m": [user("a")],
      }),
      [PROJECT_REGISTRY]: registryJson({ "a@m": [user("a")] }),
    });
    expect(roots().list).toEqual(["project a@m cache/a", "user alias@m cache/a"]);
  });
});

describe("enabledPlugins", () => {
  beforeEach(() => {
    plugins("a", "b");
    sb.write({ [CLAUDE_REGISTRY]: registryJson({ "a@m": [user("a")], "b@m": [user("b")] }) });
  });
  const settings = (enabledPlugins: unknown) => JSON.stringify({ enabledPlugins });

  it("skips a plugin set to false in <claudeDir>/settings.json", () => {
    sb.write({ "home/.claude/settings.json": settings({ "a@m": false, "b@m": true }) });
    expect(roots().list).toEqual(["user b@m cache/b"]);
  });

  it("reads settings.json under CLAUDE_CONFIG_DIR", () => {
    sb.write({
      "alt/plugins/installed_plugins.json": registryJson({ "a@m": [user("a")] }),
      "alt/settings.json": settings({ "a@m": false }),
    });
    expect(roots(sb.ctx({ env: { CLAUDE_CONFIG_DIR: at(sb, "alt") } })).list).toEqual([]);
  });

  it("lets the nearest project .claude/settings.json win over the user settings", () => {
    sb.write({
      "home/.claude/settings.json": settings({ "a@m": true }),
      "project/.claude/settings.json": settings({ "a@m": false }),
      "project/src": null,
    });
    expect(roots(sb.ctx({ cwd: at(sb, "project/src") })).list).toEqual(["user b@m cache/b"]);
  });

  it("lets .claude/settings.local.json beside it win over both", () => {
    sb.write({
      "home/.claude/settings.json": settings({ "b@m": false }),
      "project/.claude/settings.json": settings({ "a@m": false }),
      "project/.claude/settings.local.json": settings({ "a@m": true }),
    });
    expect(roots().list).toEqual(["user a@m cache/a"]);
  });

  it("reads a project settings.local.json alone too", () => {
    sb.write({ "project/.claude/settings.local.json": settings({ "b@m": false }) });
    expect(roots().list).toEqual(["user a@m cache/a"]);
  });

  it("ignores project settings when the project is not trusted", () => {
    sb.write({
      "home/.claude/settings.json": settings({ "b@m": false }),
      "project/.claude/settings.json": settings({ "a@m": false }),
    });
    expect(roots(sb.ctx({ trustProject: false })).list).toEqual(["user a@m cache/a"]);
  });

  it("applies to every registry, xcsh and project included", () => {
    plugins("x", "p");
    sb.write({
      [XCSH_REGISTRY]: registryJson({ "x@m": [user("x")] }),
      [PROJECT_REGISTRY]: registryJson({ "p@m": [user("p")] }),
      "home/.claude/settings.json": settings({ "x@m": false, "p@m": false, "a@m": false }),
    });
    expect(roots().list).toEqual(["user b@m cache/b"]);
  });

  it("warns about settings that are not JSON or not of the shape, and keeps the plugins on", () => {
    sb.write({ "home/.claude/settings.json": "{ nope", "project/.claude/settings.json": settings(["a@m"]) });
    const found = roots();
    expect(found.list).toEqual(["user a@m cache/a", "user b@m cache/b"]);
    expect(found.codes).toEqual(["plugins/settings-invalid-json", "plugins/settings-invalid-shape"]);
  });
});

describe("bad registries and install paths", () => {
  it("warns about a registry that is not valid JSON, yields no roots from it, and reads the others", () => {
    plugins("x");
    sb.write({
      [CLAUDE_REGISTRY]: '{ "version": 2, ',
      [XCSH_REGISTRY]: registryJson({ "x@m": [user("x")] }),
    });
    const found = roots();
    expect(found.list).toEqual(["user x@m cache/x"]);
    expect(found.diagnostics).toEqual([
      expect.objectContaining({
        severity: "warning",
        code: "plugins/registry-invalid-json",
        filePath: at(sb, CLAUDE_REGISTRY),
      }),
    ]);
  });

  it.each([
    ["a list", "[1, 2]"],
    ["plugins as a string", '{ "version": 2, "plugins": "a@m" }'],
    ["empty", ""],
  ])("warns about a registry that is %s and never throws", (_label, text) => {
    sb.write({ [CLAUDE_REGISTRY]: text });
    const found = roots();
    expect(found.list).toEqual([]);
    expect(found.codes).toHaveLength(1);
    expect(found.codes[0]).toMatch(/^plugins\/registry-invalid-(json|shape)$/);
  });

  it("warns about a registry path that is a folder", () => {
    sb.write({ [`${CLAUDE_REGISTRY}/x`]: "" });
    expect(roots().codes).toEqual(["plugins/registry-unreadable"]);
  });

  it("skips ids without @ and entries without a string installPath, naming the id", () => {
    plugins("ok");
    sb.write({
      [CLAUDE_REGISTRY]: registryJson({
        lonely: [user("ok")],
        "nopath@m": [{ scope: "user" }],
        "ok@m": [user("ok")],
      }),
    });
    const found = roots();
    expect(found.list).toEqual(["user ok@m cache/ok"]);
    expect(found.codes).toEqual(["plugins/invalid-plugin-id", "plugins/missing-install-path"]);
    expect(found.diagnostics[0]?.message).toContain('"lonely"');
    expect(found.diagnostics[1]?.message).toContain('"nopath@m"');
  });

  it("skips enabled: false silently", () => {
    plugins("a");
    sb.write({ [CLAUDE_REGISTRY]: registryJson({ "a@m": [user("a", { enabled: false })] }) });
    const found = roots();
    expect(found.list).toEqual([]);
    expect(found.diagnostics).toEqual([]);
  });

  it.each(["cache/a", "~/cache/a", "$HOME/cache/a"])(
    "warns about the non-absolute installPath %j, naming the id",
    (path) => {
      plugins("a");
      sb.write({ [CLAUDE_REGISTRY]: registryJson({ "a@m": [{ scope: "user", installPath: path }] }) });
      const found = roots();
      expect(found.list).toEqual([]);
      expect(found.codes).toEqual(["plugins/install-path-not-absolute"]);
      expect(found.diagnostics[0]?.message).toContain('"a@m"');
    },
  );

  it("warns about an installPath that does not exist or is a file, naming the id", () => {
    sb.write({
      "cache/file": "not a folder",
      [CLAUDE_REGISTRY]: registryJson({
        "gone@m": [{ scope: "user", installPath: at(sb, "cache/gone") }],
        "file@m": [{ scope: "user", installPath: at(sb, "cache/file") }],
      }),
    });
    const found = roots();
    expect(found.list).toEqual([]);
    expect(found.codes).toEqual(["plugins/install-path-not-found", "plugins/install-path-not-found"]);
    expect(found.diagnostics.map((d) => d.message.match(/"([^"]+)"/)?.[1])).toEqual(["gone@m", "file@m"]);
  });
});
