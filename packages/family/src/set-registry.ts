import { createRegistry, type ProviderRegistry, type SourceProvider } from "@roster/core";
import type { FamilyHost } from "./define-family.js";
import type { FamilySet } from "./family-set.js";

/**
 * The registry of a family set: its providers in the set's order, `extraProviders` (providers
 * alone) after its other families and before those that go last (`enforce: "post"`).
 *
 * @example setRegistry(createFamilySet([claudeFamily, pluginsFamily]), [teamProvider]).ids()
 */
export function setRegistry<Host extends FamilyHost>(
  families: FamilySet<Host>,
  extraProviders: readonly SourceProvider[] = [],
): ProviderRegistry {
  const providers = [...families.providers];
  const last = families.families.findIndex((f) => f.enforce === "post");
  providers.splice(last === -1 ? providers.length : last, 0, ...extraProviders);
  return createRegistry(providers);
}
