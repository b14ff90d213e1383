import { describe, expect, test } from "vitest";
import { capInvocation, capPermissionMode, ceilingRaises } from "./ceiling.js";

describe("a worker's ceiling caps a queued definition's permission mode", () => {
  test.each([
    // [asked, ceiling, runs as]
    ["bypassPermissions", "default", "default"],
    ["bypassPermissions", "acceptEdits", "acceptEdits"],
    ["acceptEdits", "default", "default"],
    ["auto", "acceptEdits", "acceptEdits"],
    ["dontAsk", "default", "dontAsk"],
    ["default", "default", "default"],
    ["plan", "default", "plan"],
    ["acceptEdits", "bypassPermissions", "acceptEdits"],
    ["bypassPermissions", "bypassPermissions", "bypassPermissions"],
    // Another host's word counts as the highest mode.
    ["yolo", "acceptEdits", "acceptEdits"],
    ["yolo", "bypassPermissions", "yolo"],
    // A plan ceiling runs everything in plan mode.
    [null, "plan", "plan"],
    ["acceptEdits", "plan", "plan"],
    [null, "default", null],
  ] as const)("%s under %s runs as %s", (asked, ceiling, runs) => {
    const capped = capPermissionMode(asked, ceiling, "x");
    expect(capped.mode).toBe(runs);
    expect(capped.note !== undefined).toBe(runs !== asked);
  });

  test("the note says what was asked and what it runs as", () => {
    expect(capPermissionMode("bypassPermissions", "default", "reviewer").note).toBe(
      'permission mode "bypassPermissions" of agent "reviewer" runs as "default": this worker\'s ceiling (--max-permission)',
    );
  });

  test("only a ceiling above default lets the hosts trust the queue", () => {
    expect([ceilingRaises("plan"), ceilingRaises("default"), ceilingRaises("acceptEdits")]).toEqual([
      false,
      false,
      true,
    ]);
  });

  test("a queued invocation is an untrusted project's agent, whatever source it claims", () => {
    const { invocation } = capInvocation(
      {
        id: "t",
        agent: "a",
        systemPrompt: "",
        prompt: "",
        tools: null,
        spawns: "",
        model: null,
        thinkingLevel: null,
        outputSchema: null,
        cwd: "/",
        source: "user",
        permissionMode: "bypassPermissions",
      },
      "default",
    );
    expect(invocation).toMatchObject({ source: "project", permissionMode: "default" });
  });
});
