import { join } from "node:path";
import type { AgentDefinition } from "@roster/core";
import { defineMarkdownWriter, type MarkdownFields, writeExtras, writeModel } from "@roster/writers";
import { opencodeAgentFormat } from "./opencode-agent-format.js";
import { opencodePermission } from "./opencode-host.js";
import { opencodeUserDir } from "./opencode-paths.js";
import { opencodeProfile } from "./opencode-profile.js";
import { opencodeVocabulary } from "./opencode-vocabulary.js";

function opencodeFields(
  agent: AgentDefinition,
  { frontmatter: fm, report, tools: table }: MarkdownFields,
): void {
  // A copy is a sub-agent (SPEC §16): without `mode` opencode lists it as a main agent too.
  // An opencode `mode` the agent carries is written as it is (below).
  if (agent.extra?.mode === undefined) fm.mode = "subagent";
  // The first model opencode takes; the others are left out with a note, as `roster run` does.
  const model = writeModel(agent, report, { displayName: "opencode", vocabulary: opencodeVocabulary });
  if (model !== undefined) fm.model = model;
  if (agent.maxTurns !== undefined) {
    fm.steps = agent.maxTurns;
    report.kept("maxTurns", "steps");
  }

  // Permissions: the file's own opencode forms win; otherwise roster's fields become
  // permissions exactly as `run --host opencode` gives them (one table: `opencodePermission`).
  const own = agent.extra?.permission !== undefined || typeof agent.extra?.tools === "object";
  const plan = agent.permissionMode === "plan";
  const { allowed, dropped, lost, ...made } = own
    ? { permission: {}, allowed: [], dropped: [], lost: [] }
    : opencodePermission(
        { tools: agent.tools, disallowedTools: agent.disallowedTools, plan },
        { vocabulary: opencodeVocabulary.tools, table },
      );
  // The spawn list below may add a table of task patterns.
  const permission: Record<string, unknown> = made.permission;
  const ownWritten = "the file's own opencode permission is written";
  if (agent.tools) {
    if (own) report.kept("tools", "permission", ownWritten);
    else
      report.changed(
        "tools",
        "permission",
        `an allow list becomes opencode permissions: "*" denied, then ${allowed.length > 0 ? `${allowed.join(", ")} allowed` : "nothing allowed"}${dropped.length > 0 ? `; no opencode counterpart: ${dropped.join(", ")}` : ""}`,
        dropped.length > 0 ? dropped : undefined,
      );
  }
  if (agent.disallowedTools) {
    if (own) report.kept("disallowedTools", "permission", ownWritten);
    // A rule denies its whole tool here, as in `run --host opencode`.
    else if (lost.length > 0)
      report.changed("disallowedTools", "permission", `no opencode permission for ${lost.join(", ")}`, lost);
    else report.changed("disallowedTools", "permission", "denied tools become opencode permission denies");
  }
  if (agent.permissionMode !== undefined) {
    if (plan) report.changed("permissionMode", "permission", "plan mode becomes edit: deny, bash: deny");
    else if (agent.permissionMode === "default")
      report.kept("permissionMode", "(omitted)", "opencode's default permissions");
    else report.dropped("permissionMode", "opencode has no counterpart");
  }
  if (agent.spawns !== undefined) {
    const spawns = agent.spawns;
    const taskDenied =
      permission.task === "deny" || (permission["*"] === "deny" && permission.task === undefined);
    if (taskDenied) report.dropped("spawns", "the task tool is denied here");
    else if (spawns === "*")
      report.kept("spawns", "(default)", "opencode agents may call task unless it is denied");
    else {
      permission.task = { "*": "deny", ...Object.fromEntries(spawns.map((name) => [name, "allow"])) };
      report.changed(
        "spawns",
        "permission.task",
        "the spawn list becomes task patterns (allow each, deny *)",
      );
    }
  }
  if (Object.keys(permission).length > 0) fm.permission = permission;
  if (agent.thinkingLevel !== undefined)
    report.dropped("thinkingLevel", "opencode sets reasoning per model variant, not per agent");
  if (agent.blocking !== undefined) report.dropped("blocking", "opencode agents have no background setting");
  if (agent.output !== undefined) report.dropped("output", "opencode agents have no output schema");

  const rest = { ...agent, extra: { ...agent.extra } };
  delete rest.extra.name;
  writeExtras(rest, fm, report, {
    known: opencodeProfile.knownKeys.filter((k) => k !== "name" && k !== "disable"),
    tool: "opencode",
    check: (fields) => opencodeProfile.checkFields?.(fields),
  });
  if (agent.extra?.name !== undefined)
    report.kept("extra.name", "(file path)", "opencode names an agent by its path");
}

/**
 * Writes opencode agents (`.opencode/agents/<path>.md`): the path is the name (so
 * `team/reviewer` becomes a sub-folder), tools and permission modes become `permission`
 * denies, `maxTurns` becomes `steps`, and the file is `mode: subagent` (a copy is a
 * sub-agent, SPEC §16). roster's mark is the folder's `.roster-sync.json`, never a key in
 * the file: opencode keeps an unknown key in the agent's `options`, which it merges into
 * every model request's provider options, and OpenAI-compatible providers send those in
 * the request body (checked in opencode 1.18.33's binary: `LLMRequestPrep.prepare` merges
 * `agent.options`; `@ai-sdk/openai-compatible` spreads unknown provider options).
 */
export const opencodeWriter = defineMarkdownWriter({
  tool: "opencode",
  displayName: "opencode",
  extension: ".md",
  format: opencodeAgentFormat,
  profile: opencodeProfile,
  marker: "manifest",
  folders: true,
  agentsDir: (ctx, scope) =>
    scope === "project" ? join(ctx.cwd, ".opencode", "agents") : join(opencodeUserDir(ctx), "agents"),
  // Identity is the file's path: no `name` key, so the path stays the name.
  nameBy: { to: "(file path)", note: "opencode names an agent by its path" },
  fields: opencodeFields,
});
