import { chooseModel } from "@roster/family";
import {
  addNote,
  allowedPermissionMode,
  approvesReadOnlyOnly,
  baseCommand,
  errorLine,
  guardEnv,
  type HostDefinition,
  hasSchema,
  jsonLines,
  jtdToJsonSchema,
  MAX_ARG_BYTES,
  type ParsedHostOutput,
  type PlannedFile,
  promptWithSchema,
  runFile,
  str,
  tomlString,
  writesOrRuns,
} from "@roster/hosts/plan-kit";

/** Codex: `codex exec --json … -`, the prompt on stdin, the system prompt as `developer_instructions`. */
export const codexHost: HostDefinition = {
  id: "codex",
  displayName: "Codex",
  command: "codex",
  npmPackage: "@openai/codex",
  login: {
    fix: "run `codex login`",
    notLoggedIn: /Not logged in/,
    status: {
      args: ["login", "status"],
      // "Not logged in" (exit 1) or "Logged in using …"; it does not count a key in the environment.
      read({ stdout, stderr, exitCode }) {
        const text = `${stdout}\n${stderr}`;
        if (exitCode !== 0 && /^Not logged in\b/m.test(text)) return "logged-out";
        if (exitCode === 0 && /^Logged in\b/m.test(text)) return "logged-in";
        return "unknown";
      },
      keyVariables: ["CODEX_API_KEY", "OPENAI_API_KEY"],
    },
  },

  plan(invocation, ctx) {
    const { command, args } = baseCommand("codex", ctx);
    const notes: string[] = [];
    const trustNotes: string[] = [];
    const files: PlannedFile[] = [];
    args.push("exec", "--json");
    // Codex refuses to run outside a git repository it trusts; roster vouches only for a trusted project.
    if (ctx.trustProject) args.push("--skip-git-repo-check");

    const { model, skipped } = chooseModel(ctx.vocabulary, invocation.model);
    if (model) args.push("-m", model);
    if (skipped.length > 0) notes.push(`models Codex does not take were skipped: ${skipped.join(", ")}`);

    // Codex has no per-tool switch: its sandbox is the nearest thing.
    const mode = allowedPermissionMode(invocation, ctx, trustNotes);
    let sandbox: string | undefined;
    // An agent's own mode decides first (as its exported sandbox_mode does), then its tools.
    const own = mode !== undefined ? ctx.vocabulary.permissionModes[mode] : undefined;
    if (invocation.planMode) sandbox = ctx.vocabulary.permissionModes.plan ?? "read-only";
    else if (own === "danger-full-access") {
      // No sandbox at all only where the user trusted the project, whoever's agent asks.
      sandbox = ctx.trustProject ? "danger-full-access" : "workspace-write";
      if (!ctx.trustProject)
        trustNotes.push(
          'Codex runs with the "workspace-write" sandbox, not "danger-full-access": the project is not trusted',
        );
    } else if (own) sandbox = own;
    else if (invocation.tools) {
      sandbox = writesOrRuns(invocation.tools, ctx.tools) ? "workspace-write" : "read-only";
      // The sandbox is what Codex runs without asking: an untrusted project's agent gets reading only.
      if (sandbox === "workspace-write" && approvesReadOnlyOnly(invocation, ctx)) {
        sandbox = "read-only";
        addNote(
          trustNotes,
          `Codex runs project agent "${invocation.agent}" in the "read-only" sandbox, not "workspace-write" (its tools ${invocation.tools.filter((t) => !ctx.tools.isReadOnlyTool(t)).join(", ")} are not pre-approved): the project is not trusted`,
        );
      }
    }
    if (sandbox) args.push("-s", sandbox);
    if (invocation.disallowedTools?.length)
      notes.push(`Codex cannot deny single tools; not enforced: ${invocation.disallowedTools.join(", ")}`);
    if (invocation.maxTurns !== undefined) notes.push("Codex has no turn limit; maxTurns is not enforced");

    const effort = invocation.thinkingLevel && ctx.vocabulary.effort[invocation.thinkingLevel];
    if (effort) args.push("-c", `model_reasoning_effort=${tomlString(effort)}`);
    if (invocation.atMaxDepth) args.push("-c", "agents.max_depth=0");

    let stdin = invocation.prompt;
    const instructions = `developer_instructions=${tomlString(invocation.systemPrompt)}`;
    if (Buffer.byteLength(instructions) <= MAX_ARG_BYTES) args.push("-c", instructions);
    else {
      // Too long for one argument: the instructions lead the prompt on stdin instead.
      stdin = `<agent-instructions>\n${invocation.systemPrompt}\n</agent-instructions>\n\n${stdin}`;
      notes.push("the system prompt is longer than 100 KB: it leads the prompt on stdin");
    }

    if (hasSchema(invocation)) {
      try {
        const schemaFile = runFile(ctx, "output-schema.json");
        files.push({
          path: schemaFile,
          content: JSON.stringify(jtdToJsonSchema(invocation.outputSchema, "strict")),
        });
        args.push("--output-schema", schemaFile);
      } catch (error) {
        notes.push(
          `the output schema has no strict JSON Schema form (${(error as Error).message}); asked for in the prompt`,
        );
        stdin = promptWithSchema({ ...invocation, prompt: stdin });
      }
    }
    args.push("-");
    return { host: "codex", command, args, env: guardEnv(invocation, ctx), stdin, files, notes, trustNotes };
  },

  parse({ stdout, stderr }) {
    const parsed: ParsedHostOutput = { output: "" };
    let failure: string | undefined;
    for (const event of jsonLines(stdout)) {
      const item = event.item as Record<string, unknown> | undefined;
      if (event.type === "thread.started" && str(event.thread_id)) parsed.sessionId = str(event.thread_id)!;
      else if (event.type === "item.completed" && item?.type === "agent_message")
        parsed.output = str(item.text) ?? parsed.output;
      else if (event.type === "turn.failed")
        failure = str((event.error as Record<string, unknown> | undefined)?.message) ?? "the turn failed";
      else if (event.type === "error") failure = str(event.message) ?? failure;
    }
    if (failure && !parsed.output) parsed.error = failure;
    if (!parsed.output && !parsed.sessionId && stdout.trim() === "" && stderr.trim())
      parsed.error ??= errorLine(stderr);
    return parsed;
  },
};
