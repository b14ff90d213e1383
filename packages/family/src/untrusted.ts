import { type Capability, capabilityOf, ruleToolName } from "./tool-names.js";

/**
 * The capabilities a host may be told to use without asking for an agent of a project the
 * user has not trusted (SPEC §17): reading, searching, listing, a language server and the
 * session's own todo list. They change nothing and reach nothing outside the session; every
 * other tool (a shell, edits, the web, sub-agents, MCP tools) is left to the host's own rules.
 */
export const READ_ONLY_CAPABILITIES: readonly Capability[] = ["read", "grep", "find", "ls", "lsp", "todo"];

/**
 * Whether a tool name, in any vocabulary, is read-only ({@link READ_ONLY_CAPABILITIES}); a
 * permission rule (`Read(src/**)`) by the tool it names. A name roster does not know (an MCP
 * tool) is not.
 *
 * @example isReadOnlyTool("Glob") // true; isReadOnlyTool("Bash(git status)") // false
 */
export function isReadOnlyTool(name: string): boolean {
  const tool = ruleToolName(name);
  const capability = tool === undefined ? undefined : capabilityOf(tool);
  return capability !== undefined && READ_ONLY_CAPABILITIES.includes(capability);
}

/** The permission modes an agent of an untrusted project keeps: neither raises anything. */
const KEPT_MODES: ReadonlySet<string> = new Set(["default", "plan"]);

/**
 * Whether a permission mode raises what an agent may do without asking (`acceptEdits`,
 * `bypassPermissions`, `dontAsk`, …): every mode but `default` and `plan`.
 */
export function raisesPermissions(mode: string): boolean {
  return !KEPT_MODES.has(mode);
}
