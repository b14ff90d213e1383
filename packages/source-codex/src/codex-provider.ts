import { join } from "node:path";
import {
  type DiscoveryContext,
  type DiscoveryKind,
  defineProvider,
  familyLocations,
  type Location,
  markdownFormat,
} from "@roster/core";
import { codexAgentFormat } from "./codex-agent-format.js";
import { loadCodexConfigAgents } from "./codex-config.js";
import { codexHome } from "./codex-paths.js";
import type { CodexProviderOptions } from "./types.js";

/** Agents folders read markdown and Codex TOML side by side. */
const AGENT_FORMATS = [markdownFormat, codexAgentFormat] as const;

/**
 * Creates the Codex provider. Agents: the nearest `<ancestor>/.codex/agents`, then
 * `<CODEX_HOME or ~/.codex>/agents`, each reading `*.md` and `*.toml`. Commands: the
 * nearest `<ancestor>/.codex/prompts` (unless `projectPrompts: false`), then
 * `<CODEX_HOME or ~/.codex>/prompts`, with positional and named placeholders.
 *
 * @example createRegistry([createCodexProvider({ projectPrompts: false })])
 */
export function createCodexProvider(options: CodexProviderOptions = {}) {
  const projectPrompts = options.projectPrompts ?? true;
  return defineProvider({
    id: "codex",
    displayName: "Codex",
    locate(ctx: DiscoveryContext, kind: DiscoveryKind): Location[] {
      const home = codexHome(ctx);
      if (kind === "agents") {
        return familyLocations(ctx, {
          project: join(".codex", "agents"),
          user: join(home, "agents"),
          formats: AGENT_FORMATS,
        });
      }
      return familyLocations(ctx, {
        ...(projectPrompts ? { project: join(".codex", "prompts") } : {}),
        user: join(home, "prompts"),
        commandPlaceholders: ["positional", "named"],
      });
    },
    // Agent roles declared in config.toml ([agents.<name>] with a config_file).
    load(ctx: DiscoveryContext, kind: DiscoveryKind) {
      return kind === "agents" ? loadCodexConfigAgents(ctx) : [];
    },
  });
}

/** The Codex config family with default options (`.codex`, `~/.codex`, `CODEX_HOME`). */
export const codexProvider = createCodexProvider();
