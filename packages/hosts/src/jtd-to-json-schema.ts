import { checkOutputSchemaShape } from "@roster/executor/check-schema-shape";

/** How strict the JSON Schema must be: `"strict"` is the subset OpenAI's structured outputs accept. */
export type JsonSchemaDialect = "plain" | "strict";

type Jtd = Record<string, unknown>;
type JsonSchema = Record<string, unknown>;

const TYPES: Record<string, JsonSchema> = {
  boolean: { type: "boolean" },
  string: { type: "string" },
  timestamp: { type: "string", format: "date-time" },
  float32: { type: "number" },
  float64: { type: "number" },
  int8: { type: "integer", minimum: -128, maximum: 127 },
  uint8: { type: "integer", minimum: 0, maximum: 255 },
  int16: { type: "integer", minimum: -32768, maximum: 32767 },
  uint16: { type: "integer", minimum: 0, maximum: 65535 },
  int32: { type: "integer", minimum: -2147483648, maximum: 2147483647 },
  uint32: { type: "integer", minimum: 0, maximum: 4294967295 },
};

/** Thrown when a schema is not JTD (RFC 8927) in a form roster can convert. */
export class SchemaConversionError extends Error {
  override readonly name = "SchemaConversionError";
}

/**
 * Converts a JTD schema (RFC 8927) into the JSON Schema a host takes for structured output.
 * `"strict"` marks every property required (an optional one may be `null`) and closes every
 * object, as OpenAI's strict structured outputs demand; `"plain"` keeps optional properties
 * optional. `definitions`/`ref` become `$defs`/`$ref`. A schema past the executor's bounds
 * (`checkOutputSchemaShape`: depth, size with refs expanded) is refused before converting.
 *
 * @example
 * jtdToJsonSchema({ properties: { summary: { type: "string" } } });
 * // → { type: "object", properties: { summary: { type: "string" } }, required: ["summary"], additionalProperties: false }
 */
export function jtdToJsonSchema(schema: unknown, dialect: JsonSchemaDialect = "plain"): JsonSchema {
  if (!isObject(schema)) throw new SchemaConversionError("a JTD schema must be an object");
  // The executor's bounds (depth, size with refs expanded): conversion recurses per level.
  const shape = checkOutputSchemaShape(schema);
  if (shape !== undefined) throw new SchemaConversionError(shape);
  const out = convert(schema, dialect, "");
  if (isObject(schema.definitions)) {
    const defs: JsonSchema = {};
    for (const [name, def] of Object.entries(schema.definitions)) {
      if (!isObject(def)) throw new SchemaConversionError(`definition "${name}" is not an object`);
      defs[name] = convert(def, dialect, `/definitions/${name}`);
    }
    out.$defs = defs;
  }
  return out;
}

function isObject(value: unknown): value is Jtd {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function nullable(schema: JsonSchema, yes: boolean): JsonSchema {
  return yes ? { anyOf: [schema, { type: "null" }] } : schema;
}

function convert(s: Jtd, dialect: JsonSchemaDialect, at: string): JsonSchema {
  const isNullable = s.nullable === true;
  if (typeof s.ref === "string") return nullable({ $ref: `#/$defs/${s.ref}` }, isNullable);
  if (typeof s.type === "string") {
    const base = TYPES[s.type];
    if (!base) throw new SchemaConversionError(`unknown JTD type "${s.type}" at ${at || "/"}`);
    const copy: JsonSchema = { ...base };
    // Strict structured outputs accept few keywords: keep only the type.
    if (dialect === "strict") {
      delete copy.minimum;
      delete copy.maximum;
      delete copy.format;
    }
    return nullable(copy, isNullable);
  }
  if (Array.isArray(s.enum)) {
    return nullable({ type: "string", enum: [...(s.enum as string[])] }, isNullable);
  }
  if (isObject(s.elements)) {
    return nullable({ type: "array", items: convert(s.elements, dialect, `${at}/elements`) }, isNullable);
  }
  if (isObject(s.values)) {
    if (dialect === "strict")
      throw new SchemaConversionError(`JTD "values" (a map) at ${at || "/"} has no strict JSON Schema form`);
    return nullable(
      { type: "object", additionalProperties: convert(s.values, dialect, `${at}/values`) },
      isNullable,
    );
  }
  if (typeof s.discriminator === "string" && isObject(s.mapping)) {
    const tag = s.discriminator;
    const variants = Object.entries(s.mapping).map(([value, variant]) => {
      if (!isObject(variant))
        throw new SchemaConversionError(`mapping "${value}" at ${at || "/"} is not an object`);
      const object = objectSchema(variant, dialect, `${at}/mapping/${value}`);
      const properties = { [tag]: { type: "string", enum: [value] }, ...(object.properties as JsonSchema) };
      return { ...object, properties, required: [tag, ...(object.required as string[])] };
    });
    return nullable({ anyOf: variants }, isNullable);
  }
  if (isObject(s.properties) || isObject(s.optionalProperties)) {
    return nullable(objectSchema(s, dialect, at), isNullable);
  }
  // The empty form: any value.
  return {};
}

function objectSchema(s: Jtd, dialect: JsonSchemaDialect, at: string): JsonSchema {
  const properties: JsonSchema = {};
  const required: string[] = [];
  for (const [name, prop] of Object.entries(isObject(s.properties) ? s.properties : {})) {
    if (!isObject(prop))
      throw new SchemaConversionError(`property "${name}" at ${at || "/"} is not an object`);
    properties[name] = convert(prop, dialect, `${at}/properties/${name}`);
    required.push(name);
  }
  for (const [name, prop] of Object.entries(isObject(s.optionalProperties) ? s.optionalProperties : {})) {
    if (!isObject(prop))
      throw new SchemaConversionError(`property "${name}" at ${at || "/"} is not an object`);
    const converted = convert(prop, dialect, `${at}/optionalProperties/${name}`);
    if (dialect === "strict") {
      // Strict mode has no optional keys: the key is required and may be null.
      properties[name] = prop.nullable === true ? converted : { anyOf: [converted, { type: "null" }] };
      required.push(name);
    } else properties[name] = converted;
  }
  const open = s.additionalProperties === true && dialect !== "strict";
  return { type: "object", properties, required, additionalProperties: open };
}

/**
 * Drops `null` values of optional JTD properties, recursively: a strict-mode host answers
 * `null` for an optional property it leaves out, which JTD would reject.
 */
export function dropNullOptionals(schema: unknown, data: unknown): unknown {
  if (!isObject(schema)) return data;
  const root = schema;
  const walk = (s: Jtd, value: unknown): unknown => {
    if (typeof s.ref === "string" && isObject(root.definitions)) {
      const def = root.definitions[s.ref];
      return isObject(def) ? walk(def, value) : value;
    }
    if (isObject(s.elements) && Array.isArray(value)) return value.map((v) => walk(s.elements as Jtd, v));
    if (!isObject(value)) return value;
    let shape: Jtd = s;
    if (typeof s.discriminator === "string" && isObject(s.mapping)) {
      const variant = s.mapping[String(value[s.discriminator])];
      if (!isObject(variant)) return value;
      shape = variant;
    }
    if (isObject(shape.values)) {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(shape.values as Jtd, v)]));
    }
    const props = isObject(shape.properties) ? shape.properties : {};
    const optional = isObject(shape.optionalProperties) ? shape.optionalProperties : {};
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      const p = props[k] ?? optional[k];
      if (k in optional && v === null && !(isObject(optional[k]) && optional[k].nullable === true)) continue;
      out[k] = isObject(p) ? walk(p, v) : v;
    }
    return out;
  };
  return walk(root, data);
}
