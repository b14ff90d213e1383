import { parseFrontmatter } from "@roster/frontmatter";
import type { FileFormat } from "./types.js";

/** Markdown with YAML frontmatter: the format every location reads unless it says otherwise. */
export const markdownFormat: FileFormat = {
  id: "markdown",
  extensions: [".md"],
  parse: (file) => parseFrontmatter(file.content, { location: file.filePath, level: file.level }),
};
