import { Ajv } from "ajv/dist/jtd.js";

/**
 * How deeply arrays and objects may nest in a structured result (`[]` is one level). A
 * deeper result loses its `data` with an error before it is validated or printed: Ajv, the
 * JSON printer and every consumer recurse per level.
 */
export const MAX_RESULT_DEPTH = 128;

/** How deeply an output schema may nest; a JTD schema spends about two levels per level of data. */
export const MAX_SCHEMA_DEPTH = 64;

/**
 * How many schemas an output schema may hold once every `ref` is expanded where it is used
 * (a ref back into a definition already being expanded counts once, as Ajv compiles it).
 * Ajv compiles each use of a ref again, so 40 definitions each naming the next twice would
 * be 2^40 compilations; Ajv's JTD compiler also spends about a millisecond per schema. Real
 * output schemas hold tens to a few hundred.
 */
export const MAX_SCHEMA_NODES = 2000;

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

/** A check visits at most this many values; a 16 MiB result file holds about 8 million. */
const MAX_VISITS = 20_000_000;

interface Frame {
  node: object;
  keys: string[] | undefined;
  length: number;
  index: number;
}

function isPlainObject(value: object): boolean {
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

function pathOf(root: string, frames: readonly Frame[]): string {
  let path = root;
  for (const frame of frames) {
    const at = frame.index - 1;
    if (frame.keys) {
      const key = frame.keys[at]!;
      path += /^[A-Za-z_$][\w$]*$/.test(key) ? `.${key}` : `[${JSON.stringify(key.slice(0, 40))}]`;
    } else path += `[${at}]`;
  }
  return path;
}

/**
 * Checks that `value` is plain JSON (null, booleans, finite numbers, strings, arrays and
 * plain objects; `undefined` only as a property value) nested at most `maxDepth` levels, with
 * no cycles. Iterative, so it cannot overflow the stack whatever it is given, and it keeps
 * only the current path in memory. Returns what is wrong, or undefined.
 */
function checkJsonValue(
  value: unknown,
  options: { maxDepth: number; what: string; root: string },
): string | undefined {
  const { maxDepth, what, root } = options;
  const onPath = new Set<object>();
  const frames: Frame[] = [];
  let visits = 0;

  // Returns an error, nothing for a leaf, or a new frame to walk.
  const enter = (child: unknown, inArray: boolean): string | Frame | undefined => {
    switch (typeof child) {
      case "string":
      case "boolean":
        return undefined;
      case "number":
        return Number.isFinite(child)
          ? undefined
          : `${pathOf(root, frames)} is ${child}, which JSON cannot hold`;
      case "undefined":
        return inArray || frames.length === 0 ? `${pathOf(root, frames)} is undefined` : undefined;
      case "object":
        break;
      default:
        return `${pathOf(root, frames)} is a ${typeof child}, not a JSON value`;
    }
    if (child === null) return undefined;
    if (onPath.has(child)) return `${what} is cyclic (${pathOf(root, frames)} contains itself)`;
    const isArray = Array.isArray(child);
    if (!isArray && !isPlainObject(child)) {
      const name = (child as { constructor?: { name?: unknown } }).constructor?.name;
      return `${pathOf(root, frames)} is ${typeof name === "string" && name ? `a ${name}` : "an exotic object"}, not a JSON value`;
    }
    if (frames.length + 1 > maxDepth) {
      return `${what} is nested deeper than ${maxDepth} levels (at ${pathOf(root, frames)})`;
    }
    const keys = isArray ? undefined : Object.keys(child);
    return { node: child, keys, length: keys ? keys.length : (child as unknown[]).length, index: 0 };
  };

  const first = enter(value, false);
  if (typeof first === "string") return first;
  if (first === undefined) return undefined;
  frames.push(first);
  onPath.add(first.node);
  while (frames.length > 0) {
    const top = frames[frames.length - 1]!;
    if (top.index >= top.length) {
      frames.pop();
      onPath.delete(top.node);
      continue;
    }
    if (++visits > MAX_VISITS) return `${what} has more than ${MAX_VISITS} values: too large to check`;
    const at = top.index++;
    const child = top.keys
      ? (top.node as Record<string, unknown>)[top.keys[at]!]
      : (top.node as unknown[])[at];
    const next = enter(child, top.keys === undefined);
    if (typeof next === "string") return next;
    if (next === undefined) continue;
    frames.push(next);
    onPath.add(next.node);
  }
  return undefined;
}

/**
 * Checks a structured result before anything validates or prints it: plain JSON, no
 * cycles, at most {@link MAX_RESULT_DEPTH} levels deep. Linear in the size of a tree (a
 * value shared in several places is walked each time, up to a fixed budget). Returns what is
 * wrong, or undefined.
 */
export function checkStructuredResult(data: unknown, maxDepth = MAX_RESULT_DEPTH): string | undefined {
  return checkJsonValue(data, { maxDepth, what: "structured result", root: "result" });
}

const own = (record: object, key: string): boolean => Object.hasOwn(record, key);
const asRecord = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;

/** Every schema of a JTD document, by its forms (`metadata` is opaque and not walked). */
function eachSchema(schema: unknown, visit: (s: Record<string, unknown>) => void): void {
  const s = asRecord(schema);
  if (!s) return;
  visit(s);
  for (const key of ["elements", "values"]) if (own(s, key)) eachSchema(s[key], visit);
  for (const key of ["definitions", "properties", "optionalProperties", "mapping"]) {
    const map = own(s, key) ? asRecord(s[key]) : undefined;
    if (map) for (const name of Object.keys(map)) eachSchema(map[name], visit);
  }
}

/** A ref that names no definition, or a chain of refs that loops without reaching a type. */
function checkRefs(schema: Record<string, unknown>): string | undefined {
  const definitions = own(schema, "definitions") ? asRecord(schema.definitions) : undefined;
  let missing: string | undefined;
  eachSchema(schema, (s) => {
    if (missing !== undefined || !own(s, "ref") || typeof s.ref !== "string") return;
    if (!definitions || !own(definitions, s.ref)) {
      const names = definitions ? Object.keys(definitions) : [];
      missing = `ref ${JSON.stringify(s.ref)} names no definition (definitions: ${names.length > 0 ? names.map((n) => JSON.stringify(n)).join(", ") : "none"})`;
    }
  });
  if (missing !== undefined) return missing;
  if (!definitions) return undefined;
  for (const start of Object.keys(definitions)) {
    const chain = [start];
    let current = asRecord(definitions[start]);
    while (current && own(current, "ref") && typeof current.ref === "string") {
      const next = current.ref;
      if (chain.includes(next)) {
        chain.push(next);
        return `a cycle of refs that never reaches a type: ${chain.map((n) => JSON.stringify(n)).join(" → ")}`;
      }
      chain.push(next);
      current = asRecord(definitions[next]);
    }
  }
  return undefined;
}

/** A link of the chain of definitions being expanded. */
interface RefChain {
  name: string;
  parent: RefChain | undefined;
}

function onChain(chain: RefChain | undefined, name: string): boolean {
  for (let link = chain; link; link = link.parent) if (link.name === name) return true;
  return false;
}

/**
 * Counts the schemas of a JTD document with every `ref` expanded where it is used, stopping
 * at the first past {@link MAX_SCHEMA_NODES}: the work is bounded by the limit, whatever the
 * schema. Iterative. Returns what is wrong, or undefined.
 */
function checkExpandedSize(schema: Record<string, unknown>): string | undefined {
  const definitions = own(schema, "definitions") ? asRecord(schema.definitions) : undefined;
  // `expand: false`: the definitions as written, once each (their refs are expanded where used).
  const stack: Array<{ node: unknown; chain: RefChain | undefined; expand: boolean }> = [
    { node: schema, chain: undefined, expand: true },
  ];
  if (definitions) {
    for (const name of Object.keys(definitions)) {
      stack.push({ node: definitions[name], chain: { name, parent: undefined }, expand: false });
    }
  }
  let count = 0;
  while (stack.length > 0) {
    const { node, chain, expand } = stack.pop()!;
    const s = asRecord(node);
    if (!s) continue;
    if (++count > MAX_SCHEMA_NODES) {
      return `the schema expands to more than ${MAX_SCHEMA_NODES} schemas once its refs are followed (refs that branch into refs grow it exponentially); use fewer refs or a smaller schema`;
    }
    if (own(s, "ref") && typeof s.ref === "string") {
      if (expand && definitions && own(definitions, s.ref) && !onChain(chain, s.ref)) {
        stack.push({ node: definitions[s.ref], chain: { name: s.ref, parent: chain }, expand });
      }
      continue;
    }
    for (const key of ["elements", "values"]) if (own(s, key)) stack.push({ node: s[key], chain, expand });
    for (const key of ["properties", "optionalProperties", "mapping"]) {
      const map = own(s, key) ? asRecord(s[key]) : undefined;
      if (map) for (const name of Object.keys(map)) stack.push({ node: map[name], chain, expand });
    }
  }
  return undefined;
}

/**
 * Checks an output schema's shape before anything compiles or converts it (SPEC §17): a
 * plain-JSON object at most {@link MAX_SCHEMA_DEPTH} levels deep that expands to at most
 * {@link MAX_SCHEMA_NODES} schemas. Cheap (bounded by the limits, no Ajv); the host runners'
 * JTD → JSON Schema converter calls it too. Returns what is wrong, or undefined.
 */
export function checkOutputSchemaShape(schema: unknown): string | undefined {
  const record = asRecord(schema);
  if (!record) return 'an output schema must be a JTD schema object, like { "properties": { … } }';
  return (
    checkJsonValue(record, { maxDepth: MAX_SCHEMA_DEPTH, what: "the schema", root: "schema" }) ??
    checkExpandedSize(record)
  );
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
