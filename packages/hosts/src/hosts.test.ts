import { describe, expect, test } from "vitest";
import { missingHostMessage, pickHost } from "./hosts.js";
import { dropNullOptionals, jtdToJsonSchema, SchemaConversionError } from "./jtd-to-json-schema.js";
import type { HostDefinition } from "./types.js";

// A host of no real tool: this package names no family (each family's host and its tests are in
// its own package; the built-in families together are tested in integration/test/hosts).
const labHost: HostDefinition = {
  id: "lab",
  displayName: "Lab CLI",
  command: "lab",
  npmPackage: "@example/lab-cli",
  login: { fix: "run `lab login`" },
  plan: () => {
    throw new Error("not planned here");
  },
  parse: ({ stdout }) => ({ output: stdout }),
};

// Families as an app lists them: one with its own host, one that runs on another's, some without.
const families = [
  { id: "lab", host: labHost },
  { id: "lab-plugins", host: labHost },
  { id: "bench", host: { ...labHost, id: "bench" } },
  { id: "notes" },
  { id: "scratch" },
];

describe("pickHost (auto)", () => {
  test.each([
    ["lab", "lab"],
    ["lab-plugins", "lab"],
    ["bench", "bench"],
  ])("a %s agent runs on %s", (provider, host) => {
    expect(pickHost({ provider }, families, { defaultHost: "bench" })).toEqual({ host, reason: "family" });
  });

  test.each(["notes", "scratch", "my-team"])("a %s agent takes defaultHost, or none", (provider) => {
    expect(pickHost({ provider }, families, { defaultHost: "bench" })).toEqual({
      host: "bench",
      reason: "default-host",
    });
    expect(pickHost({ provider }, families)).toEqual({ host: null, reason: "no-family-host" });
  });

  test("the missing-host sentence", () => {
    const message = missingHostMessage(labHost, { command: "./bin/lab" });
    expect(message).toContain('"./bin/lab" was not found.');
    expect(message).toContain('"hosts": { "lab": { "command": "/path/to/lab", "args": [] } }');
    expect(missingHostMessage(labHost)).toContain(
      '"lab" was not found on PATH. Install it (npm install -g @example/lab-cli)',
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
