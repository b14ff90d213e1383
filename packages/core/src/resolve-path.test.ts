import { resolve } from "node:path";
import { describe, expect, test } from "vitest";
import { resolvePath } from "./resolve-path.js";

const PATHS = [
  "/",
  "/a",
  "/a/b.md",
  "/a/",
  "//a",
  "/a//b",
  "/a/./b",
  "/a/../b",
  "/a/.",
  "/a/..",
  "/.",
  "/..",
  "/a/.b",
  "/a/..b",
  "/a/b.",
  "/a/b..",
  "a/b",
  "./a",
  "",
];

describe("resolvePath", () => {
  test("answers every path as path.resolve does, normal or not", () => {
    for (const path of PATHS) expect({ path, got: resolvePath(path) }).toEqual({ path, got: resolve(path) });
  });
});
