import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TaskInvocation } from "@roster/executor";
import { ROSTER_VOCABULARY, toolTable } from "@roster/family";
import { reviewInvocation } from "@roster/testkit";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { configureHosts } from "./configure-hosts.js";
import type { HostDefinition, RunnableFamily } from "./types.js";

// A host of no real tool whose program is Node itself (named by path in the config): its plan
// runs an empty script and carries one trust note, so a test sees how often a note is said.
const labHost: HostDefinition = {
  id: "lab",
  displayName: "Lab CLI",
  command: "lab",
  npmPackage: "@example/lab-cli",
  login: { fix: "run `lab login`" },
  plan: (_invocation, ctx) => ({
    host: "lab",
    command: ctx.host?.command ?? "lab",
    args: [...(ctx.host?.args ?? []), "-e", ""],
    env: {},
    stdin: "",
    files: [],
    notes: [],
    trustNotes: ctx.trustProject ? [] : ["the project's permission mode was held back"],
  }),
  parse: ({ stdout }) => ({ output: stdout }),
};
const lab: RunnableFamily = { id: "lab", host: labHost, vocabulary: ROSTER_VOCABULARY };
const bench: RunnableFamily = {
  id: "bench",
  host: { ...labHost, id: "bench", command: "bench" },
  vocabulary: ROSTER_VOCABULARY,
};
// Families as an app lists them: two with a host of their own, one that runs on lab's, one without.
const families = [lab, { id: "lab-plugins", host: labHost }, bench, { id: "notes" }];

let empty: string;
beforeEach(() => {
  empty = mkdtempSync(join(tmpdir(), "roster-hosts-"));
});
afterEach(() => rmSync(empty, { recursive: true, force: true }));

const base = () => ({
  runnable: [lab, bench],
  families,
  tools: toolTable([ROSTER_VOCABULARY]),
  trustProject: false,
  env: { PATH: empty },
  cwd: empty,
});

const invocation = (id: string): TaskInvocation => reviewInvocation({ id, agent: "reviewer", cwd: empty });

describe("configureHosts", () => {
  test("the ids --host takes are the runnable families', in the app's order", () => {
    expect(configureHosts(base()).ids).toEqual(["lab", "bench"]);
  });

  test("auto: the agent family's host, else defaultHost, else none naming the agent", () => {
    const hosts = configureHosts(base());
    expect(hosts.hostOf({ provider: "lab-plugins" })).toBe("lab");
    expect(hosts.agentHost({ name: "sre", provider: "bench" })).toEqual({ host: "bench" });
    expect(hosts.agentHost({ name: "sre", provider: "notes" })).toEqual({
      host: null,
      agent: "sre",
      provider: "notes",
    });
    expect(
      configureHosts({ ...base(), defaultHost: "bench" }).agentHost({ name: "sre", provider: "notes" }),
    ).toEqual({
      host: "bench",
    });
  });

  test("an agent not found takes the first host; an app without hosts is told to give --runner", () => {
    expect(configureHosts(base()).agentHost(undefined)).toEqual({ host: "lab" });
    expect(() => configureHosts({ ...base(), runnable: [] }).agentHost(undefined)).toThrow(
      "no family of this app has an agent host: give --runner",
    );
  });

  test("a host whose program is not where the config says is missing, with the fix", () => {
    const hosts = configureHosts({ ...base(), configs: { bench: { command: process.execPath } } });
    expect(hosts.missing("lab")).toContain('"lab" was not found on PATH');
    expect(hosts.missing("bench")).toBeUndefined();
    expect(() => hosts.missing("notes")).toThrow('no family of this app has the host "notes"');
  });

  test("a runner runs the configured program and says each trust note once per runner", async () => {
    const notes: string[] = [];
    const hosts = configureHosts({
      ...base(),
      configs: { lab: { command: process.execPath, args: ["--no-warnings"] } },
      onTrustNote: (note) => notes.push(note),
    });
    const runner = hosts.runner("lab");
    expect(runner.plan(invocation("a"), { depth: 0, runDir: empty }).args).toEqual([
      "--no-warnings",
      "-e",
      "",
    ]);
    const run = { depth: 0, env: { PATH: empty } };
    expect((await runner.run(invocation("a"), run)).exitCode).toBe(0);
    await runner.run(invocation("b"), run);
    expect(notes).toEqual(["the project's permission mode was held back"]);
    await hosts.runner("lab").run(invocation("c"), run);
    expect(notes).toHaveLength(2);
    // Trusted, nothing is held back and nothing is said.
    const trusted = configureHosts({
      ...base(),
      trustProject: true,
      configs: { lab: { command: process.execPath } },
    });
    expect(trusted.runner("lab").plan(invocation("d"), { depth: 0, runDir: empty }).trustNotes).toEqual([]);
  });
});
