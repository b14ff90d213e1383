import { type JsonArrayStream, createJsonArrayStream as streamJsonArray } from "@roster/terminal";
import { SCHEMA_VERSION } from "./output.js";

/**
 * Prints `{ "schemaVersion": 2, …fields, "<key>": [ … ] }` one item at a time, in index order,
 * exactly as `JSON.stringify` would (@roster/terminal's stream, `schemaVersion` first). Nothing
 * is printed before the first item is ready, so a caller that ends up with no items (a refusal)
 * can still print something else.
 */
export function createJsonArrayStream(options: {
  key: string;
  total: number;
  write: (text: string) => void;
  /** Fields printed before the array, after `schemaVersion`. */
  fields?: Record<string, unknown>;
}): JsonArrayStream {
  return streamJsonArray({ ...options, fields: { schemaVersion: SCHEMA_VERSION, ...options.fields } });
}
