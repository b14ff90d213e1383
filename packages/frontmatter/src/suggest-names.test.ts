import { describe, expect, test } from "vitest";
import { suggestNames } from "./suggest-names.js";

const names = [
  "explore",
  "plan",
  "reviewer",
  "code-reviewer",
  "cloud-infrastructure-kubernetes-architect",
  "kubernetes-operator",
  "task",
  "quick_task",
];

describe("suggestNames", () => {
  test("a word inside a long name finds it", () => {
    expect(suggestNames("kubernetes-architect", names)).toEqual([
      "cloud-infrastructure-kubernetes-architect",
    ]);
  });

  test("a name that holds all of the wanted text ranks before a name the wanted text holds", () => {
    expect(suggestNames("kubernetes-architect", ["architect", "cloud-kubernetes-architect"])).toEqual([
      "cloud-kubernetes-architect",
      "architect",
    ]);
    expect(suggestNames("my-reviewer", names)).toEqual(["reviewer"]);
  });

  test("a prefix comes before word starts, and both before edit distance", () => {
    expect(suggestNames("kube", names)).toEqual([
      "kubernetes-operator",
      "cloud-infrastructure-kubernetes-architect",
    ]);
    expect(suggestNames("review", names)).toEqual(["reviewer", "code-reviewer"]);
  });

  test("a typo a few edits away", () => {
    expect(suggestNames("reviwer", names)).toEqual(["reviewer", "code-reviewer"]);
    expect(suggestNames("explroe", names)).toEqual(["explore"]);
    expect(suggestNames("kubernets-architect", names)).toEqual(["cloud-infrastructure-kubernetes-architect"]);
  });

  test("two neighbouring characters swapped are one edit, as a short name allows", () => {
    // Levenshtein counts `lsit` → `list` as two edits, more than a four-letter word allows.
    expect(suggestNames("lsit", ["list", "show", "why"])).toEqual(["list"]);
    expect(suggestNames("hsow", ["list", "show", "why"])).toEqual(["show"]);
    // Two swaps, or a swap of letters that are not neighbours, are not one slip.
    expect(suggestNames("lsti", ["list"])).toEqual([]);
    expect(suggestNames("tisl", ["list"])).toEqual([]);
  });

  test("case is ignored; an exact match in another case ranks first", () => {
    expect(suggestNames("PLAN", names)[0]).toBe("plan");
  });

  test("at most `limit` names, best first, ties in the order given", () => {
    expect(suggestNames("task", names, { limit: 1 })).toEqual(["task"]);
    expect(suggestNames("tas", ["task-b", "task-a", "task-c", "task-d"])).toEqual([
      "task-b",
      "task-a",
      "task-c",
    ]);
  });

  test("nothing close gives nothing", () => {
    expect(suggestNames("zzzzzz", names)).toEqual([]);
    expect(suggestNames("", names)).toEqual([]);
    expect(suggestNames("a", names)).toEqual([]);
  });
});
