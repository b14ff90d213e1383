import { createRequire } from "node:module";

type SmolToml = typeof import("smol-toml");
let toml: SmolToml | undefined;
function smolToml(): SmolToml {
  // A bundler (the CLI's bin) sees these literal require() calls and bundles the modules,
  // evaluated on first call; elsewhere (the ESM dist, tests) `require` is not defined and
  // node's createRequire loads them from node_modules.
  toml ??= (
    typeof require === "function" ? require("smol-toml") : createRequire(import.meta.url)("smol-toml")
  ) as SmolToml;
  return toml;
}

/**
 * Writes a TOML document with smol-toml: keys in the given order, entries whose value is
 * `undefined` left out. Strings are escaped by the library, never concatenated.
 *
 * @example stringifyToml({ name: "a", developer_instructions: "line 1\nline 2" })
 */
export function stringifyToml(data: Record<string, unknown>): string {
  const clean: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) if (value !== undefined) clean[key] = value;
  const text = smolToml().stringify(clean);
  return text.endsWith("\n") ? text : `${text}\n`;
}
