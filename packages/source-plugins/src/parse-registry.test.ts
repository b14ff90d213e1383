import { describe, expect, it } from "vitest";
import { parseInstalledPlugins, splitPluginId } from "./parse-registry.js";

const codes = (r: { diagnostics: Array<{ code: string }> }) => r.diagnostics.map((d) => d.code);

describe("parseInstalledPlugins", () => {
  it("reads a version 2 registry with entry arrays", () => {
    const parsed = parseInstalledPlugins({
      version: 2,
      plugins: {
        "code-review@official": [{ scope: "user", installPath: "/p/cr", version: "1.0.0", installedAt: "x" }],
      },
    });
    expect(parsed.valid).toBe(true);
    expect(parsed.diagnostics).toEqual([]);
    expect(parsed.plugins).toEqual([
      {
        id: "code-review@official",
        name: "code-review",
        marketplace: "official",
        entries: [{ scope: "user", installPath: "/p/cr", version: "1.0.0" }],
      },
    ]);
  });

  it("reads an entry object in place of the array as a one-entry array", () => {
    const parsed = parseInstalledPlugins({
      version: 1,
      plugins: { "a@m": { scope: "user", installPath: "/a" } },
    });
    expect(parsed.plugins[0]?.entries).toEqual([{ scope: "user", installPath: "/a" }]);
  });

  it("keeps projectPath for project and local entries", () => {
    const parsed = parseInstalledPlugins({
      plugins: { "a@m": [{ scope: "local", installPath: "/a", projectPath: "/work/app" }] },
    });
    expect(parsed.plugins[0]?.entries[0]).toEqual({
      scope: "local",
      installPath: "/a",
      projectPath: "/work/app",
    });
  });

  it("skips an id without @ with a warning naming it", () => {
    const parsed = parseInstalledPlugins(
      { version: 2, plugins: { "no-marketplace": [{ installPath: "/x" }], "ok@m": [{ installPath: "/y" }] } },
      { filePath: "/r.json" },
    );
    expect(parsed.plugins.map((p) => p.id)).toEqual(["ok@m"]);
    expect(parsed.diagnostics).toHaveLength(1);
    expect(parsed.diagnostics[0]).toMatchObject({
      severity: "warning",
      code: "plugins/invalid-plugin-id",
      filePath: "/r.json",
    });
    expect(parsed.diagnostics[0]?.message).toContain('"no-marketplace"');
  });

  it.each(["@m", "a@", "@"])("treats %j as an id without both halves", (id) => {
    const parsed = parseInstalledPlugins({ plugins: { [id]: [{ installPath: "/x" }] } });
    expect(parsed.plugins).toEqual([]);
    expect(codes(parsed)).toEqual(["plugins/invalid-plugin-id"]);
  });

  it.each([
    ["missing", {}],
    ["a number", { installPath: 3 }],
    ["empty", { installPath: "" }],
  ])("skips an entry whose installPath is %s with a warning naming the id", (_label, entry) => {
    const parsed = parseInstalledPlugins({ plugins: { "bad@m": [entry, { installPath: "/ok" }] } });
    expect(parsed.plugins[0]?.entries).toEqual([{ installPath: "/ok" }]);
    expect(codes(parsed)).toEqual(["plugins/missing-install-path"]);
    expect(parsed.diagnostics[0]?.message).toContain('"bad@m"');
  });

  it("skips enabled: false silently and keeps the id (so it can still replace)", () => {
    const parsed = parseInstalledPlugins({ plugins: { "off@m": [{ installPath: "/off", enabled: false }] } });
    expect(parsed.diagnostics).toEqual([]);
    expect(parsed.plugins).toEqual([{ id: "off@m", name: "off", marketplace: "m", entries: [] }]);
  });

  it("skips entries that are not objects, and ids whose value is neither array nor object", () => {
    const parsed = parseInstalledPlugins({
      plugins: { "a@m": ["str", null, { installPath: "/a" }], "b@m": "x" },
    });
    expect(parsed.plugins.map((p) => [p.id, p.entries.length])).toEqual([["a@m", 1]]);
    expect(codes(parsed)).toEqual([
      "plugins/invalid-entry",
      "plugins/invalid-entry",
      "plugins/invalid-entry",
    ]);
  });

  it.each([
    ["an array", []],
    ["a string", "plugins"],
    ["null", null],
    ["without plugins", { version: 2 }],
    ["with plugins as an array", { version: 2, plugins: [] }],
    ["with a string version", { version: "2", plugins: {} }],
  ])("rejects a registry that is %s: one warning, no plugins", (_label, value) => {
    const parsed = parseInstalledPlugins(value, { filePath: "/r.json" });
    expect(parsed.valid).toBe(false);
    expect(parsed.plugins).toEqual([]);
    expect(parsed.diagnostics).toEqual([
      expect.objectContaining({
        severity: "warning",
        code: "plugins/registry-invalid-shape",
        filePath: "/r.json",
      }),
    ]);
  });
});

describe("splitPluginId", () => {
  it("splits at the last @", () => {
    expect(splitPluginId("code-review@claude-plugins-official")).toEqual({
      name: "code-review",
      marketplace: "claude-plugins-official",
    });
    expect(splitPluginId("plain")).toBeUndefined();
  });
});
