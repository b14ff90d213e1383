import { createRegistry, type ProviderRegistry, type SourceProvider } from "@roster/core";
import { type AppFamily, assembleFamilies } from "./families.js";

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
  const families = assembleFamilies(options.extraFamilies);
  const at = families.findIndex((f) => f.id === "plugins");
  const providers = families.map((f) => f.provider);
  providers.splice(at, 0, ...(options.extraProviders ?? []));
  return createRegistry(providers);
}
