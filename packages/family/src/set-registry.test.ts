import { defineProvider } from "@roster/core";
import { expect, test } from "vitest";
import { type FamilyDefinition, ROSTER_VOCABULARY } from "./define-family.js";
import { createFamilySet } from "./family-set.js";
import { setRegistry } from "./set-registry.js";

const family = (id: string, enforce?: "post"): FamilyDefinition => ({
  id,
  displayName: id,
  provider: defineProvider({ id, locate: () => [] }),
  vocabulary: ROSTER_VOCABULARY,
  ...(enforce ? { enforce } : {}),
});

test("puts providers alone after the set's other families and before those that go last", () => {
  const set = createFamilySet([family("alpha"), family("late", "post"), family("team")]);
  const extra = defineProvider({ id: "extra", locate: () => [] });
  expect(setRegistry(set, [extra]).ids()).toEqual(["alpha", "team", "extra", "late"]);
  expect(setRegistry(createFamilySet([family("alpha")]), [extra]).ids()).toEqual(["alpha", "extra"]);
  expect(setRegistry(set).ids()).toEqual(["alpha", "team", "late"]);
});
