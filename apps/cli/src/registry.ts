import { createRegistry, type ProviderRegistry, type SourceProvider } from "@roster/core";
import { bundledProvider } from "@roster/source-bundled";
import { claudeProvider } from "@roster/source-claude";
import { codexProvider } from "@roster/source-codex";
import { copilotProvider } from "@roster/source-copilot";
import { cursorProvider } from "@roster/source-cursor";
import { geminiProvider } from "@roster/source-gemini";
import { opencodeProvider } from "@roster/source-opencode";
import { pluginsProvider } from "@roster/source-plugins";
import { xcshProvider } from "@roster/source-xcsh";

/** Options of {@link createDefaultRegistry}. */
export interface DefaultRegistryOptions {
  /** Extra families, registered in order after the seven config families and before plugins. */
  extraProviders?: readonly SourceProvider[];
}

/**
 * The app's registry: `xcsh`, `claude`, `codex`, `gemini`, `opencode`, `copilot`, `cursor`,
 * extra providers, `plugins`, `bundled`.
 *
 * @example const registry = createDefaultRegistry({ extraProviders: [teamProvider] });
 */
export function createDefaultRegistry(options: DefaultRegistryOptions = {}): ProviderRegistry {
  return createRegistry([
    xcshProvider,
    claudeProvider,
    codexProvider,
    geminiProvider,
    opencodeProvider,
    copilotProvider,
    cursorProvider,
    ...(options.extraProviders ?? []),
    pluginsProvider,
    bundledProvider,
  ]);
}
