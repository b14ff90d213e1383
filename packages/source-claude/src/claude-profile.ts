import { join } from "node:path";
import { ancestorsToRepoRoot, defineToolProfile, type ProfileParse } from "@roster/family";
import { parseMarkdownForTool, withMergeKeys } from "@roster/profiles";
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

/**
 * The frontmatter as Claude Code cuts it: no BOM, `---` on the first line, and the block
 * ends at the next `---`, even one inside a value line (SPEC §15).
 */
export function cutLikeClaude(content: string): string | undefined {
  const open = /^---[ \t]*\r?\n/.exec(content);
  if (!open) return undefined;
  const rest = content.slice(open[0].length);
  const end = rest.indexOf("---");
  if (end === -1) return undefined;
  const block = rest.slice(0, end);
  // The common file is already cut so (`---\n`, a block ending in a newline, `---\n`): the
  // same text, not a copy of it.
  if (open[0] === "---\n" && block.endsWith("\n") && rest.startsWith("\n", end + 3)) return content;
  const after = rest.slice(end + 3).replace(/^[ \t]*\r?\n/, "");
  return `---\n${block.endsWith("\n") ? block : `${block}\n`}---\n${after}`;
}

/**
 * The frontmatter as Claude Code's YAML reader gives it where roster's differs (seen in the
 * real tool: integration/test/hosts/loaders-claude.test.ts): a merge key (`<<`) is applied
 * ({@link withMergeKeys}), and a `!!binary` scalar is its text, not its bytes (the base64 as
 * written, when written on one line).
 */
export function likeClaudeYaml(parsed: ProfileParse): ProfileParse {
  const merged = withMergeKeys(parsed);
  if (!merged.ok || !Object.values(merged.fields).some((v) => v instanceof Uint8Array)) return merged;
  const fields = Object.fromEntries(
    Object.entries(merged.fields).map(([key, value]) => [
      key,
      value instanceof Uint8Array ? Buffer.from(value).toString("base64") : value,
    ]),
  );
  return { ...merged, fields };
}

/** Markdown as Claude Code reads it: YAML, and on a YAML error one retry with {@link quoteLikeClaude}. */
function parseLikeClaude(original: string, filePath: string): ProfileParse {
  // A BOM hides the opening fence from Claude Code: the file has no frontmatter for it.
  const content = cutLikeClaude(original);
  if (content === undefined)
    return { ok: false, code: "tool/no-frontmatter", message: "it has no frontmatter" };
  const first = parseMarkdownForTool(content, filePath);
  if (first.ok || first.code !== "tool/yaml-error") return likeClaudeYaml(first);
  const text = content.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  const match = /^---\s*\n([\s\S]*?)---\s*\n?/.exec(text);
  if (!match) return first;
  const retried = parseMarkdownForTool(
    `---\n${quoteLikeClaude(match[1]!)}---\n${text.slice(match[0].length)}`,
    filePath,
  );
  return retried.ok ? likeClaudeYaml(retried) : first;
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
 * read recursively, dot folders and symlinked folders included; a file without `name` or
 * `description`, a name with a leading `-`, a file starting with a BOM and unreadable YAML
 * are skipped (a name may hold `:`); the frontmatter ends at the first `---`, even inside a
 * value line; unknown keys are ignored (SPEC §15).
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
  entersHiddenFolders: true,
  identity: "name",
  parse: parseLikeClaude,
  requiredKeys: ["name", "description"],
  pluginRequiredKeys: [],
  unknownKeys: "ignore",
  knownKeys: CLAUDE_AGENT_KEYS,
  nameProblem: (name) => (name.startsWith("-") ? 'starts with "-"' : undefined),
  pluginIgnoredKeys: ["permissionMode", "hooks", "mcpServers"],
  builtins: ["general-purpose", "Explore", "Plan", "statusline-setup", "claude"],
  filesOverrideBuiltins: true,
});
