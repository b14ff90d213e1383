import type { ProviderRegistry, SourceProvider } from "@roster/core";
import { setRegistry } from "@roster/family";
import { type AppFamily, familySetOf } from "./families.js";

/** Options of {@link createDefaultRegistry}. */
export interface DefaultRegistryOptions {
  /** Extra families, registered in order after the seven config families and before plugins. */
  extraFamilies?: readonly AppFamily[];
  /** Extra providers alone, registered after `extraFamilies`. */
  extraProviders?: readonly SourceProvider[];
}

/**
 * The app's registry: the providers of the app's families in order (`xcsh`, `claude`, `codex`,
 * `gemini`, `opencode`, `copilot`, `cursor`, extra families, `plugins`, `bundled`).
 *
 * @example const registry = createDefaultRegistry({ extraFamilies: [teamFamily] });
 */
export function createDefaultRegistry(options: DefaultRegistryOptions = {}): ProviderRegistry {
  return setRegistry(familySetOf(options.extraFamilies), options.extraProviders);
}
