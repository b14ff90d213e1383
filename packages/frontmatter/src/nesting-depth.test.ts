import { describe, expect, test } from "vitest";
import { jsonNestedDeeperThan, nestedDeeperThan } from "./nesting-depth.js";

describe("nestedDeeperThan", () => {
  test("counts objects and arrays, the value itself as level 1", () => {
    expect(nestedDeeperThan({ a: [{ b: 1 }] }, 3)).toBe(false);
    expect(nestedDeeperThan({ a: [{ b: {} }] }, 3)).toBe(true);
    expect(nestedDeeperThan("text", 0)).toBe(false);
  });

  test("measures 100,000 levels without recursion", () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = { a: deep };
    expect(nestedDeeperThan(deep, 64)).toBe(true);
  });
});

describe("jsonNestedDeeperThan", () => {
  test("counts brackets outside strings and comments", () => {
    expect(jsonNestedDeeperThan('{"a": [1, {"b": 2}]}', 3)).toBe(false);
    expect(jsonNestedDeeperThan('{"a": [1, {"b": []}]}', 3)).toBe(true);
    expect(jsonNestedDeeperThan('{"a": "[[[[\\"[[[[", "b": 1}', 1)).toBe(false);
    expect(jsonNestedDeeperThan('{ // [[[[\n "a": 1 /* {{{{ */ }', 1)).toBe(false);
  });

  test("20,000 levels are refused without parsing", () => {
    expect(jsonNestedDeeperThan(`${'{"a":'.repeat(20_000)}1${"}".repeat(20_000)}`, 65)).toBe(true);
  });
});
