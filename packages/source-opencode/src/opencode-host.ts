import { chooseModel, type FamilyVocabulary, leftOutNotes, mapTools, type ToolTable } from "@roster/family";
import {
  addNote,
  allowedPermissionMode,
  approvesReadOnlyOnly,
  baseCommand,
  guardEnv,
  type HostDefinition,
  hostAgentId,
  jsonLines,
  type ParsedHostOutput,
  preApprovable,
  promptWithSchema,
  runFile,
  str,
} from "@roster/hosts/plan-kit";

/** Stands for the prompt's `{file:…}` reference until the config text is escaped. */
const PROMPT_SLOT = "roster:system-prompt-file";

/**
 * The config as opencode reads it. opencode replaces `{env:NAME}` and `{file:PATH}` anywhere in
 * a config's text before parsing it, so no text of an agent file (its name, tool names) may
 * start one: such a `{` is written as the JSON escape `\u007b`, which opencode's scan does not
 * match and JSON reads back as `{`. Only roster's own reference to the prompt file stays live.
 */
export function opencodeConfigText(config: unknown, promptFile: string): string {
  const text = JSON.stringify(config).replace(/\{(?=(?:env|file):)/g, "\\u007b");
  return text.replace(JSON.stringify(PROMPT_SLOT), () => JSON.stringify(`{file:${promptFile}}`));
}

/** An agent's tool fields, as {@link opencodePermission} turns them into opencode's permissions. */
export interface OpencodeToolFields {
  /** The tools it may use (roster's names); absent: every tool. */
  tools?: readonly string[] | null | undefined;
  /** The tools it may not use; a permission rule (`Bash(rm *)`) denies its whole tool. */
  disallowedTools?: readonly string[] | null | undefined;
  /** Plan mode: opencode's own plan agent is a permission set, no edits and no shell. */
  plan?: boolean;
  /** The tools as the agent's file wrote them, when it is an opencode agent (`mapTools`' `asWritten`). */
  asWritten?: readonly string[] | undefined;
}

/**
 * The `permission` map opencode gets for an agent: with a tool list, every tool denied (`"*"`)
 * and then each of its tools allowed (opencode lets the last matching rule win); in plan mode,
 * `edit` and `bash` denied; each disallowed tool denied. `dropped`: the allowed tools opencode
 * has no name for; `lost`: the disallowed ones. One table for `run --host opencode` and
 * `export --to opencode`, so the two never differ.
 *
 * @example opencodePermission({ tools: ["read"], plan: true }, { vocabulary, table }).permission
 * // { "*": "deny", read: "allow", edit: "deny", bash: "deny" }
 */
export function opencodePermission(
  fields: OpencodeToolFields,
  words: {
    /** opencode's names for each capability (its vocabulary's `tools`). */
    vocabulary: FamilyVocabulary["tools"];
    /** The app's tool table: what the agent's tool names stand for. */
    table: ToolTable;
  },
): { permission: Record<string, string>; allowed: string[]; dropped: string[]; lost: string[] } {
  const { vocabulary, table } = words;
  const permission: Record<string, string> = {};
  let allowed: string[] = [];
  let dropped: string[] = [];
  if (fields.tools) {
    ({ names: allowed, dropped } = mapTools(fields.tools, vocabulary, {
      asWritten: fields.asWritten,
      table,
    }));
    permission["*"] = "deny";
    for (const name of allowed) permission[name] = "allow";
  }
  if (fields.plan) {
    permission.edit = "deny";
    permission.bash = "deny";
  }
  const denied = mapTools(fields.disallowedTools ?? [], vocabulary, {
    asWritten: fields.asWritten,
    rules: "whole-tool",
    table,
  });
  for (const name of denied.names) permission[name] = "deny";
  return { permission, allowed, dropped, lost: denied.dropped };
}

/**
 * opencode: `opencode run --agent roster-<name> --format json`, the prompt on stdin. The agent
 * is defined through `OPENCODE_CONFIG_CONTENT` as a primary agent (a name opencode does not
 * know, or a subagent, silently falls back to its default agent); its prompt is a
 * `{file:…}` reference into the run's folder.
 */
export const opencodeHost: HostDefinition = {
  id: "opencode",
  displayName: "opencode",
  command: "opencode",
  npmPackage: "opencode-ai",
  login: { fix: "run `opencode auth login`" },

  plan(invocation, ctx) {
    const { command, args } = baseCommand("opencode", ctx);
    const notes: string[] = [];
    const trustNotes: string[] = [];
    const env = guardEnv(invocation, ctx);
    const id = hostAgentId(invocation.agent);
    const systemFile = runFile(ctx, "system.md");
    args.push("run", "--agent", id, "--format", "json");

    const { model, skipped } = chooseModel(ctx.vocabulary, invocation.model);
    if (model) args.push("-m", model);
    if (skipped.length > 0) notes.push(`models opencode does not take were skipped: ${skipped.join(", ")}`);
    const variant = invocation.thinkingLevel && ctx.vocabulary.effort[invocation.thinkingLevel];
    if (variant) args.push("--variant", variant);
    else if (invocation.thinkingLevel === "off") notes.push("opencode has no variant for thinking off");

    const mode = allowedPermissionMode(invocation, ctx, trustNotes);
    const { permission, dropped } = opencodePermission(
      {
        tools: invocation.tools,
        disallowedTools: invocation.disallowedTools,
        plan: invocation.planMode === true || mode === "plan",
        asWritten: invocation.provider === "opencode" ? invocation.toolsAsWritten : undefined,
      },
      { vocabulary: ctx.vocabulary.tools, table: ctx.tools },
    );
    if (invocation.tools) notes.push(...leftOutNotes("opencode", dropped));
    if (approvesReadOnlyOnly(invocation, ctx)) {
      // An untrusted project's agent: what opencode would run without asking is read-only tools
      // only. opencode's own default allows every tool, so without a tool list the others are
      // denied too (a run cannot answer opencode's questions: "ask" is no answer there).
      const allowed = Object.keys(permission).filter((name) => name !== "*" && permission[name] === "allow");
      const { withheld } = preApprovable(allowed, invocation, ctx);
      if (!invocation.tools)
        for (const name of new Set(Object.values(ctx.vocabulary.tools).flat()))
          if (permission[name] === undefined && !ctx.tools.isReadOnlyTool(name)) withheld.push(name);
      for (const name of withheld) permission[name] = "deny";
      if (withheld.length > 0)
        addNote(
          trustNotes,
          `tools ${withheld.join(", ")} of project agent "${invocation.agent}" are denied, not allowed (opencode would run them without asking): the project is not trusted`,
        );
    }
    if (invocation.atMaxDepth) {
      permission.task = "deny";
      env.OPENCODE_PERMISSION = JSON.stringify({ task: "deny" });
    }
    // The slot comes first: nothing of the agent's text precedes roster's own reference.
    const agent: Record<string, unknown> = {
      prompt: PROMPT_SLOT,
      mode: "primary",
      description: `roster: ${invocation.agent}`,
    };
    if (Object.keys(permission).length > 0) agent.permission = permission;
    if (invocation.maxTurns !== undefined) agent.steps = invocation.maxTurns;
    env.OPENCODE_CONFIG_CONTENT = opencodeConfigText({ agent: { [id]: agent } }, systemFile);
    // An untrusted project's opencode.json, .opencode/ folder (agents, plugins) and AGENTS.md are not loaded.
    if (!ctx.trustProject) env.OPENCODE_DISABLE_PROJECT_CONFIG = "1";
    return {
      host: "opencode",
      command,
      args,
      env,
      stdin: promptWithSchema(invocation),
      files: [{ path: systemFile, content: invocation.systemPrompt }],
      notes,
      trustNotes,
    };
  },

  parse({ stdout }) {
    const parsed: ParsedHostOutput = { output: "" };
    const texts: string[] = [];
    let cost = 0;
    let costed = false;
    for (const event of jsonLines(stdout)) {
      const part = event.part as Record<string, unknown> | undefined;
      if (str(event.sessionID)) parsed.sessionId = str(event.sessionID)!;
      if (event.type === "text" && str(part?.text)) texts.push(str(part!.text)!);
      else if (event.type === "step_finish" && typeof part?.cost === "number") {
        cost += part.cost;
        costed = true;
      } else if (event.type === "error") {
        const error = event.error as Record<string, unknown> | undefined;
        const data = error?.data as Record<string, unknown> | undefined;
        const name = str(error?.name) ?? "error";
        parsed.error = str(data?.message) ? `${name}: ${str(data!.message)}` : name;
      }
    }
    parsed.output = texts.join("\n");
    if (costed) parsed.cost = { amount: cost, unit: "usd" };
    return parsed;
  },
};
