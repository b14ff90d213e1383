import {
  AGENT_KEYS,
  type FileFormat,
  type FormatResult,
  markdownFormat,
  reshapeParsed,
  type SourceFile,
} from "@roster/core";
import { mapOpencodeAgent } from "./opencode-fields.js";
import { OPENCODE_AGENT_KEYS } from "./opencode-profile.js";

/**
 * opencode's markdown agents: YAML frontmatter and a body, named by their path relative to
 * the agents folder without `.md` (`team/reviewer.md` → `team/reviewer`) unless the file
 * sets `name`; fields mapped by {@link mapOpencodeAgent}. A file with `disable: true` is
 * unusable: its record is `skipped`, and the reason is the `opencode/disabled` info.
 */
export const opencodeAgentFormat: FileFormat = {
  id: "opencode-markdown",
  extensions: [".md"],
  // roster's own keys and every key opencode reads (its profile's list).
  knownKeys: { agents: [...new Set([...AGENT_KEYS, ...OPENCODE_AGENT_KEYS])] },
  parse(file: SourceFile): FormatResult {
    const parsed = markdownFormat.parse(file);
    if (parsed.kind === "unusable") return parsed;
    const id = file.relativePath.replace(/\.md$/, "");
    const mapped = mapOpencodeAgent(parsed.frontmatter, id);
    if (mapped.disabled) {
      const reason = { ...mapped.disabled, filePath: file.filePath };
      return { kind: "unusable", reason, name: String(mapped.frontmatter.name) };
    }
    return reshapeParsed(parsed, {
      frontmatter: mapped.frontmatter,
      diagnostics: [...parsed.diagnostics, ...mapped.diagnostics],
    });
  },
};
