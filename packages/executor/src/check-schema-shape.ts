// The shape checks of results and output schemas: plain code, no Ajv, so that what needs only
// them (the host runners' JTD → JSON Schema converter) does not load the validator.

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
/** `value` as a record when it is a plain object (not an array). */
export const asRecord = (value: unknown): Record<string, unknown> | undefined =>
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
/** Why the `ref`s of a schema do not resolve, or undefined. */
export function checkRefs(schema: Record<string, unknown>): string | undefined {
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
