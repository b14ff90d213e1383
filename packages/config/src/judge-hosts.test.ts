import { expect, test } from "vitest";
import type { LoadedConfig, RosterConfig } from "./config.js";
import { judgeConfigHosts } from "./judge-hosts.js";

const loaded = (config: RosterConfig, applied: Array<keyof RosterConfig>): LoadedConfig => ({
  config,
  filePath: "/u/roster.json",
  layers: [{ source: "user", filePath: "/u/roster.json", trusted: true, applied }],
  providers: [],
  families: [],
  diagnostics: [],
  project: null,
});

test("names a defaultHost that is not a host, in the file that set it", () => {
  expect(judgeConfigHosts(loaded({ defaultHost: "lba" }, ["defaultHost"]), ["lab", "claude"])).toEqual({
    flag: '"defaultHost" in /u/roster.json',
    wanted: "lba",
    known: ["lab", "claude"],
  });
  expect(judgeConfigHosts(loaded({ defaultHost: "lab" }, ["defaultHost"]), ["lab"])).toBeUndefined();
});

test("names a hosts entry that is not a host; with no layer that set it, no file", () => {
  const hosts = { lab: { command: "lab" }, nope: { command: "nope" } };
  expect(judgeConfigHosts(loaded({ hosts }, ["hosts"]), ["lab"])?.flag).toBe(
    '"hosts.nope" in /u/roster.json',
  );
  expect(judgeConfigHosts(loaded({ hosts }, []), ["lab"])?.flag).toBe('"hosts.nope"');
});
