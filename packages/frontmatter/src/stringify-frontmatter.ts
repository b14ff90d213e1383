import { createRequire } from "node:module";

type Yaml = typeof import("yaml");
let yaml: Yaml | undefined;
/** The `yaml` library, loaded on the first write: reading never pays for it. */
function yamlLib(): Yaml {
  // A bundler (the CLI's bin) sees these literal require() calls and bundles the modules,
  // evaluated on first call; elsewhere (the ESM dist, tests) `require` is not defined and
  // node's createRequire loads them from node_modules.
  yaml ??= (typeof require === "function" ? require("yaml") : createRequire(import.meta.url)("yaml")) as Yaml;
  return yaml;
}

/**
 * Writes a markdown file with YAML frontmatter: the keys in the given order (entries whose
 * value is `undefined` are left out), then the body. The YAML comes from the `yaml`
 * library, so any string survives (`: `, `#`, `<example>` blocks, leading `---`); lines are
 * never folded.
 *
 * @example stringifyFrontmatter({ name: "a", description: "x: y" }, "Prompt.")
 * // "---\nname: a\ndescription: \"x: y\"\n---\n\nPrompt.\n"
 */
export function stringifyFrontmatter(frontmatter: Record<string, unknown>, body: string): string {
  const data: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(frontmatter)) if (value !== undefined) data[key] = value;
  const text = yamlLib().stringify(data, { lineWidth: 0, minContentWidth: 0, aliasDuplicateObjects: false });
  // trimEnd, not /\s+$/: the same characters, but a regex tries each white-space run of the
  // body to its end (a body of many spaces before its last word took minutes).
  const prompt = body.replace(/\r\n?/g, "\n").replace(/^\n+/, "").trimEnd();
  return `---\n${text}---\n\n${prompt}\n`;
}
