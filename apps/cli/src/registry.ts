import { createRegistry, type ProviderRegistry, type SourceProvider } from "@roster/core";
import { bundledProvider } from "@roster/source-bundled";
import { claudeProvider } from "@roster/source-claude";
import { codexProvider } from "@roster/source-codex";
import { geminiProvider } from "@roster/source-gemini";
import { pluginsProvider } from "@roster/source-plugins";
import { xcshProvider } from "@roster/source-xcsh";

/** Options of {@link createDefaultRegistry}. */
export interface DefaultRegistryOptions {
  /** Extra families, registered in order after the four config families and before plugins. */
  extraProviders?: readonly SourceProvider[];
}

/**
 * The app's registry: `xcsh`, `claude`, `codex`, `gemini`, extra providers, `plugins`, `bundled`.
 *
 * @example const registry = createDefaultRegistry({ extraProviders: [cursorProvider] });
 */
export function createDefaultRegistry(options: DefaultRegistryOptions = {}): ProviderRegistry {
  return createRegistry([
    xcshProvider,
    claudeProvider,
    codexProvider,
    geminiProvider,
    ...(options.extraProviders ?? []),
    pluginsProvider,
    bundledProvider,
  ]);
}
