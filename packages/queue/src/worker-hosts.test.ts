import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { RunnableFamily } from "@roster/hosts";
import { afterEach, expect, test } from "vitest";
import { QueueRunError, QueueUsageError } from "./errors.js";
import { pickWorkerHosts } from "./worker-hosts.js";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A family whose host's program is `command`. */
const family = (id: string, command: string) => ({ id, host: { id, command } }) as unknown as RunnableFamily;
const families = [family("alpha", "alpha-cli"), family("beta", "beta-cli")];

test("--hosts: each named host once, in the order given, with its config", () => {
  const hosts = pickWorkerHosts({
    families,
    configOf: (id) => (id === "beta" ? { command: "/opt/beta" } : undefined),
    wanted: " beta, alpha ,beta,",
    env: {},
    cwd: "/",
  });
  expect(hosts.map((h) => [h.family.id, h.config])).toEqual([
    ["beta", { command: "/opt/beta" }],
    ["alpha", undefined],
  ]);
});

test("--hosts with no name or an unknown one is a usage error, the unknown one with the known ids", () => {
  const base = { families, configOf: () => undefined, env: {}, cwd: "/" };
  expect(() => pickWorkerHosts({ ...base, wanted: " , " })).toThrow(QueueUsageError);
  const error = (() => {
    try {
      pickWorkerHosts({ ...base, wanted: "alpha,gamma" });
    } catch (e) {
      return e as QueueUsageError;
    }
  })();
  expect(error?.unknown).toEqual({
    kind: "host",
    flag: "--hosts",
    wanted: "gamma",
    known: ["alpha", "beta"],
  });
});

test("without --hosts: the hosts whose program is on PATH; none is an error naming the programs", () => {
  const bin = mkdtempSync(join(tmpdir(), "roster-worker-hosts-"));
  dirs.push(bin);
  const base = { families, configOf: () => undefined, wanted: undefined, cwd: bin };
  expect(() => pickWorkerHosts({ ...base, env: { PATH: bin } })).toThrow(QueueRunError);
  expect(() => pickWorkerHosts({ ...base, env: { PATH: bin } })).toThrow(
    /looked for alpha-cli, beta-cli on PATH/,
  );
  writeFileSync(join(bin, "beta-cli"), "#!/bin/sh\n");
  chmodSync(join(bin, "beta-cli"), 0o755);
  expect(pickWorkerHosts({ ...base, env: { PATH: bin } }).map((h) => h.family.id)).toEqual(["beta"]);
});
