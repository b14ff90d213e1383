import type { ProviderRegistry } from "./registry.js";
import type {
  Diagnostic,
  DiscoveryContext,
  DiscoveryKind,
  LoadedItem,
  Location,
  SourceProvider,
} from "./types.js";

/** What one provider answered, in registry order. */
export interface ProviderAnswer {
  provider: string;
  locations: readonly Location[];
  items: readonly LoadedItem[];
}

/** The outcome of {@link runProviders}. */
export interface ProvidersRun {
  answers: ProviderAnswer[];
  /** Problems providers reported, and providers that failed, in registry order. */
  diagnostics: Diagnostic[];
}

type Step = "locate" | "load";

/** The one place a provider's failure becomes a diagnostic. */
function failure(provider: SourceProvider, step: Step, kind: DiscoveryKind, error: unknown): Diagnostic {
  return {
    severity: "error",
    code: `provider/${step}-failed`,
    message: `provider "${provider.id}" failed to ${step} ${kind}: ${error instanceof Error ? error.message : String(error)}`,
    hint: `a provider should report a bad file as a diagnostic; report this to the author of "${provider.id}"`,
  };
}

async function ask<T>(
  call: () => unknown,
  unwrap: (value: unknown) => { values: T[]; diagnostics: Diagnostic[] },
): Promise<{ values: T[]; diagnostics: Diagnostic[]; failed?: unknown }> {
  try {
    return unwrap(await call());
  } catch (error) {
    return { values: [], diagnostics: [], failed: error };
  }
}

function unwrapList<T>(field: "locations" | "items") {
  return (value: unknown): { values: T[]; diagnostics: Diagnostic[] } => {
    if (value === undefined) return { values: [], diagnostics: [] };
    if (Array.isArray(value)) return { values: value as T[], diagnostics: [] };
    const object = value as Record<string, unknown>;
    const values = object[field];
    if (!Array.isArray(values))
      throw new TypeError(`expected an array or { ${field}: [...] }, got ${typeof value}`);
    return { values: values as T[], diagnostics: (object.diagnostics as Diagnostic[] | undefined) ?? [] };
  };
}

/**
 * Asks every provider, in parallel, for its locations and items of `kind` (SPEC §5
 * step 1). Answers come back in registry order; a provider that throws answers nothing
 * and becomes a `provider/locate-failed` or `provider/load-failed` diagnostic.
 */
export async function runProviders(
  registry: ProviderRegistry,
  ctx: DiscoveryContext,
  kind: DiscoveryKind,
): Promise<ProvidersRun> {
  const providers = registry.list();
  const results = await Promise.all(
    providers.map(async (provider) => ({
      located: await ask<Location>(() => provider.locate?.(ctx, kind), unwrapList("locations")),
      loaded: await ask<LoadedItem>(() => provider.load?.(ctx, kind), unwrapList("items")),
    })),
  );
  const answers: ProviderAnswer[] = [];
  const diagnostics: Diagnostic[] = [];
  providers.forEach((provider, index) => {
    const { located, loaded } = results[index]!;
    for (const [step, outcome] of [
      ["locate", located],
      ["load", loaded],
    ] as const) {
      diagnostics.push(...outcome.diagnostics);
      if ("failed" in outcome) diagnostics.push(failure(provider, step, kind, outcome.failed));
    }
    answers.push({ provider: provider.id, locations: located.values, items: loaded.values });
  });
  return { answers, diagnostics };
}
