import { chooseModel, leftOutNotes, mapTools } from "@roster/family";
import {
  addNote,
  allowedPermissionMode,
  baseCommand,
  guardEnv,
  type HostDefinition,
  jsonObject,
  type ParsedHostOutput,
  type PlannedFile,
  preApprovable,
  promptWithSchema,
  runFile,
  str,
} from "@roster/hosts/plan-kit";

const APPROVAL: Record<string, string> = {
  default: "default",
  acceptEdits: "auto_edit",
  bypassPermissions: "yolo",
  plan: "plan",
};

function rule(tools: readonly string[], decision: "allow" | "deny", priority: number): string {
  return `[[rule]]\ntoolName = ${JSON.stringify(tools)}\ndecision = "${decision}"\npriority = ${priority}\n`;
}

/** Gemini CLI: `gemini -p "" -o json`, the prompt on stdin, the system prompt through `GEMINI_SYSTEM_MD`, tools as a policy file. */
export const geminiHost: HostDefinition = {
  id: "gemini",
  displayName: "Gemini CLI",
  command: "gemini",
  npmPackage: "@google/gemini-cli",
  login: {
    fix: "run `gemini` and choose a sign-in method (or set GEMINI_API_KEY)",
    notLoggedIn: /Please set an Auth method/,
  },

  plan(invocation, ctx) {
    const { command, args } = baseCommand("gemini", ctx);
    const notes: string[] = [];
    const trustNotes: string[] = [];
    const env = guardEnv(invocation, ctx);
    const systemFile = runFile(ctx, "system.md");
    const files: PlannedFile[] = [{ path: systemFile, content: invocation.systemPrompt }];
    env.GEMINI_SYSTEM_MD = systemFile;
    // -p "" keeps the whole prompt on stdin (Gemini appends -p's text to stdin).
    args.push("-p", "", "-o", "json");

    const { model, skipped } = chooseModel(ctx.vocabulary, invocation.model);
    if (model) args.push("-m", model);
    if (skipped.length > 0) notes.push(`models Gemini CLI does not take were skipped: ${skipped.join(", ")}`);
    if (invocation.thinkingLevel && invocation.thinkingLevel !== "inherit")
      notes.push("Gemini CLI has no thinking-level flag; the level is not carried");

    const mode = invocation.planMode ? "plan" : allowedPermissionMode(invocation, ctx, trustNotes);
    const approval = mode !== undefined ? APPROVAL[mode] : undefined;
    if (mode !== undefined && approval === undefined)
      notes.push(`permission mode "${mode}" has no Gemini CLI form`);
    if (approval !== undefined) {
      args.push("--approval-mode", approval);
      // In a folder Gemini does not trust, any mode but default is reset (and the project's own
      // settings are not loaded): roster vouches with --skip-trust only for a project the user trusted.
      if (approval !== "default" && ctx.trustProject) args.push("--skip-trust");
      else if (approval !== "default")
        trustNotes.push(
          `unless Gemini CLI trusts this folder itself, it resets --approval-mode ${approval} to "default": the project is not trusted` +
            (invocation.tools ? " (roster's policy file still allows only the agent's tools)" : ""),
        );
    }
    if (invocation.maxTurns !== undefined)
      notes.push("Gemini CLI has no turn limit flag; maxTurns is not enforced");

    // Tools become policy rules: allow the agent's, deny every other built-in, deny what it disallows.
    const vocabulary = ctx.vocabulary.tools;
    const own = invocation.provider === "gemini" ? invocation.toolsAsWritten : undefined;
    const rules: string[] = [];
    if (invocation.tools) {
      const tools = mapTools(invocation.tools, vocabulary, { asWritten: own, table: ctx.tools });
      // Allowed (run without asking): the agent's tools, or for an untrusted project's agent its
      // read-only ones; the others get no rule, so Gemini CLI asks (a run without a terminal denies).
      const { approved, withheld } = preApprovable(tools.names, invocation, ctx);
      if (approved.length > 0) rules.push(rule(approved, "allow", 100));
      if (withheld.length > 0)
        addNote(
          trustNotes,
          `tools ${withheld.join(", ")} of project agent "${invocation.agent}" are not allowed by roster's policy (Gemini CLI asks for them, and a run without a terminal denies them): the project is not trusted`,
        );
      // Every built-in tool the family knows: an allow-list is written as "deny the rest".
      const builtIn = ctx.vocabulary.builtInTools ?? [...new Set(Object.values(vocabulary).flat())];
      const others = builtIn.filter((t) => !tools.names.includes(t));
      if (others.length > 0) rules.push(rule(others, "deny", 900));
      notes.push(...leftOutNotes("Gemini CLI", tools.dropped));
    }
    const denied = mapTools(invocation.disallowedTools ?? [], vocabulary, {
      asWritten: own,
      rules: "whole-tool",
      table: ctx.tools,
    }).names;
    if (invocation.atMaxDepth) denied.push("invoke_agent");
    if (denied.length > 0) rules.push(rule([...new Set(denied)], "deny", 999));
    if (rules.length > 0) {
      const policyFile = runFile(ctx, "policy.toml");
      files.push({ path: policyFile, content: rules.join("\n") });
      args.push("--policy", policyFile);
    }
    return {
      host: "gemini",
      command,
      args,
      env,
      stdin: promptWithSchema(invocation),
      files,
      notes,
      trustNotes,
    };
  },

  parse({ stdout, stderr }) {
    const parsed: ParsedHostOutput = { output: "" };
    const result = jsonObject(stdout) ?? jsonObject(stderr.slice(stderr.indexOf("{")));
    if (!result) return { output: stdout };
    parsed.output = str(result.response) ?? "";
    const sessionId = str(result.session_id);
    if (sessionId) parsed.sessionId = sessionId;
    const error = result.error as Record<string, unknown> | undefined;
    if (error) parsed.error = str(error.message) ?? "Gemini CLI reported an error";
    return parsed;
  },
};
