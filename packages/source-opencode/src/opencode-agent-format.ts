import { type FileFormat, type FormatParse, markdownFormat, type SourceFile } from "@roster/core";
import { mapOpencodeAgent } from "./opencode-fields.js";

/**
 * opencode's markdown agents: YAML frontmatter and a body, named by their path relative to
 * the agents folder without `.md` (`team/reviewer.md` → `team/reviewer`) unless the file
 * sets `name`; fields mapped by {@link mapOpencodeAgent}.
 */
export const opencodeAgentFormat: FileFormat = {
  id: "opencode-markdown",
  extensions: [".md"],
  parse(file: SourceFile): FormatParse {
    const parsed = markdownFormat.parse(file);
    const id = file.relativePath.replace(/\.md$/, "");
    const mapped = mapOpencodeAgent(parsed.frontmatter, id);
    return {
      frontmatter: mapped.frontmatter,
      body: parsed.body,
      diagnostics: [...parsed.diagnostics, ...mapped.diagnostics],
      skip: mapped.skip,
    };
  },
};
