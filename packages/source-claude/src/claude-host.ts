import { chooseModel, leftOutNotes, mapTools, ruleToolName } from "@roster/family";
import {
  addNote,
  allowedPermissionMode,
  baseCommand,
  guardEnv,
  type HostCommand,
  type HostDefinition,
  hasSchema,
  jsonObject,
  jtdToJsonSchema,
  MAX_ARG_BYTES,
  preApprovable,
  runFile,
  str,
} from "@roster/hosts/plan-kit";

const SAME_FAMILY = new Set(["claude", "plugins"]);

/** Claude Code: `claude -p --output-format json`, the prompt on stdin, the system prompt in a file. */
export const claudeHost: HostDefinition = {
  id: "claude",
  displayName: "Claude Code",
  command: "claude",
  npmPackage: "@anthropic-ai/claude-code",
  login: {
    fix: "run `claude auth login` (or set ANTHROPIC_API_KEY)",
    notLoggedIn: /Not logged in/,
    status: {
      args: ["auth", "status"],
      // `{"loggedIn": false, "authMethod": "none", …}` (exit 1), counting ANTHROPIC_API_KEY.
      read({ stdout }) {
        try {
          const answer = JSON.parse(stdout) as { loggedIn?: unknown };
          if (answer.loggedIn === true) return "logged-in";
          if (answer.loggedIn === false) return "logged-out";
        } catch {}
        return "unknown";
      },
    },
  },

  plan(invocation, ctx) {
    const { command, args } = baseCommand("claude", ctx);
    const notes: string[] = [];
    const trustNotes: string[] = [];
    const env = guardEnv(invocation, ctx);
    const systemFile = runFile(ctx, "system-prompt.md");
    args.push("-p", "--output-format", "json", "--system-prompt-file", systemFile);

    const { model, skipped } = chooseModel(ctx.vocabulary, invocation.model);
    if (model) args.push("--model", model);
    if (skipped.length > 0)
      notes.push(`models Claude Code does not take were skipped: ${skipped.join(", ")}`);

    if (invocation.thinkingLevel === "off") env.MAX_THINKING_TOKENS = "0";
    else if (invocation.thinkingLevel && ctx.vocabulary.effort[invocation.thinkingLevel])
      args.push("--effort", ctx.vocabulary.effort[invocation.thinkingLevel]!);

    const asWritten = SAME_FAMILY.has(invocation.provider ?? "") ? invocation.toolsAsWritten : undefined;
    const vocabulary = ctx.vocabulary.tools;
    if (invocation.tools) {
      // A Claude Code agent's own names go as written: Claude Code reads them case by case as
      // it reads the file (`read`, `LS`, `MultiEdit` are no tool to it), never translated into
      // a tool it would not give the agent.
      const tools = mapTools(invocation.tools, vocabulary, {
        asWritten,
        spelling: "written",
        table: ctx.tools,
      });
      if (invocation.atMaxDepth) tools.names = tools.names.filter((t) => !/^(Task|Agent)(\(|$)/.test(t));
      // --tools takes plain built-in names; permission rules like `Bash(git *)` only go to --allowedTools.
      const nameless = tools.names.filter((t) => ruleToolName(t) === undefined);
      const builtIn = [
        ...new Set(
          tools.names.flatMap((t) => {
            const name = ruleToolName(t);
            return name === undefined || name.startsWith("mcp__") ? [] : [name];
          }),
        ),
      ];
      args.push("--tools", builtIn.join(","));
      if (nameless.length > 0)
        notes.push(
          `permission rules Claude Code reads as the name of no tool (\`Tool(…)\` must end with its \`)\`) enable no tool: ${nameless.join(", ")}`,
        );
      // Pre-approved: the agent's tools, or for an untrusted project's agent its read-only ones.
      const { approved, withheld } = preApprovable(tools.names, invocation, ctx);
      if (approved.length > 0) args.push("--allowedTools", approved.join(","));
      if (withheld.length > 0)
        addNote(
          trustNotes,
          `tools ${withheld.join(", ")} of project agent "${invocation.agent}" are not pre-approved (--allowedTools has only its read-only tools; Claude Code asks for the others, and a run without a terminal denies them): the project is not trusted`,
        );
      notes.push(...leftOutNotes("Claude Code", tools.dropped));
    }
    const disallowed = mapTools(invocation.disallowedTools ?? [], vocabulary, {
      asWritten: SAME_FAMILY.has(invocation.provider ?? "")
        ? (invocation.disallowedTools ?? undefined)
        : undefined,
      rules: "whole-tool",
      table: ctx.tools,
    }).names;
    if (invocation.atMaxDepth) {
      disallowed.push("Task", "Agent");
      // Claude Code 2.1.332 and later read this; older versions rely on the disallowed tools.
      env.CLAUDE_CODE_MAX_SUBAGENT_SPAWN_DEPTH = "0";
    }
    if (disallowed.length > 0) args.push("--disallowedTools", [...new Set(disallowed)].join(","));

    const mode = invocation.planMode ? "plan" : allowedPermissionMode(invocation, ctx, trustNotes);
    if (mode !== undefined) {
      const own = ctx.vocabulary.permissionModes[mode];
      if (own) args.push("--permission-mode", own);
      else notes.push(`permission mode "${mode}" is not one Claude Code knows; left out`);
    }
    if (invocation.maxTurns !== undefined) args.push("--max-turns", String(invocation.maxTurns));

    if (hasSchema(invocation)) {
      const schema = JSON.stringify(jtdToJsonSchema(invocation.outputSchema));
      if (Buffer.byteLength(schema) <= MAX_ARG_BYTES) args.push("--json-schema", schema);
      else notes.push("the output schema is too long for --json-schema; roster validates the answer only");
    }
    // An untrusted project's settings (hooks, permissions, MCP approvals) are not loaded.
    if (!ctx.trustProject) args.push("--setting-sources", "user");

    const plan: HostCommand = {
      host: "claude",
      command,
      args,
      env,
      stdin: invocation.prompt,
      files: [{ path: systemFile, content: invocation.systemPrompt }],
      notes,
      trustNotes,
    };
    return plan;
  },

  parse({ stdout }) {
    const result = jsonObject(stdout);
    if (!result) return { output: stdout };
    const parsed: ReturnType<HostDefinition["parse"]> = { output: str(result.result) ?? "" };
    const sessionId = str(result.session_id);
    if (sessionId) parsed.sessionId = sessionId;
    if (typeof result.total_cost_usd === "number")
      parsed.cost = { amount: result.total_cost_usd, unit: "usd" };
    if (result.structured_output !== undefined) parsed.data = result.structured_output;
    if (result.is_error === true)
      parsed.error = parsed.output || str(result.subtype) || "Claude Code reported an error";
    else if (typeof result.subtype === "string" && result.subtype.startsWith("error"))
      parsed.error = `Claude Code stopped: ${result.subtype}`;
    return parsed;
  },
};
