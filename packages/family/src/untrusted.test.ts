import { describe, expect, it } from "vitest";
import { raisesPermission } from "./raising.js";
import { withoutRaisingSettings } from "./untrusted.js";

describe("what an untrusted project's agent may be pre-approved (SPEC §17, issue 49)", () => {
  it("every permission mode but default and plan raises", () => {
    expect(raisesPermission("default")).toBe(false);
    expect(raisesPermission("plan")).toBe(false);
    for (const mode of ["acceptEdits", "bypassPermissions", "dontAsk", "yolo", "auto"])
      expect(raisesPermission(mode)).toBe(true);
  });
});

describe("withoutRaisingSettings", () => {
  const base = {
    name: "a",
    description: "d",
    systemPrompt: "p",
    source: "project",
    filePath: "/p/a.md",
    provider: "opencode",
  } as const;
  it("drops raising modes and keys, keeps lowering ones; a permission map keeps its deny and ask", () => {
    const { agent, dropped } = withoutRaisingSettings({
      ...base,
      permissionMode: "acceptEdits",
      extra: {
        sandbox_mode: "danger-full-access",
        approval_policy: "never",
        hooks: { x: 1 },
        "mcp-servers": {},
        permission: { bash: { "git *": "allow", "*": "ask" }, edit: "deny", webfetch: "allow" },
        color: "blue",
      },
    });
    expect(agent.permissionMode).toBeUndefined();
    expect(agent.extra).toEqual({ permission: { bash: { "*": "ask" }, edit: "deny" }, color: "blue" });
    expect(dropped.map((d) => d.field)).toEqual([
      "permissionMode",
      "extra.sandbox_mode",
      "extra.approval_policy",
      "extra.hooks",
      "extra.mcp-servers",
      "extra.permission",
    ]);
    expect(dropped.at(-1)!.lost).toEqual({ bash: { "git *": "allow" }, webfetch: "allow" });
  });
  it("keeps what lowers: plan, a read-only sandbox, the untrusted approval policy", () => {
    const kept = {
      ...base,
      permissionMode: "plan" as const,
      extra: { sandbox_mode: "read-only", approval_policy: "untrusted" },
    };
    expect(withoutRaisingSettings(kept)).toEqual({ agent: kept, dropped: [] });
  });
});
