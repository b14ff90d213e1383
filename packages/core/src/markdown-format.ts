import { parseFrontmatter, parseFrontmatterBytes } from "@roster/frontmatter";
import type { FileFormat } from "./types.js";

/** Markdown with YAML frontmatter: the format every location reads unless it says otherwise. */
export const markdownFormat: FileFormat = {
  id: "markdown",
  extensions: [".md"],
  parse: (file) => parseFrontmatter(file.content, { location: file.filePath, level: file.level }),
  parseBytes: (file) => {
    const parsed = parseFrontmatterBytes(file.bytes, { location: file.filePath, level: file.level });
    return {
      frontmatter: parsed.frontmatter,
      diagnostics: parsed.diagnostics,
      validUtf8: parsed.validUtf8,
      bodyStart: parsed.bodyStart,
      get body() {
        return parsed.body();
      },
    };
  },
};
