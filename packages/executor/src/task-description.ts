import { createHash } from "node:crypto";
import type { AgentDefinition } from "@roster/core";

/**
 * The task tool's description for a host: every agent with its description, and a
 * warning that agents with a built-in output schema must get no output-format prose.
 */
export function buildTaskDescription(agents: readonly AgentDefinition[]): string {
  const lines = [
    "Run one or more tasks with a specialised sub-agent. Tasks run in parallel and each returns its own result.",
    'Input: { agent, context?, schema?, tasks: [{ id, description, assignment }] }. "context" is shared by every task and placed before each assignment.',
    "",
    "Agents:",
  ];
  if (agents.length === 0) lines.push("(none)");
  for (const agent of agents) {
    lines.push(
      `- ${agent.name}: ${agent.description.replace(/\s+/g, " ").trim()}${agent.output !== undefined ? " [structured output]" : ""}`,
    );
  }
  const structured = agents.filter((a) => a.output !== undefined).map((a) => a.name);
  if (structured.length > 0) {
    lines.push(
      "",
      `Agents with a built-in output schema (${structured.join(", ")}) already know the shape of their result: do not describe an output format in the assignment or context, and do not pass a schema for them.`,
    );
  }
  return lines.join("\n");
}

/** A fingerprint of what {@link buildTaskDescription} depends on. */
export function descriptionFingerprint(description: string): string {
  return createHash("sha1").update(description).digest("hex");
}
