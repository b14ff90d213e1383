import { Ajv } from "ajv/dist/jtd.js";
import { asRecord, checkOutputSchemaShape, checkRefs, checkStructuredResult } from "./check-schema-shape.js";

/** Mismatch messages name at most this many errors. */
const MAX_ERRORS_SHOWN = 5;

/** An output schema made ready to validate, or why it cannot be used. */
export type CompiledSchema =
  | { ok: true; validate(data: unknown): string | undefined }
  | { ok: false; error: string };

/** Compiles JTD output schemas once each (by object identity, then by JSON text). */
export interface SchemaCompiler {
  compile(schema: unknown): CompiledSchema;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Ajv's validator of JTD schemas against the JTD meta-schema, as standalone code. */
type MetaValidator = ((schema: unknown) => boolean) & { errors?: Parameters<Ajv["errorsText"]>[0] };

let metaValidator: MetaValidator | null | undefined;

/**
 * The JTD meta-schema's validator precompiled by the CLI's build (`GENERATED_ENGINES` in
 * `apps/cli/tsup.config.ts`: Ajv's standalone code for the validator Ajv would compile, with
 * the same `allErrors` option), loaded with a literal `require` the bundle resolves to
 * `dist/engines/ajv-jtd-meta.cjs`. The `#` specifier is a package import, which Node never
 * looks for in `node_modules`: elsewhere (this package's own build, tests) it is not found,
 * and Ajv checks each schema itself: the same verdicts and the same words.
 */
function precompiledMetaValidator(): MetaValidator | undefined {
  if (metaValidator === undefined) {
    metaValidator = null;
    try {
      if (typeof require === "function") metaValidator = require("#roster/ajv-jtd-meta") as MetaValidator;
    } catch {
      // Not bundled: Ajv's own check.
    }
  }
  return metaValidator ?? undefined;
}

/**
 * Creates a compiler that turns JTD schemas into validators once each. Before Ajv sees a
 * schema it must pass {@link checkOutputSchemaShape} (depth and expanded size bounded), and
 * its every `ref` must name one of its own `definitions` and its refs never loop; validators
 * check {@link checkStructuredResult} first and never throw.
 */
export function createSchemaCompiler(options: { maxEntries?: number } = {}): SchemaCompiler {
  const maxEntries = options.maxEntries ?? 256;
  const meta = precompiledMetaValidator();
  // With the precompiled validator, Ajv skips its own check of each schema against the
  // meta-schema (which first compiles the meta-schema: about 260 ms in a fresh process).
  const ajv = new Ajv(meta ? { allErrors: true, validateSchema: false } : { allErrors: true });
  const byObject = new WeakMap<object, CompiledSchema>();
  const byText = new Map<string, CompiledSchema>();

  const build = (schema: Record<string, unknown>): CompiledSchema => {
    const refs = checkRefs(schema);
    if (refs !== undefined) return { ok: false, error: refs };
    // The words Ajv's own check throws with ("schema is invalid: …"), from the same code.
    if (meta && !meta(schema))
      return {
        ok: false,
        error: `not a valid JTD schema: schema is invalid: ${ajv.errorsText(meta.errors)}`,
      };
    let check: ReturnType<typeof ajv.compile>;
    try {
      check = ajv.compile(schema);
    } catch (error) {
      return { ok: false, error: `not a valid JTD schema: ${errorText(error)}` };
    } finally {
      // Ajv keeps every schema it compiled; this compiler's own map is the bounded cache.
      try {
        ajv.removeSchema(schema);
      } catch {
        // Nothing was added.
      }
    }
    return {
      ok: true,
      validate(data) {
        const shape = checkStructuredResult(data);
        if (shape !== undefined) return shape;
        try {
          if (check(data)) return undefined;
        } catch (error) {
          return `the structured result could not be validated: ${errorText(error)}`;
        }
        const errors = check.errors ?? [];
        const shown = ajv.errorsText(errors.slice(0, MAX_ERRORS_SHOWN), { dataVar: "result" });
        const more =
          errors.length > MAX_ERRORS_SHOWN ? ` (and ${errors.length - MAX_ERRORS_SHOWN} more)` : "";
        return `structured result does not match the output schema: ${shown}${more}`;
      },
    };
  };

  return {
    compile(schema) {
      const record = asRecord(schema);
      if (!record) {
        return {
          ok: false,
          error: 'an output schema must be a JTD schema object, like { "properties": { … } }',
        };
      }
      const cached = byObject.get(record);
      if (cached) return cached;
      const shape = checkOutputSchemaShape(record);
      let compiled: CompiledSchema;
      if (shape !== undefined) compiled = { ok: false, error: shape };
      else {
        const text = JSON.stringify(record);
        compiled = byText.get(text) ?? build(record);
        byText.delete(text);
        byText.set(text, compiled);
        if (byText.size > maxEntries) byText.delete(byText.keys().next().value!);
      }
      byObject.set(record, compiled);
      return compiled;
    },
  };
}

const shared = createSchemaCompiler();

/**
 * Compiles a JTD output schema with the shared compiler (cached): `{ ok: true, validate }`,
 * or `{ ok: false, error }` saying why it cannot be used. `roster doctor` runs it over every
 * agent's `output`; the task tool runs it before starting anything.
 *
 * @example
 * const compiled = compileOutputSchema(agent.output);
 * if (!compiled.ok) console.error(compiled.error);
 */
export function compileOutputSchema(schema: unknown): CompiledSchema {
  return shared.compile(schema);
}

/** Validates `data` against a JTD schema; returns an error message, or undefined when it matches. */
export function validateOutput(schema: unknown, data: unknown): string | undefined {
  const compiled = compileOutputSchema(schema);
  if (!compiled.ok) return `the output schema cannot be used: ${compiled.error}`;
  return compiled.validate(data);
}
