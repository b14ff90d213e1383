import { join } from "node:path";
import { chooseModel, leftOutNotes, mapTools, type ToolTable } from "@roster/family";
import {
  addNote,
  allowedPermissionMode,
  approvesReadOnlyOnly,
  baseCommand,
  errorLine,
  guardEnv,
  type HostDefinition,
  hostAgentId,
  jsonLines,
  type ParsedHostOutput,
  promptWithSchema,
  str,
} from "@roster/hosts/plan-kit";
import { COPILOT_TOOL_IDS } from "./copilot-tool-ids.js";

function toolIds(tools: readonly string[], table: ToolTable): string[] {
  return mapTools(tools, COPILOT_TOOL_IDS, { rules: "whole-tool", table }).names;
}

/**
 * Copilot CLI: the prompt on stdin (prompt mode, like `-p`), the agent as an `.agent.md` file
 * in the run's folder loaded with `--add-dir` and chosen with `--agent`.
 */
export const copilotHost: HostDefinition = {
  id: "copilot",
  displayName: "Copilot CLI",
  command: "copilot",
  npmPackage: "@github/copilot",
  login: {
    fix: "run `copilot login` (or set COPILOT_GITHUB_TOKEN)",
    notLoggedIn: /No authentication information found/,
  },

  plan(invocation, ctx) {
    const { command, args } = baseCommand("copilot", ctx);
    const notes: string[] = [];
    const trustNotes: string[] = [];
    const id = hostAgentId(invocation.agent);
    const agentFile = join(ctx.tmpDir, ".github", "agents", `${id}.agent.md`);
    args.push("--add-dir", ctx.tmpDir, "--agent", id, "--output-format", "json", "--no-ask-user");
    // Prompt mode needs every tool allowed up front; the agent's tool list and the exclusions
    // below narrow it. Not for an untrusted project's agent: Copilot CLI then runs only the
    // tools that need no approval (reading), and denies the rest.
    if (approvesReadOnlyOnly(invocation, ctx))
      addNote(
        trustNotes,
        `Copilot CLI gets no --allow-all-tools for project agent "${invocation.agent}": it runs only the tools that need no approval (reading) and denies the others (a shell, edits, the web): the project is not trusted`,
      );
    else args.push("--allow-all-tools");

    const { model, skipped } = chooseModel(ctx.vocabulary, invocation.model);
    if (model) args.push("--model", model);
    if (skipped.length > 0)
      notes.push(`models Copilot CLI does not take were skipped: ${skipped.join(", ")}`);
    const effort = invocation.thinkingLevel && ctx.vocabulary.effort[invocation.thinkingLevel];
    if (effort) args.push("--reasoning-effort", effort);
    // Without --trust-folder, Copilot CLI does not load an untrusted working directory's own configuration.
    if (invocation.planMode || allowedPermissionMode(invocation, ctx, trustNotes) === "plan")
      args.push("--mode", "plan");
    if (invocation.maxTurns !== undefined)
      notes.push("Copilot CLI has no turn limit; maxTurns is not enforced");

    const front: string[] = [
      `name: ${JSON.stringify(id)}`,
      `description: ${JSON.stringify(`roster: ${invocation.agent}`)}`,
    ];
    if (invocation.tools) {
      const own = invocation.provider === "copilot" ? invocation.toolsAsWritten : undefined;
      const tools = mapTools(invocation.tools, ctx.vocabulary.tools, { asWritten: own, table: ctx.tools });
      if (invocation.atMaxDepth) tools.names = tools.names.filter((t) => t !== "agent");
      front.push(`tools: ${JSON.stringify(tools.names)}`);
      notes.push(...leftOutNotes("Copilot CLI", tools.dropped));
    }
    const excluded = toolIds(invocation.disallowedTools ?? [], ctx.tools);
    if (invocation.atMaxDepth) excluded.push("task");
    if (excluded.length > 0) args.push(`--excluded-tools=${[...new Set(excluded)].join(",")}`);

    const content = `---\n${front.join("\n")}\n---\n${invocation.systemPrompt}\n`;
    return {
      host: "copilot",
      command,
      args,
      env: guardEnv(invocation, ctx),
      stdin: promptWithSchema(invocation),
      files: [{ path: agentFile, content }],
      notes,
      trustNotes,
    };
  },

  parse({ stdout, stderr, exitCode }) {
    const parsed: ParsedHostOutput = { output: "" };
    for (const event of jsonLines(stdout)) {
      const data = event.data as Record<string, unknown> | undefined;
      if (event.type === "assistant.message" && str(data?.content)?.trim())
        parsed.output = str(data!.content)!;
      else if (event.type === "result") {
        if (str(event.sessionId)) parsed.sessionId = str(event.sessionId)!;
        const usage = event.usage as Record<string, unknown> | undefined;
        if (typeof usage?.premiumRequests === "number")
          parsed.cost = { amount: usage.premiumRequests, unit: "premium-requests" };
      } else if (event.type === "session.error")
        parsed.error = str(data?.message) ?? "Copilot CLI reported an error";
    }
    if (exitCode !== 0 && !parsed.error && stderr.trim())
      parsed.error = errorLine(stderr).replace(/^Error:\s*/, "");
    return parsed;
  },
};
