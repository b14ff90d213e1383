import type { DiscoveryContext, ProviderRegistry } from "@roster/core";
import { type FamilyDefinition, ROSTER_VOCABULARY } from "@roster/family";
import { expect, test } from "vitest";
import { SourceUsageError } from "./errors.js";
import { gitTimeoutOf } from "./git.js";
import { sourcesEnvironment } from "./sources-environment.js";

test("ROSTER_GIT_TIMEOUT is seconds, fractions allowed; unset or blank leaves the default", () => {
  expect(gitTimeoutOf({})).toBeUndefined();
  expect(gitTimeoutOf({ ROSTER_GIT_TIMEOUT: "  " })).toBeUndefined();
  expect(gitTimeoutOf({ ROSTER_GIT_TIMEOUT: "30" })).toBe(30_000);
  expect(gitTimeoutOf({ ROSTER_GIT_TIMEOUT: " 0.25 " })).toBe(250);
  for (const bad of ["0", "-1", "abc", "Infinity"])
    expect(() => gitTimeoutOf({ ROSTER_GIT_TIMEOUT: bad })).toThrow(SourceUsageError);
});

test("the environment: every family's skill source in order, their tool names, git's timeout, the project refused with --no-project", () => {
  const skills = (id: string) => ({ id }) as unknown as FamilyDefinition["skills"];
  const peek = { ...ROSTER_VOCABULARY, tools: { ...ROSTER_VOCABULARY.tools, read: ["Peek"] } };
  const families = [
    { id: "a", skills: skills("a"), vocabulary: ROSTER_VOCABULARY },
    { id: "b", vocabulary: peek },
    { id: "c", skills: skills("c"), vocabulary: ROSTER_VOCABULARY },
  ] as unknown as FamilyDefinition[];
  const base = {
    ctx: { cwd: "/p", home: "/h" } as DiscoveryContext,
    families,
    registry: {} as ProviderRegistry,
    cacheDir: "/cache",
    projectTrusted: true,
    env: { ROSTER_GIT_TIMEOUT: "2" },
  };
  const env = sourcesEnvironment({ ...base, scope: "project" });
  expect(env.skillSources).toEqual([skills("a"), skills("c")]);
  expect(env.tools.capabilityOf("Peek")).toBe("read");
  expect(env.git).toEqual({ timeoutMs: 2000 });
  expect(env.projectTrusted).toBe(true);
  expect(sourcesEnvironment({ ...base, env: {}, scope: "user" }).git).toEqual({});
  const alone = { ...base, ctx: { ...base.ctx, trustProject: false } };
  expect(() => sourcesEnvironment({ ...alone, scope: "project" })).toThrow(
    /^--no-project leaves the project alone/,
  );
  expect(sourcesEnvironment({ ...alone, scope: "user" }).cacheDir).toBe("/cache");
});
