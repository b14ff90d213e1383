// The stored listing (`list --json`'s bytes, kept between runs) read back.
import type { Listing } from "./select-listing.js";

/**
 * `list --json`'s text read back as a {@link Listing}, when it has the shape `list` prints
 * from (the agents' names, descriptions, sources and providers are strings); else
 * `undefined` (the caller reads the files instead).
 *
 * @example parseListing('{"agents":[],"shadowed":[],"diagnostics":[]}') // { agents: [], … }
 */
export function parseListing(text: string): Listing | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const listing = value as Partial<Listing> | null;
  const isText = (v: unknown) => typeof v === "string";
  if (
    !listing ||
    !Array.isArray(listing.agents) ||
    !Array.isArray(listing.shadowed) ||
    !Array.isArray(listing.diagnostics) ||
    !listing.agents.every(
      (a) => a && isText(a.name) && isText(a.description) && isText(a.source) && isText(a.provider),
    )
  )
    return undefined;
  return listing as Listing;
}
