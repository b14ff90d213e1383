// The audit of a source (SPEC §20, §17, §5.3): before anything lands, every definition is
// checked for what would let it act without asking — a raised permission, hooks, an MCP
// server that starts a command, a command or skill that runs shell commands when expanded,
// tools it pre-approves, a link — and for what is odd about it (names that are paths or hide
// characters). A raising finding holds its definition back unless the user says `--yes`.
import type { Dirent } from "node:fs";
import { join } from "node:path";
import type { AgentDefinition, FileSystem } from "@roster/core";
import { nameProblem } from "@roster/core";
import { nodeFileSystem } from "@roster/core/provider-kit";
import { type FamilyVocabulary, raisesPermission, raisingSetting, type ToolTable } from "@roster/family";
import { parseFrontmatter } from "@roster/frontmatter";
import type { Found, SourceDefinitions } from "./find-definitions.js";
import type { DefinitionKind, Finding, FindingCode } from "./types.js";

/** The most entries of a source's tree looked at for links; past it the walk stops with a finding. */
export const MAX_TREE_ENTRIES = 200_000;
/** The deepest folder looked at for links. */
const MAX_TREE_DEPTH = 64;
/** The most bytes of a command file read for the audit (discovery's bound). */
const MAX_COMMAND_BYTES = 1024 * 1024;

