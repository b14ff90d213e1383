// A made-up family for the tests: `.<id>/<kind>` in the project (walking up), then `~/.<id>/<kind>`.
import { join } from "node:path";
import { defineProvider, familyLocations, type SourceProvider } from "@roster/core";

/** A family like the real ones: `.<id>/agents` walking up, then `~/.<id>/agents`. */
export function dotFamily(id: string): SourceProvider {
  return defineProvider({
    id,
    locate: (ctx, kind) =>
      familyLocations(ctx, { project: `.${id}/${kind}`, user: join(ctx.home, `.${id}`, kind) }),
  });
}
