import { mkdirSync, mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { foldersToRevoke, trustNoteText, trustRecordStatus, trustSentences } from "./describe-trust.js";

let home: string;
beforeEach(() => {
  home = realpathSync(mkdtempSync(join(tmpdir(), "roster-trust-")));
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

const record = (folder: string, configFile: string | null) => ({
  folder,
  configFile,
  sha256: configFile === null ? null : "0123456789abcdef0123",
  trustedAt: "2026-01-01T00:00:00.000Z",
});

describe("trustRecordStatus", () => {
  it("a folder trusted without a config is current until one appears; a config gone is missing", () => {
    const project = join(home, "p");
    mkdirSync(project);
    expect(trustRecordStatus(record(project, null), home)).toBe("current");
    expect(trustRecordStatus(record(project, "roster.config.json"), home)).toBe("missing");
  });
});

describe("what trust says", () => {
  it("names the config and its hash, or that there is none, and how to undo it", () => {
    const withConfig = trustSentences(record("/p", "roster.config.mjs"), { home, env: {} });
    expect(withConfig[0]).toBe("Trusted /p: roster will run roster.config.mjs (sha256 0123456789ab…)");
    expect(withConfig[3]).toMatch(/^`roster trust --revoke \/p` undoes this\. Recorded in /);
    expect(trustSentences(record("/p", null), { home, env: {} })[0]).toBe(
      "Trusted /p (it has no roster config).",
    );
  });

  it("a trust note says how to trust the project, or that there is none", () => {
    expect(trustNoteText("held back", "/my project")).toBe(
      "held back. Review the project, then `roster trust '/my project'` to allow it.",
    );
    expect(trustNoteText("held back", undefined)).toBe("held back (--no-project).");
  });

  it("a revoke forgets the folder as given and its config's folder", () => {
    const folders = foldersToRevoke(join(home, "a"), home, join(home, "b"));
    expect(folders.has(join(home, "a"))).toBe(true);
    expect(folders.has(join(home, "b"))).toBe(true);
  });
});
