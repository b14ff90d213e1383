import { describe, expect, it } from "vitest";
import { checkNewAgent, lossyNewMessage, lostFields, starterPrompt } from "./judge-new-agent.js";

describe("checkNewAgent", () => {
  const filePath = "/p/.acme/agents/rev.md";

  it("loads when the tool's winner is the file written, or when the tool has no view", () => {
    expect(checkNewAgent({ check: undefined, filePath, name: "rev" }).loads).toBe(true);
    const check = { displayName: "Acme", winner: { filePath }, files: [{ filePath }] };
    expect(checkNewAgent({ check, filePath, name: "rev" })).toMatchObject({
      loads: true,
      asks: false,
      why: undefined,
    });
  });

  it("a gate a person passes in the tool is a step, not a failure", () => {
    const reason = { code: "tool/untrusted" as const, message: "Acme asks to trust the folder" };
    const check = { displayName: "Acme", files: [{ filePath, reason }] };
    expect(checkNewAgent({ check, filePath, name: "rev" })).toMatchObject({
      loads: false,
      asks: true,
      why: "Acme asks to trust the folder",
      code: "tool/untrusted",
    });
  });

  it("another file winning is said with that file", () => {
    const check = { displayName: "Acme", winner: { filePath: "/h/rev.md" }, files: [{ filePath }] };
    expect(checkNewAgent({ check, filePath, name: "rev" })).toMatchObject({
      loads: false,
      asks: false,
      why: "Acme loads /h/rev.md for rev instead",
    });
    expect(checkNewAgent({ check: { displayName: "Acme", files: [] }, filePath, name: "rev" }).why).toBe(
      "Acme does not load it",
    );
  });
});

describe("the new agent's text and its losses", () => {
  it("starts with who it is and where its instructions go", () => {
    expect(starterPrompt("rev", "Reviews code.").split("\n")[0]).toBe("You are rev. Reviews code.");
  });

  it("names what is lost, a part of a value by its parts", () => {
    const fields = [
      { field: "name", fate: "kept" as const, value: "rev" },
      { field: "model", fate: "dropped" as const, value: "x" },
      { field: "tools", fate: "changed" as const, value: ["Read", "Zap"], lost: ["Zap"] },
    ];
    const lost = lostFields(fields);
    expect(lost.map((f) => f.field)).toEqual(["model", "tools"]);
    expect(lossyNewMessage("Acme", lost)).toBe(
      "Acme has no place for model, Zap; nothing written (leave it out, or another tool)",
    );
  });
});
