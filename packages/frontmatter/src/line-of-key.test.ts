import { describe, expect, it } from "vitest";
import { keyAsWritten, lineOfKey } from "./line-of-key.js";

describe("lineOfKey", () => {
  const md = [
    "---",
    "name: a",
    "description: b",
    "allowed-tools: Read",
    '"color": red',
    "---",
    "tools: in the body",
  ].join("\n");

  it("finds a key of the frontmatter, written plain, quoted or kebab-case", () => {
    expect(lineOfKey(md, "name")).toBe(2);
    expect(lineOfKey(md, "description")).toBe(3);
    expect(lineOfKey(md, "allowedTools")).toBe(4);
    expect(lineOfKey(md, "color")).toBe(5);
  });

  it("stops at the closing fence: a body line is not a key", () => {
    expect(lineOfKey(md, "tools")).toBe(1);
  });

  it("reads CRLF and a leading BOM", () => {
    expect(lineOfKey("\uFEFF---\r\nname: a\r\ntools: x\r\n---\r\n", "tools")).toBe(3);
  });

  it("does not take an indented key of a nested map for the top-level one", () => {
    expect(lineOfKey(["---", "permission:", "  edit: deny", "edit: x", "---"].join("\n"), "edit")).toBe(4);
  });

  it("finds a TOML key of the top-level table, not one under a [table] header", () => {
    const toml = ['name = "a"', 'description = "b"', "", "[mcp_servers.x]", 'model = "m"'].join("\n");
    expect(lineOfKey(toml, "description")).toBe(2);
    expect(lineOfKey(toml, "model")).toBe(1);
  });

  it("gives line 1 for a key the file does not write", () => {
    expect(lineOfKey(md, "model")).toBe(1);
  });
});

describe("keyAsWritten", () => {
  it("gives the key as the file spells it, unquoted, with its line", () => {
    const md = ["---", "name: a", "allowed-tools: Read", "'foo-bar': 1", '"maxTurns": 3', "---"].join("\n");
    expect(keyAsWritten(md, "allowedTools")).toEqual({ line: 3, key: "allowed-tools" });
    expect(keyAsWritten(md, "fooBar")).toEqual({ line: 4, key: "foo-bar" });
    expect(keyAsWritten(md, "maxTurns")).toEqual({ line: 5, key: "maxTurns" });
    expect(keyAsWritten(md, "name")).toEqual({ line: 2, key: "name" });
    expect(keyAsWritten('name = "a"\nsandbox-mode = "x"\n', "sandboxMode")).toEqual({
      line: 2,
      key: "sandbox-mode",
    });
  });

  it("is undefined for a key the file does not write", () => {
    expect(keyAsWritten("---\nname: a\n---\ntools: x\n", "tools")).toBeUndefined();
  });
});