/** `` !`cmd` `` (Claude Code commands and skills) and `!{cmd}` (Gemini CLI commands): run by a shell when expanded. */
const SHELL_EXPANSION = /!`[^`\n]+`|!\{[^}]*\}/;
/** C0 (but tab and line breaks), DEL, C1, and invisible format characters: what could move a terminal or hide a name. */
const ESCAPES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\p{Cf}\u2028\u2029]/u;
/** Keys that list MCP servers, as each family writes them (after the reader's normalisation). */
const MCP_KEYS = ["mcpServers", "mcp-servers", "mcp_servers"];
/** Keys that pre-approve tools (a command's or skill's `allowed-tools`). */
const ALLOWED_TOOLS_KEYS = ["allowed-tools", "allowedTools"];

/** Options of {@link auditSource}. */
export interface AuditSourceOptions {
  /** The repository's folder (links are looked for in all of it). */
  tree: string;
  definitions: SourceDefinitions;
  /** Every family's vocabulary: the raising settings each tool's files may carry. */
  vocabularies: readonly FamilyVocabulary[];
  /** The tool names of those vocabularies as one table: what an `allowed-tools` list pre-approves. */
  tools: ToolTable;
  /** The layer the tree is read through (a fetched commit's); node:fs by default. */
  fs?: FileSystem;
}

/** A definition of any kind, as the audit and the writers address it. */
export interface DefinitionRef {
  kind: DefinitionKind;
  name: string;
  file: string;
}

/** Findings about one definition. */
function about(ref: DefinitionRef, code: FindingCode, level: Finding["level"], message: string): Finding {
  return { code, level, message, file: ref.file, kind: ref.kind, name: ref.name };
}

/** MCP servers of a field's value that start a command (`command`, or a stdio entry). */
function commandServers(value: unknown): string[] {
  if (value === null || typeof value !== "object") return [];
  const entries = Array.isArray(value)
    ? value.map((v, i) => [String(i), v] as const)
    : Object.entries(value as Record<string, unknown>);
  return entries
    .filter(([, server]) => {
      if (server === null || typeof server !== "object") return false;
      const s = server as Record<string, unknown>;
      return s.command !== undefined || s.type === "stdio" || s.type === "local";
    })
    .map(([name]) => name);
}

/** The raising findings of a definition's fields (frontmatter, TOML table). */
function fieldFindings(
  ref: DefinitionRef,
  fields: Readonly<Record<string, unknown>>,
  words: Pick<AuditSourceOptions, "vocabularies" | "tools">,
): Finding[] {
  const { vocabularies, tools } = words;
  const out: Finding[] = [];
  for (const key of ["permissionMode", "permission-mode"]) {
    const mode = fields[key];
    if (typeof mode === "string" && raisesPermission(mode))
      out.push(
        about(ref, "audit/raises-permission", "raising", `${key}: ${mode} lets it act without asking`),
      );
  }
  const setting = raisingSetting(fields, vocabularies);
  if (setting)
    out.push(
      about(
        ref,
        "audit/raises-permission",
        "raising",
        `${setting.key} = ${setting.value} lets it act without asking`,
      ),
    );
  if (fields.hooks !== undefined && fields.hooks !== null)
    out.push(
      about(ref, "audit/hooks", "raising", "it declares hooks: commands that run on the tool's events"),
    );
  for (const key of MCP_KEYS) {
    const servers = commandServers(fields[key]);
    if (servers.length > 0)
      out.push(
        about(
          ref,
          "audit/mcp-command",
          "raising",
          `its MCP server ${servers.map((s) => JSON.stringify(s)).join(", ")} starts a command`,
        ),
      );
  }
  for (const key of ALLOWED_TOOLS_KEYS) {
    const beyond = tools.toolsBeyondReading(fields[key]);
    if (beyond.length > 0)
      out.push(
        about(
          ref,
          "audit/pre-approves-tools",
          "raising",
          `${key} pre-approves ${beyond.slice(0, 5).join(", ")}${beyond.length > 5 ? ", …" : ""} (more than reading)`,
        ),
      );
  }
  return out;
}

/** Names that are paths or hide characters; descriptions that could move a terminal. */
function textFindings(ref: DefinitionRef, name: string, description: string): Finding[] {
  const out: Finding[] = [];
  const problem = nameProblem(name);
  const climbs = name.includes("..") || name.includes("\\") || name.startsWith("/");
  if (climbs)
    out.push(
      about(
        ref,
        "audit/name-is-path",
        "refused",
        `its name ${JSON.stringify(name)} ${problem ?? "is a path"}: never written`,
      ),
    );
  else if (problem && /separator/.test(problem))
    // `team/reviewer`: a tool that names agents by path takes it; each writer says whether it does.
    out.push(
      about(
        ref,
        "audit/name-is-path",
        "warning",
        `its name ${JSON.stringify(name)} is a path: written only for tools that name agents by path`,
      ),
    );
  else if (problem)
    out.push(
      about(
        ref,
        "audit/terminal-escape",
        "refused",
        `its name ${JSON.stringify(name)} ${problem}: never written`,
      ),
    );
  if (ESCAPES.test(description))
    out.push(
      about(
        ref,
        "audit/terminal-escape",
        "warning",
        "its description holds control or invisible characters (shown escaped)",
      ),
    );
  return out;
}

function shellFindings(ref: DefinitionRef, text: string): Finding[] {
  const match = SHELL_EXPANSION.exec(text);
  return match
    ? [
        about(
          ref,
          "audit/shell-expansion",
          "raising",
          `${JSON.stringify(match[0].slice(0, 60))} runs a shell command when it is used`,
        ),
      ]
    : [];
}

/** The agent's fields as written: the extras, and its permission mode in roster's words. */
function agentFields(agent: AgentDefinition): Record<string, unknown> {
  return agent.permissionMode !== undefined
    ? { ...agent.extra, permissionMode: agent.permissionMode }
    : { ...agent.extra };
}

/** A command file's frontmatter and text, read within discovery's bound. */
function readCommand(fs: FileSystem, filePath: string): { fields: Record<string, unknown>; text: string } {
  let text: string;
  try {
    text = fs.readFile(filePath, MAX_COMMAND_BYTES).toString("utf8");
  } catch {
    return { fields: {}, text: "" };
  }
  if (!filePath.endsWith(".md")) return { fields: {}, text };
  return { fields: parseFrontmatter(text).frontmatter as Record<string, unknown>, text };
}

/** Every symbolic link below `tree` (`/`-separated paths), and whether the walk stopped at its bound. */
export function linksIn(
  tree: string,
  fs: FileSystem = nodeFileSystem,
): { links: string[]; truncated: boolean } {
  const links: string[] = [];
  let seen = 0;
  let truncated = false;
  const walk = (dir: string, rel: string, depth: number) => {
    if (truncated) return;
    let entries: Dirent[];
    try {
      entries = fs.readdir(dir);
    } catch {
      return;
    }
    for (const entry of entries) {
      if (++seen > MAX_TREE_ENTRIES || depth > MAX_TREE_DEPTH) {
        truncated = true;
        return;
      }
      if (depth === 0 && entry.name === ".git") continue;
      const path = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isSymbolicLink()) links.push(path);
      else if (entry.isDirectory()) walk(join(dir, entry.name), path, depth + 1);
    }
  };
  walk(tree, "", 0);
  return { links: links.sort(), truncated };
}

/**
 * Audits a source: the findings of its discovery, then per definition (agents, skills,
 * commands, in that order) what it raises and what is odd about it, then the links of the
 * tree that belong to no definition. Reads only.
 */
export function auditSource(options: AuditSourceOptions): Finding[] {
  const { definitions } = options;
  const findings: Finding[] = [...definitions.findings];
  const fs = options.fs ?? nodeFileSystem;
  const { links, truncated } = linksIn(options.tree, fs);
  const claimed = new Set<string>();
  const linkFindings = (ref: DefinitionRef, folder?: string): Finding[] => {
    const hits = links.filter(
      (link) =>
        ref.file === link ||
        ref.file.startsWith(`${link}/`) ||
        (folder !== undefined && (link.startsWith(`${folder}/`) || folder.startsWith(`${link}/`))),
    );
    for (const hit of hits) claimed.add(hit);
    return hits.map((hit) =>
      about(
        ref,
        "audit/link",
        "raising",
        `it goes through the link ${hit} (its content is written, never the link)`,
      ),
    );
  };
  const each = <T>(
    kind: DefinitionKind,
    list: ReadonlyArray<Found<T>>,
    check: (found: Found<T>, ref: DefinitionRef) => Finding[],
  ) => {
    for (const found of list) {
      const ref = { kind, name: found.name, file: found.file };
      findings.push(...check(found, ref));
    }
  };
  each("agent", definitions.agents, ({ value }, ref) => [
    ...textFindings(ref, value.name, value.description),
    ...fieldFindings(ref, agentFields(value), options),
    ...linkFindings(ref),
  ]);
  each("skill", definitions.skills, ({ value }, ref) => {
    const folder = ref.file.slice(0, ref.file.lastIndexOf("/"));
    return [
      ...textFindings(ref, ref.name, value.description),
      ...fieldFindings(ref, value.fields, options),
      ...shellFindings(ref, value.body),
      ...linkFindings(ref, folder),
    ];
  });
  each("command", definitions.commands, ({ value }, ref) => {
    const { fields, text } = readCommand(fs, value.filePath);
    return [
      ...textFindings(ref, value.name, value.description),
      ...fieldFindings(ref, fields, options),
      ...shellFindings(ref, text),
      ...linkFindings(ref),
    ];
  });
  for (const link of links)
    if (!claimed.has(link))
      findings.push({
        code: "audit/link",
        level: "warning",
        message: "a link in the source; roster never writes it",
        file: link,
      });
  if (truncated)
    findings.push({
      code: "audit/tree-too-large",
      level: "warning",
      message: `the source holds more than ${MAX_TREE_ENTRIES} entries; links were looked for in the first ${MAX_TREE_ENTRIES} only`,
    });
  return findings;
}

/** The findings about one definition that hold it back (`raising`) or refuse it (`refused`). */
export function blockingFindings(
  findings: readonly Finding[],
  kind: DefinitionKind,
  name: string,
): Finding[] {
  return findings.filter(
    (f) => f.kind === kind && f.name === name && (f.level === "raising" || f.level === "refused"),
  );
}
