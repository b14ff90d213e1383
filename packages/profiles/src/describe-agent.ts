// What `roster show NAME` says for people: the agent's fields, then its prompt.
import type { AgentDefinition } from "@roster/core";
import { Block, fieldLines, line, type Screen, showPath, type Text } from "@roster/terminal";

/**
 * `show NAME`'s lines: each field of the definition (absent ones left out; `copies`: the files
 * roster wrote from it), a blank line, and the prompt as a block (its line breaks kept).
 */
export function agentLines(agent: AgentDefinition, copies: readonly string[], screen: Screen): Text[] {
  const fields: Array<readonly [string, unknown]> = [
    ["name", agent.name],
    ["description", agent.description],
    ["source", agent.source],
    ["provider", agent.provider],
    ["file", showPath(screen, agent.filePath)],
    ["plugin", agent.plugin?.id],
    ["copies", copies.length > 0 ? copies.map((c) => showPath(screen, c)) : undefined],
    ["tools", agent.tools],
    ["spawns", agent.spawns],
    ["model", agent.model],
    ["thinkingLevel", agent.thinkingLevel],
    ["blocking", agent.blocking],
    ["output", agent.output],
  ];
  return [...fieldLines(fields, 15), line`\n${new Block(agent.systemPrompt)}`];
}
