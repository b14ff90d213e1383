import { expect, test } from "vitest";
import { summarizeFields } from "./index.js";

test("losses first (a field dropped, or changed with something lost), then changes, renames shown", () => {
  expect(
    summarizeFields([
      { field: "name", fate: "kept" },
      { field: "tools", fate: "dropped", value: ["Read"] },
      { field: "permissionMode", fate: "changed", to: "approval" },
      { field: "model", fate: "changed", to: "model", lost: "opus" },
      { field: "maxTurns", fate: "changed", to: "maxTurns" },
    ]),
  ).toBe("loses tools, model; changes permissionMode→approval, maxTurns");
  expect(summarizeFields([{ field: "name", fate: "kept" }])).toBe("everything kept");
});
