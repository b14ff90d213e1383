import { createRegistry, type ProviderRegistry, type SourceProvider } from "@roster/core";
import { type AppFamilies, type AppFamily, familySetOf } from "./families.js";

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
  return registryOf(familySetOf(options.extraFamilies), options.extraProviders);
}

/**
 * The registry of a family set: its providers in the set's order, `extraProviders` (providers
 * alone) after its other families and before those that go last.
 */
export function registryOf(
  families: AppFamilies,
  extraProviders: readonly SourceProvider[] = [],
): ProviderRegistry {
  const providers = [...families.providers];
  const last = families.families.findIndex((f) => f.enforce === "post");
  providers.splice(last === -1 ? providers.length : last, 0, ...extraProviders);
  return createRegistry(providers);
}
