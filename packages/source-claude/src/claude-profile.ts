import { join } from "node:path";
import {
  ancestorsToRepoRoot,
  defineToolProfile,
  type ProfileParse,
  parseMarkdownForTool,
} from "@roster/core";
import { claudeConfigDir } from "./claude-paths.js";

/** Where managed (organisation-wide) Claude Code settings live on Linux. */
export const CLAUDE_MANAGED_DIR = "/etc/claude-code";

/** Characters after which Claude Code's retry quotes a plain value (YAML indicators, or ": "). */
const NEEDS_QUOTES = /[{}[\]*&#!|>%@`]|: /;

/**
 * Claude Code's second attempt at frontmatter that is not valid YAML: each plain
 * `key: value` line whose value holds a YAML indicator or ": " is double-quoted (unless it
 * is quoted already or a valid flow list), and leading tabs become two spaces each.
 */
export function quoteLikeClaude(block: string): string {
  return block
    .split("\n")
    .map((line) => {
      const match = /^([a-zA-Z_-]+):\s+(.+)$/.exec(line);
      if (!match) return line;
      const [, key, value] = match as unknown as [string, string, string];
      if (/^".*"$|^'.*'$/.test(value)) return line;
      if (/^\[.*\]$/.test(value) && parseMarkdownForTool(`---\nx: ${value}\n---\n`, "").ok) return line;
      if (!NEEDS_QUOTES.test(value)) return line;
      return `${key}: "${value.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`;
    })
    .join("\n")
    .replace(/^\t+/gm, (tabs) => "  ".repeat(tabs.length));
}

/** Markdown as Claude Code reads it: YAML, and on a YAML error one retry with {@link quoteLikeClaude}. */
function parseLikeClaude(content: string, filePath: string): ProfileParse {
  const first = parseMarkdownForTool(content, filePath);
  if (first.ok || first.code !== "tool/yaml-error") return first;
  const text = content.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  const match = /^---\s*\n([\s\S]*?)---\s*\n?/.exec(text);
  if (!match) return first;
  const retried = parseMarkdownForTool(
    `---\n${quoteLikeClaude(match[1]!)}---\n${text.slice(match[0].length)}`,
    filePath,
  );
  return retried.ok ? retried : first;
}

/** Frontmatter keys Claude Code reads in an agent file. */
export const CLAUDE_AGENT_KEYS = [
  "name",
  "description",
  "tools",
  "disallowedTools",
  "model",
  "permissionMode",
  "maxTurns",
  "skills",
  "mcpServers",
  "hooks",
  "memory",
  "background",
  "effort",
  "isolation",
  "initialPrompt",
  "color",
] as const;

/**
 * Claude Code's own rules (checked against @anthropic-ai/claude-code 2.1.197, its agent
 * loaders read from the binary): managed agents, then every `.claude/agents` from the cwd
 * up to the repository root (closest wins), then the user's, then plugins (named
 * `plugin:sub:name`; a plugin agent without `name` takes its file stem and may omit the
 * description; `permissionMode`, `hooks` and `mcpServers` are ignored there). Folders are
 * read recursively; a file without `name` or `description`, a name with `:` or a leading
 * `-`, and unreadable YAML are skipped; unknown keys are ignored.
 */
export const claudeProfile = defineToolProfile({
  tool: "claude",
  displayName: "Claude Code",
  checkedAgainst: "@anthropic-ai/claude-code 2.1.197",
  places(ctx) {
    return [
      { dir: join(CLAUDE_MANAGED_DIR, ".claude", "agents"), scope: "managed" },
      ...ancestorsToRepoRoot(ctx).map((dir) => ({
        dir: join(dir, ".claude", "agents"),
        scope: "project" as const,
      })),
      { dir: join(claudeConfigDir(ctx), "agents"), scope: "user" },
    ];
  },
  borrows: [{ provider: "plugins", scope: "plugin" }],
  extensions: [".md"],
  recursive: true,
  followsSymlinks: true,
  identity: "name",
  parse: parseLikeClaude,
  requiredKeys: ["name", "description"],
  pluginRequiredKeys: [],
  unknownKeys: "ignore",
  knownKeys: CLAUDE_AGENT_KEYS,
  nameProblem(name) {
    if (name.includes(":")) return 'contains ":" (reserved for plugin:agent names)';
    if (name.startsWith("-")) return 'starts with "-"';
    return undefined;
  },
  pluginIgnoredKeys: ["permissionMode", "hooks", "mcpServers"],
  builtins: ["general-purpose", "Explore", "Plan", "statusline-setup"],
  filesOverrideBuiltins: true,
});
