import { describe, expect, test } from "vitest";
import { deepFreeze } from "./freeze.js";

describe("deepFreeze", () => {
  test("freezes every level, an accessor named `except` unread", () => {
    let read = false;
    const value = { a: { b: [{ c: 1 }] } };
    Object.defineProperty(value, "body", {
      enumerable: true,
      get: () => {
        read = true;
        return "x";
      },
    });
    deepFreeze(value, "body");
    expect(Object.isFrozen(value.a.b[0])).toBe(true);
    expect(read).toBe(false);
  });

  test("a value nested 100,000 levels deep is frozen to the bottom without overflowing the stack", () => {
    const top: Record<string, unknown> = {};
    let at = top;
    for (let i = 0; i < 100_000; i++) {
      const next: Record<string, unknown> = {};
      at.a = i % 2 === 0 ? next : [next];
      at = next;
    }
    expect(() => deepFreeze(top)).not.toThrow();
    expect(Object.isFrozen(at)).toBe(true);
  });
});
