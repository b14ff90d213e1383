import { discoverCommands } from "@roster/commands";
import {
  type AgentDiscovery,
  type DiscoveryCache,
  type DiscoveryContext,
  discoverAgents,
  type ProviderRegistry,
} from "@roster/core";
import { hasOwnOutputSchemas } from "./own-output-schemas.js";
import { type DoctorInput, type DoctorReport, findProblems } from "./run-doctor.js";
import { keysAsWrittenIn } from "./with-key-lines.js";

/** What {@link discoverProblems} reads with, and the findings from before discovery. */
export interface DiscoverProblemsOptions
  extends Pick<DoctorInput, "skills" | "configDiagnostics" | "sessionDiagnostics"> {
  registry: ProviderRegistry;
  /** Where agents are read: the app's, or the one of tool views prepared to take these reads. */
  ctx: DiscoveryContext;
  /** Where commands are read (the app's). */
  commandsCtx: DiscoveryContext;
  cache?: DiscoveryCache;
  /** A discovery of agents made so already (no prompt decoded): not made again. */
  discovered?: AgentDiscovery;
  /** Where the files an unknown key is found in are read (fileTexts), for the key's spelling. */
  textOf: (path: string) => string | undefined;
  /** Loads the executor's `compileOutputSchema`: called only when a file has an `output` schema of the user's. */
  loadCompiler: () => Promise<NonNullable<DoctorInput["compileOutputSchema"]>>;
}

/**
 * Every finding of `roster doctor` here: one discovery of agents (no prompt decoded, each file
 * read once) and one of commands, under {@link findProblems}' rules, a user's `output` schema
 * compiled as `run` would compile it.
 */
export async function discoverProblems(options: DiscoverProblemsOptions): Promise<DoctorReport> {
  const { registry, ctx, commandsCtx, cache, discovered, textOf, loadCompiler, ...findings } = options;
  const [agents, commands] = await Promise.all([
    discovered ?? discoverAgents(registry, ctx, { bodies: "on-demand" }),
    discoverCommands(registry, commandsCtx, cache ? { cache } : {}),
  ]);
  const compileOutputSchema = hasOwnOutputSchemas(agents) ? await loadCompiler() : undefined;
  return findProblems({
    ...findings,
    agents,
    commands,
    keyAsWritten: keysAsWrittenIn(textOf),
    ...(compileOutputSchema ? { compileOutputSchema } : {}),
  });
}
