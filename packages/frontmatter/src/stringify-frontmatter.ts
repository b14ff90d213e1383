import { loadLazily } from "./load-lazily.js";
import { writeSimpleYaml } from "./write-simple-yaml.js";

/** The `yaml` library, loaded on the first write: reading never pays for it. */
const yamlLib = loadLazily<typeof import("yaml")>({
  url: import.meta.url,
  id: "yaml",
  bundled: () => require("yaml"),
});

/**
 * Writes a markdown file with YAML frontmatter: the keys in the given order (entries whose
 * value is `undefined` are left out), then the body. The YAML comes from the `yaml`
 * library, so any string survives (`: `, `#`, `<example>` blocks, leading `---`); lines are
 * never folded. A simple frontmatter (the common one: plain, quoted and literal-block strings,
 * numbers, booleans, lists of plain strings) is written without it, to the same bytes
 * (`writeSimpleYaml`), and the library is not even loaded.
 *
 * @example stringifyFrontmatter({ name: "a", description: "x: y" }, "Prompt.")
 * // "---\nname: a\ndescription: \"x: y\"\n---\n\nPrompt.\n"
 */
export function stringifyFrontmatter(frontmatter: Record<string, unknown>, body: string): string {
  const data: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(frontmatter)) if (value !== undefined) data[key] = value;
  const text =
    writeSimpleYaml(data) ??
    yamlLib().stringify(data, { lineWidth: 0, minContentWidth: 0, aliasDuplicateObjects: false });
  // trimEnd, not /\s+$/: the same characters, but a regex tries each white-space run of the
  // body to its end (a body of many spaces before its last word took minutes).
  // The line-ending rewrite only where there is a CR: most bodies have none, and a regex
  // replace walks the whole body even so.
  const unix = body.includes("\r") ? body.replace(/\r\n?/g, "\n") : body;
  const prompt = unix.replace(/^\n+/, "").trimEnd();
  return `---\n${text}---\n\n${prompt}\n`;
}
