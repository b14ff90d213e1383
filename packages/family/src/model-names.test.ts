import { describe, expect, test } from "vitest";
import { ROSTER_VOCABULARY } from "./define-family.js";
import { acceptModel, chooseModel } from "./model-names.js";

// A third-party family's tool: it takes `lab-…` ids (and its alias `quick`) without the `acme/`
// prefix, and `mini-…` ids only as `acme/mini-…`.
const lab = {
  ...ROSTER_VOCABULARY,
  modelAliases: ["quick"],
  models: {
    strip: ["acme/"],
    takes: [/^lab-[^/]*$/],
    respell: [{ match: /^mini-/, prefix: "acme/" }],
  },
};

describe("acceptModel over a family's vocabulary", () => {
  test("a third-party family's rules: prefixes stripped, its patterns and aliases taken, re-spelt names", () => {
    expect(acceptModel(lab, "acme/lab-2")).toBe("lab-2");
    expect(acceptModel(lab, " lab-2 ")).toBe("lab-2");
    expect(acceptModel(lab, "quick")).toBe("quick");
    expect(acceptModel(lab, "mini-1")).toBe("acme/mini-1");
    expect(acceptModel(lab, "other/lab-2")).toBeUndefined();
    expect(acceptModel(lab, "gpt-5")).toBeUndefined();
    expect(acceptModel(lab, "  ")).toBeUndefined();
    // Without its `models`, the same family takes every name as given.
    expect(acceptModel({ ...lab, models: undefined }, "gpt-5")).toBe("gpt-5");
    expect(acceptModel(ROSTER_VOCABULARY, " vendor/any-model ")).toBe("vendor/any-model");
  });

  test("chooseModel: the first name the tool takes, in its spelling, and the ones skipped before it", () => {
    expect(chooseModel(lab, ["gpt-5", "acme/other/x", "mini-1", "lab-2"])).toEqual({
      model: "acme/mini-1",
      skipped: ["gpt-5", "acme/other/x"],
    });
    expect(chooseModel(lab, ["gpt-5"])).toEqual({ skipped: ["gpt-5"] });
    expect(chooseModel(lab, null)).toEqual({ skipped: [] });
  });
});
