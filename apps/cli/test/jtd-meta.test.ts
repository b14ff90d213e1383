// The BUILT bin checks output schemas against the JTD meta-schema with a validator the build
// precompiles (dist/engines/ajv-jtd-meta.cjs, Ajv's standalone code) instead of letting Ajv
// compile the meta-schema first. It must say exactly what Ajv's own check says.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createSandbox } from "@roster/testkit";
import fc from "fast-check";
import { afterAll, describe, expect, test } from "vitest";

const dist = fileURLToPath(new URL("../dist/", import.meta.url));
const engine = join(dist, "engines/ajv-jtd-meta.cjs");
const requireHere = createRequire(import.meta.url);
const { Ajv } = requireHere("ajv/dist/jtd.js") as typeof import("ajv/dist/jtd.js");

type Meta = ((schema: unknown) => boolean) & {
  errors?: Parameters<InstanceType<typeof Ajv>["errorsText"]>[0];
};

/** Ajv as the executor makes it (`allErrors`), checking schemas itself. */
const ajv = new Ajv({ allErrors: true });

/** What Ajv's own check says of a schema object. */
function ajvSays(schema: object): string | undefined {
  return ajv.validateSchema(schema) ? undefined : ajv.errorsText(ajv.errors);
}

/** What the precompiled validator says, in Ajv's words. */
function engineSays(meta: Meta, schema: object): string | undefined {
  return meta(schema) ? undefined : ajv.errorsText(meta.errors);
}

const box = createSandbox("roster-jtd-meta-");
afterAll(() => box.cleanup());

describe("the precompiled JTD meta-schema validator", () => {
  test("is built, and judges schemas in Ajv's own words (examples and property)", () => {
    expect(existsSync(engine), "apps/cli is not built: run pnpm build").toBe(true);
    const meta = requireHere(engine) as Meta;
    // Objects only: the executor refuses anything else before a schema is checked.
    const examples: object[] = [
      {},
      { type: "string" },
      { type: "strin" },
      { properties: { a: { type: "int32" } }, optionalProperties: { b: { elements: { type: "boolean" } } } },
      { properties: { a: { type: "string" } }, elements: { type: "string" } },
      { enum: [] },
      { enum: ["a", "a"] },
      { enum: [1] },
      { ref: "missing" },
      { definitions: { d: { type: "string" } }, ref: "d" },
      { nullable: "yes", type: "string" },
      { discriminator: "kind", mapping: { a: { properties: { x: { type: "string" } } } } },
      { discriminator: "kind", mapping: { a: { type: "string" } } },
      { values: { type: "float64" }, metadata: { description: "x" } },
      { additionalProperties: true, properties: {} },
      { properties: { a: "string" } },
    ];
    for (const schema of examples)
      expect(engineSays(meta, schema), JSON.stringify(schema)).toBe(ajvSays(schema));

    const keyword = fc.constantFrom(
      "type",
      "enum",
      "elements",
      "properties",
      "optionalProperties",
      "additionalProperties",
      "values",
      "discriminator",
      "mapping",
      "ref",
      "definitions",
      "nullable",
      "metadata",
      "other",
    );
    const leaf = fc.oneof(
      fc.constantFrom("string", "int32", "boolean", "timestamp", "float64", "nope", "d"),
      fc.boolean(),
      fc.integer(),
      fc.constant(null),
      fc.array(fc.constantFrom("a", "b", "a")),
    );
    const { schema } = fc.letrec((tie) => ({
      schema: fc.dictionary(keyword, fc.oneof({ depthSize: "small" }, leaf, tie("schema"), tie("map")), {
        maxKeys: 3,
      }),
      map: fc.dictionary(fc.constantFrom("a", "b", "d"), tie("schema"), { maxKeys: 2 }),
    }));
    fc.assert(
      fc.property(schema, (s) => {
        expect(engineSays(meta, s)).toBe(ajvSays(s));
      }),
      { seed: 20261203, numRuns: 400 },
    );
  });

  test("roster doctor reports a bad output schema with Ajv's words", () => {
    box.write({
      "project/.claude/agents/typed.md":
        "---\nname: typed\ndescription: a typed agent\noutput:\n  properties:\n    a:\n      type: strin\n---\nBody\n",
      "home/.keep": "",
    });
    const r = spawnSync(
      process.execPath,
      [join(dist, "roster.js"), "doctor", "--json", "--cwd", box.project, "--home", box.home],
      { env: { PATH: process.env.PATH ?? "" }, encoding: "utf8" },
    );
    const expected = ajvSays({ properties: { a: { type: "strin" } } });
    expect(expected).toBeDefined();
    expect(r.stdout).toContain(`schema is invalid: ${expected}`.replace(/"/g, '\\"'));
  });
});
