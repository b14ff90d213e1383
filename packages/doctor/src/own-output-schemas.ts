// Whether doctor has an `output` schema of the user's to compile (the compiler loads only then).
import type { AgentDefinition, AgentDiscovery } from "@roster/core";

/** An agent whose `output` schema is the user's: written in a file, not shipped (`embedded:`). */
function hasOwnSchema(agent: AgentDefinition): boolean {
  return agent.output !== undefined && agent.filePath?.startsWith("embedded:") !== true;
}

/**
 * True when a file on disk (a winner or a shadowed definition) has an `output` schema: doctor
 * then compiles each as `run` would (the executor's compiler, some 60 ms to load). The schemas
 * roster ships (`embedded:` agents) are not the user's to mend: the build checks them.
 */
export function hasOwnOutputSchemas(agents: Pick<AgentDiscovery, "agents" | "shadowed">): boolean {
  return agents.agents.some(hasOwnSchema) || agents.shadowed.some((s) => hasOwnSchema(s.agent));
}
