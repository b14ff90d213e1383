import type { SourceProvider } from "./types.js";

/** Thrown when a provider is registered wrongly; the message says how to fix it. */
export class RegistryError extends Error {
  override readonly name = "RegistryError";
}

/** Where to insert a provider; without either, it goes last. */
export interface RegisterOptions {
  before?: string;
  after?: string;
}

/** Providers in precedence order: the first registered wins a name. */
export interface ProviderRegistry {
  register(provider: SourceProvider, options?: RegisterOptions): ProviderRegistry;
  unregister(id: string): boolean;
  get(id: string): SourceProvider | undefined;
  has(id: string): boolean;
  /** The providers, highest precedence first. */
  list(): readonly SourceProvider[];
  ids(): string[];
}

const ID = /^[a-z0-9][a-z0-9_-]*$/;

function validate(provider: unknown): asserts provider is SourceProvider {
  if (provider === null || typeof provider !== "object") {
    throw new RegistryError(
      `A provider must be an object built with defineProvider({ id, locate }), got ${provider === null ? "null" : typeof provider}.`,
    );
  }
  const p = provider as Partial<SourceProvider>;
  if (typeof p.id !== "string" || !ID.test(p.id)) {
    throw new RegistryError(
      `A provider needs an id of lower-case letters, digits, "-" or "_" (like "claude"), got ${JSON.stringify(p.id)}.`,
    );
  }
  if (p.locate !== undefined && typeof p.locate !== "function") {
    throw new RegistryError(`Provider "${p.id}": locate must be a function (ctx, kind) => Location[].`);
  }
  if (p.load !== undefined && typeof p.load !== "function") {
    throw new RegistryError(`Provider "${p.id}": load must be a function (ctx, kind) => LoadedItem[].`);
  }
  if (p.locate === undefined && p.load === undefined) {
    throw new RegistryError(`Provider "${p.id}" has neither locate nor load: give it at least one.`);
  }
}

/**
 * Creates a provider registry. Registration order is precedence.
 *
 * @example
 * const registry = createRegistry([xcsh, claude]).register(cursor, { after: "claude" });
 */
export function createRegistry(initial: readonly SourceProvider[] = []): ProviderRegistry {
  const providers: SourceProvider[] = [];
  const registry: ProviderRegistry = {
    register(provider, options = {}) {
      validate(provider);
      if (providers.some((p) => p.id === provider.id)) {
        throw new RegistryError(
          `A provider with id "${provider.id}" is already registered: give the new one another id, or unregister("${provider.id}") first.`,
        );
      }
      if (options.before !== undefined && options.after !== undefined) {
        throw new RegistryError(`register("${provider.id}"): pass before or after, not both.`);
      }
      const anchor = options.before ?? options.after;
      if (anchor === undefined) {
        providers.push(provider);
        return registry;
      }
      const index = providers.findIndex((p) => p.id === anchor);
      if (index === -1) {
        throw new RegistryError(
          `register("${provider.id}"): no provider "${anchor}" to insert ${options.before !== undefined ? "before" : "after"}; registered: ${providers.map((p) => p.id).join(", ") || "none"}.`,
        );
      }
      providers.splice(options.before !== undefined ? index : index + 1, 0, provider);
      return registry;
    },
    unregister(id) {
      const index = providers.findIndex((p) => p.id === id);
      if (index === -1) return false;
      providers.splice(index, 1);
      return true;
    },
    get: (id) => providers.find((p) => p.id === id),
    has: (id) => providers.some((p) => p.id === id),
    list: () => [...providers],
    ids: () => providers.map((p) => p.id),
  };
  for (const provider of initial) registry.register(provider);
  return registry;
}
