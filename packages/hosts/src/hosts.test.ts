import { capabilityOf } from "@roster/family";
import { describe, expect, test } from "vitest";
import { missingHostMessage, pickHost } from "./hosts.js";
import { dropNullOptionals, jtdToJsonSchema, SchemaConversionError } from "./jtd-to-json-schema.js";
import { TEST_FAMILIES, testFamily } from "./test-families.js";
import { acceptModel } from "./vocabulary.js";

// The families as the app lists them: plugins run on Claude Code's host.
const families = [
  ...Object.values(TEST_FAMILIES),
  { id: "plugins", host: testFamily("claude").host },
  { id: "xcsh" },
  { id: "bundled" },
];

describe("pickHost (auto)", () => {
  test.each([
    ["claude", "claude"],
    ["plugins", "claude"],
    ["codex", "codex"],
    ["gemini", "gemini"],
    ["opencode", "opencode"],
    ["copilot", "copilot"],
  ])("a %s agent runs on %s", (provider, host) => {
    expect(pickHost({ provider }, families, { defaultHost: "gemini" })).toEqual({ host, reason: "family" });
  });

  test.each(["xcsh", "bundled", "cursor", "my-team"])("a %s agent takes defaultHost, or none", (provider) => {
    expect(pickHost({ provider }, families, { defaultHost: "codex" })).toEqual({
      host: "codex",
      reason: "default-host",
    });
    expect(pickHost({ provider }, families)).toEqual({ host: null, reason: "no-family-host" });
  });

  test("the missing-host sentence", () => {
    expect(missingHostMessage(testFamily("gemini").host, { command: "./bin/gem" })).toContain(
      '"./bin/gem" was not found.',
    );
  });
});

describe("jtdToJsonSchema", () => {
  const jtd = {
    definitions: { sev: { enum: ["low", "high"] } },
    properties: {
      files: { elements: { properties: { path: { type: "string" }, line: { type: "uint32" } } } },
      severity: { ref: "sev" },
      when: { type: "timestamp", nullable: true },
    },
    optionalProperties: { tags: { values: { type: "boolean" } } },
  };

  test("plain: optional stays optional, maps are open objects, refs become $defs", () => {
    expect(jtdToJsonSchema(jtd)).toEqual({
      type: "object",
      properties: {
        files: {
          type: "array",
          items: {
            type: "object",
            properties: {
              path: { type: "string" },
              line: { type: "integer", minimum: 0, maximum: 4294967295 },
            },
            required: ["path", "line"],
            additionalProperties: false,
          },
        },
        severity: { $ref: "#/$defs/sev" },
        when: { anyOf: [{ type: "string", format: "date-time" }, { type: "null" }] },
        tags: { type: "object", additionalProperties: { type: "boolean" } },
      },
      required: ["files", "severity", "when"],
      additionalProperties: false,
      $defs: { sev: { type: "string", enum: ["low", "high"] } },
    });
  });

  test("strict: every key required, optional ones nullable; a map has no strict form", () => {
    const strict = jtdToJsonSchema(
      { properties: { a: { type: "int8" } }, optionalProperties: { b: { type: "string" } } },
      "strict",
    );
    expect(strict).toEqual({
      type: "object",
      properties: { a: { type: "integer" }, b: { anyOf: [{ type: "string" }, { type: "null" }] } },
      required: ["a", "b"],
      additionalProperties: false,
    });
    expect(() => jtdToJsonSchema(jtd, "strict")).toThrow(SchemaConversionError);
  });

  test("a schema past the executor's bounds is refused before converting (deep, or refs that branch)", () => {
    let deep: unknown = { type: "string" };
    for (let i = 0; i < 20_000; i++) deep = { elements: deep };
    expect(() => jtdToJsonSchema(deep)).toThrow(/nested deeper than 64 levels/);
    const definitions: Record<string, unknown> = { d40: { type: "string" } };
    for (let i = 0; i < 40; i++)
      definitions[`d${i}`] = { properties: { a: { ref: `d${i + 1}` }, b: { ref: `d${i + 1}` } } };
    expect(() => jtdToJsonSchema({ definitions, ref: "d0" }, "strict")).toThrow(
      /expands to more than 2000 schemas/,
    );
  });

  test("discriminator: one variant per tag value", () => {
    const out = jtdToJsonSchema({
      discriminator: "kind",
      mapping: { a: { properties: { x: { type: "string" } } } },
    });
    expect(out).toEqual({
      anyOf: [
        {
          type: "object",
          properties: { kind: { type: "string", enum: ["a"] }, x: { type: "string" } },
          required: ["kind", "x"],
          additionalProperties: false,
        },
      ],
    });
  });

  test("dropNullOptionals removes what a strict host filled with null", () => {
    const schema = { properties: { a: { elements: { optionalProperties: { b: { type: "string" } } } } } };
    expect(dropNullOptionals(schema, { a: [{ b: null }, { b: "x" }] })).toEqual({ a: [{}, { b: "x" }] });
  });
});

describe("vocabulary", () => {
  test("models: each host takes its own names", () => {
    expect(acceptModel("claude", "anthropic/claude-opus-4-1")).toBe("claude-opus-4-1");
    expect(acceptModel("claude", "gpt-5")).toBeUndefined();
    expect(acceptModel("codex", "openai/gpt-5-codex")).toBe("gpt-5-codex");
    expect(acceptModel("gemini", "flash", testFamily("gemini").vocabulary.modelAliases)).toBe("flash");
    expect(acceptModel("gemini", "flash")).toBeUndefined();
    expect(acceptModel("opencode", "gemini-2.5-pro")).toBe("google/gemini-2.5-pro");
    expect(acceptModel("copilot", "claude-sonnet-4.6")).toBe("claude-sonnet-4.6");
  });

  test("tool spellings of every family map to one capability", () => {
    expect(["read_file", "view", "Read"].map(capabilityOf)).toEqual(["read", "read", "read"]);
    expect(["run_shell_command", "execute", "Bash"].map(capabilityOf)).toEqual(["bash", "bash", "bash"]);
    expect(capabilityOf("mcp__github__get_issue")).toBeUndefined();
  });
});
