import type { AgentDefinition } from "@roster/core";
import type { Runner } from "@roster/executor";
import { describe, expect, it } from "vitest";
import { chooseRunner } from "./choose-runner.js";

const agent = { name: "rev", provider: "acme" } as AgentDefinition;
const runner = (name: string) => ({ name }) as unknown as Runner;

describe("chooseRunner", () => {
  const options = {
    hosts: ["acme", "beta"],
    hostOf: () => "acme" as string | null,
    missing: () => undefined,
    runnerOf: (host: string) => runner(host),
  };

  it("a fixed runner serves every call and refuses a named host", () => {
    const fixed = runner("fixed");
    const runnerFor = chooseRunner({ ...options, fixed: { runner: fixed, by: "dry-run" } });
    expect(runnerFor(undefined, agent)).toBe(fixed);
    expect(() => runnerFor("acme", agent)).toThrow(
      'Host "acme" is not available: this roster mcp runs every task as a dry run (--dry-run). Use host "auto".',
    );
  });

  it("a named host must be known; without one, the agent's own", () => {
    const runnerFor = chooseRunner(options);
    expect(() => runnerFor("zed", agent)).toThrow('Unknown host "zed": use "auto", "acme", "beta".');
    expect((runnerFor("beta", agent) as unknown as { name: string }).name).toBe("beta");
    expect((runnerFor(undefined, agent) as unknown as { name: string }).name).toBe("acme");
  });

  it("an agent without a host is told to name one; a missing program is said", () => {
    expect(() => chooseRunner({ ...options, hostOf: () => null })(undefined, agent)).toThrow(
      'Agent "rev" comes from acme, which has no agent host of its own: pass host "acme", "beta", or set "defaultHost" in the user config.',
    );
    expect(() =>
      chooseRunner({ ...options, missing: () => "acme is not installed" })(undefined, agent),
    ).toThrow("acme is not installed");
  });
});
