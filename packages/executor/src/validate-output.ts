import { Ajv } from "ajv/dist/jtd.js";

const ajv = new Ajv({ allErrors: true });
const compiled = new Map<string, ReturnType<typeof ajv.compile>>();

/** Validates `data` against a JTD schema; returns an error message, or undefined when it matches. */
export function validateOutput(schema: unknown, data: unknown): string | undefined {
  const key = JSON.stringify(schema);
  let validate = compiled.get(key);
  if (!validate) {
    try {
      validate = ajv.compile(schema as object);
    } catch (error) {
      return `the output schema is not a valid JTD schema: ${(error as Error).message}`;
    }
    // Bounded: schemas come from a handful of agents and calls.
    if (compiled.size > 256) compiled.clear();
    compiled.set(key, validate);
  }
  if (validate(data)) return undefined;
  return `structured result does not match the output schema: ${ajv.errorsText(validate.errors, { dataVar: "result" })}`;
}
