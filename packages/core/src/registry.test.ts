import { describe, expect, test } from "vitest";
import { defineProvider } from "./provider.js";
import { createRegistry, RegistryError } from "./registry.js";

const p = (id: string) => defineProvider({ id, locate: () => [] });

describe("createRegistry", () => {
  test("registration order is precedence", () => {
    expect(createRegistry([p("a"), p("b"), p("c")]).ids()).toEqual(["a", "b", "c"]);
  });

  test("before and after insert at a rank", () => {
    const registry = createRegistry([p("xcsh"), p("claude"), p("plugins")]);
    registry.register(p("cursor"), { after: "claude" });
    registry.register(p("first"), { before: "xcsh" });
    expect(registry.ids()).toEqual(["first", "xcsh", "claude", "cursor", "plugins"]);
  });

  test("duplicate ids are rejected with a fix in the message", () => {
    const registry = createRegistry([p("claude")]);
    expect(() => registry.register(p("claude"))).toThrow(RegistryError);
    expect(() => registry.register(p("claude"))).toThrow(/already registered.*another id/);
  });

  test("malformed providers throw at once", () => {
    const registry = createRegistry();
    expect(() => registry.register(null as never)).toThrow(/must be an object/);
    expect(() => registry.register({ id: "Bad Id", locate: () => [] })).toThrow(/lower-case/);
    expect(() => registry.register({ id: "x" } as never)).toThrow(/neither locate nor load/);
    expect(() => registry.register({ id: "x", locate: "nope" } as never)).toThrow(
      /locate must be a function/,
    );
  });

  test("an unknown anchor names the registered ids", () => {
    expect(() => createRegistry([p("a")]).register(p("b"), { after: "zzz" })).toThrow(
      /no provider "zzz".*registered: a/,
    );
  });

  test("unregister removes by id", () => {
    const registry = createRegistry([p("a"), p("b")]);
    expect(registry.unregister("a")).toBe(true);
    expect(registry.unregister("a")).toBe(false);
    expect(registry.ids()).toEqual(["b"]);
  });
});
