import { z } from "zod";
import { MAX_TASKS_PER_CALL } from "./cap-answer.js";

// Input and output shapes of the six tools. Outputs are loose objects: a definition may
// carry fields a newer core adds, and clients must accept them.

const source = z.enum(["bundled", "user", "project"]);
const plugin = z.looseObject({
  id: z.string(),
  name: z.string(),
  marketplace: z.string(),
  version: z.string(),
});

/** Where an agent comes from and the fields both `list_agents` and `show_agent` give as they are. */
const agentOrigin = {
  source,
  provider: z.string(),
  filePath: z.string().optional(),
  tools: z.array(z.string()).optional(),
  spawns: z.union([z.literal("*"), z.array(z.string())]).optional(),
  model: z.array(z.string()).optional(),
  thinkingLevel: z.string().optional(),
};

const agentSummary = z.looseObject({
  name: z.string(),
  description: z.string(),
  ...agentOrigin,
  blocking: z.boolean().optional(),
  hasOutputSchema: z.boolean(),
  plugin: plugin.optional(),
  scopedId: z.string().optional().describe("<plugin>:<name>, for plugin agents"),
});

const agentBrief = z.looseObject({
  name: z.string(),
  source,
  provider: z.string(),
  filePath: z.string().optional(),
});

export const listAgentsInput = {
  query: z.string().optional().describe("case-insensitive text to look for in names and descriptions"),
  provider: z.string().optional().describe('only agents of this provider, e.g. "claude", "codex", "plugins"'),
  source: source.optional().describe("only agents of this source"),
  cursor: z.string().optional().describe("nextCursor of the page before"),
  limit: z.number().int().min(1).max(100).optional(),
};
export const listAgentsOutput = {
  agents: z.array(agentSummary),
  total: z.number().int().describe("matches over every page"),
  nextCursor: z.string().optional(),
};

const pickProvider = z
  .string()
  .optional()
  .describe(
    "that provider's definition of the name (e.g. \"codex\"), even when another provider's shadows it",
  );

export const nameInput = {
  name: z.string().describe("agent name, or <plugin>:<name> for a plugin agent"),
  provider: pickProvider,
};

export const showAgentOutput = {
  name: z.string(),
  description: z.string(),
  systemPrompt: z.string(),
  ...agentOrigin,
  output: z.unknown().optional(),
  blocking: z.boolean().optional(),
  plugin: plugin.optional(),
  scopedId: z.string().optional(),
  copies: z.array(z.string()).optional(),
};

/** `roster why --json`'s object (core's `reportWhy`), without `schemaVersion`. */
export const whyAgentOutput = {
  name: z.string(),
  winner: agentBrief.optional().describe("the definition the bare name resolves to (first wins)"),
  scoped: agentBrief
    .optional()
    .describe("for <plugin>:<name>: that plugin's definition, which the winner may shadow"),
  candidates: z.array(
    z.looseObject({
      location: z.string(),
      scope: z.string(),
      provider: z.string(),
      filePath: z.string().optional(),
      outcome: z.string(),
    }),
  ),
  shadowed: z.array(agentBrief),
  copies: z
    .array(agentBrief)
    .describe("files roster wrote from the definition asked for (sync, export): never in its place"),
  picked: agentBrief.optional().describe("with provider: that provider's definition of the name"),
  files: z.array(z.looseObject({ path: z.string(), outcome: z.string() })),
  otherTools: z.array(
    z.looseObject({ tool: z.string(), displayName: z.string(), outcome: z.string(), message: z.string() }),
  ),
  suggestions: z.array(z.string()).optional(),
};

export function runTaskInput(hosts: readonly string[]) {
  return {
    agent: z.string().describe("agent name, or <plugin>:<name> for a plugin agent"),
    provider: pickProvider,
    tasks: z
      .array(
        z.object({
          id: z.string().describe("unique within the call"),
          description: z.string().optional().describe("a short label for humans"),
          assignment: z.string().describe("what the agent must do"),
        }),
      )
      .describe(
        `run in parallel; results come back in this order; at most ${MAX_TASKS_PER_CALL} per call (split more over several calls)`,
      ),
    context: z.string().optional().describe("shared by every task, placed before each assignment"),
    schema: z
      .string()
      .optional()
      .describe("an output schema (JTD) as a JSON string, for agents without a built-in one"),
    host: z
      .string()
      .optional()
      .describe(
        `where to run: "auto" (default)${hosts.length > 0 ? `, ${hosts.map((h) => `"${h}"`).join(", ")}` : ""}`,
      ),
  };
}

export const runTaskOutput = {
  agent: z.string(),
  results: z.array(
    z.looseObject({
      id: z.string(),
      agent: z.string(),
      source,
      exitCode: z.number().nullable(),
      output: z.string(),
      stderr: z.string(),
      truncated: z.boolean(),
      durationMs: z.number(),
      data: z.unknown().optional(),
      error: z.string().optional(),
      aborted: z.boolean().optional(),
    }),
  ),
};

export const listCommandsInput = {
  query: z.string().optional().describe("case-insensitive text to look for in names and descriptions"),
};
export const listCommandsOutput = {
  commands: z.array(
    z.looseObject({
      name: z.string(),
      description: z.string(),
      source,
      provider: z.string(),
      filePath: z.string(),
      namespace: z.string().optional(),
      argumentHint: z.string().optional(),
      scopedId: z.string().optional(),
    }),
  ),
};

export const expandCommandInput = {
  name: z.string().describe("command name, or <plugin>:<name>"),
  input: z
    .string()
    .optional()
    .describe("the arguments, as typed after the command (fills $ARGUMENTS, $1…$9, {{args}}, NAME=value)"),
};
export const expandCommandOutput = { name: z.string(), text: z.string() };
