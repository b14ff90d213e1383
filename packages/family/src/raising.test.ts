import { describe, expect, test } from "vitest";
import { ROSTER_VOCABULARY } from "./define-family.js";
import { NON_RAISING_MODES, raisesPermission, raisingSetting } from "./raising.js";

describe("what raises a permission (SPEC §17)", () => {
  test("default and plan raise nothing; every other mode, known or not, raises", () => {
    expect([...NON_RAISING_MODES]).toEqual(["default", "plan"]);
    for (const mode of ["default", "plan"]) expect(raisesPermission(mode)).toBe(false);
    for (const mode of ["acceptEdits", "bypassPermissions", "dontAsk", "auto", "yolo"])
      expect(raisesPermission(mode)).toBe(true);
  });

  test("a vocabulary's raising settings are found by key and value", () => {
    const codexish = { ...ROSTER_VOCABULARY, raisingSettings: { sandbox_mode: ["danger-full-access"] } };
    expect(raisingSetting({ sandbox_mode: "danger-full-access" }, [codexish])).toEqual({
      key: "sandbox_mode",
      value: "danger-full-access",
    });
    expect(raisingSetting({ sandbox_mode: "read-only" }, [codexish])).toBeUndefined();
    expect(raisingSetting({ sandbox_mode: "danger-full-access" }, [ROSTER_VOCABULARY])).toBeUndefined();
    expect(raisingSetting(undefined, [codexish])).toBeUndefined();
  });
});
