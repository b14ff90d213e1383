import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { listTrusted, revokeTrust, trustFolder } from "./change-trust.js";
import { ConfigError } from "./config-error.js";
import { readTrustStore, trustStorePath } from "./trust-store.js";

let home: string;
let where: { home: string; env: Record<string, string | undefined> };
beforeEach(() => {
  home = realpathSync(mkdtempSync(join(tmpdir(), "roster-trust-")));
  where = { home, env: {} };
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

/** A project folder below home: a git root, with a roster config when `config` is given. */
function project(name: string, config?: string): string {
  const dir = join(home, name);
  mkdirSync(join(dir, ".git"), { recursive: true });
  mkdirSync(join(dir, "src"));
  if (config !== undefined) writeFileSync(join(dir, "roster.config.json"), config);
  return dir;
}

describe("trustFolder", () => {
  it("a path that is not a folder is a ConfigError and trusts nothing", async () => {
    await expect(trustFolder(join(home, "typo"), where)).rejects.toThrow(ConfigError);
    await expect(trustFolder(join(home, "typo"), where)).rejects.toThrow(
      "typo is not a folder: nothing to trust.",
    );
    expect(existsSync(trustStorePath(where))).toBe(false);
  });

  it("without a config, the project's folder (its git root) is trusted, once however often asked", async () => {
    const dir = project("plain");
    const { record } = await trustFolder(join(dir, "src"), where);
    expect(record).toMatchObject({ folder: dir, configFile: null, sha256: null });
    await trustFolder(dir, where);
    expect(listTrusted(where)).toEqual([expect.objectContaining({ folder: dir, status: "current" })]);
  });

  it("with a config, its folder is trusted with the config's hash", async () => {
    const dir = project("configured", "{}\n");
    const { record, problem } = await trustFolder(join(dir, "src"), where);
    expect(problem).toBeUndefined();
    expect(record).toMatchObject({ folder: dir, configFile: "roster.config.json" });
    expect(record.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(readTrustStore(where)).toEqual([record]);
  });
});

describe("revokeTrust", () => {
  it("forgets the project's folder asked from below it, and leaves the others", async () => {
    const a = project("a", "{}\n");
    const b = project("b");
    await trustFolder(a, where);
    await trustFolder(b, where);
    expect(revokeTrust(join(a, "src"), where)).toEqual({ revoked: [a], folder: a });
    expect(readTrustStore(where).map((r) => r.folder)).toEqual([b]);
  });

  it("a folder that is not trusted revokes nothing and names the folder", async () => {
    const b = project("b");
    await trustFolder(b, where);
    const before = readTrustStore(where);
    expect(revokeTrust(join(home, "elsewhere"), where)).toEqual({
      revoked: [],
      folder: join(home, "elsewhere"),
    });
    expect(readTrustStore(where)).toEqual(before);
  });
});
