// A scope's sources read once: where its config and lock are, what the config declares and the
// lock pins, and the context its writes are placed by.
import type { DiscoveryContext } from "@roster/core";
import type { SkillSource } from "@roster/family";
import { placesOf, readDeclarations, type SourcePlaces } from "./declarations.js";
import { readLock } from "./lock.js";
import type { PlanContext } from "./plan-files.js";
import { parseSourceSpec } from "./source-spec.js";
import type { SourceLock, SourceScope } from "./types.js";

/** What a scope is, read once: where its files are, what it declares and pins. */
export interface Scope {
  places: SourcePlaces;
  plan: PlanContext;
  declared: ReturnType<typeof readDeclarations>;
  lock: SourceLock;
  lockExists: boolean;
}

/** Reads a scope: its places, its declarations and its lock (a bad config or lock throws). */
export function openScope(
  env: { ctx: DiscoveryContext; skillSources?: readonly SkillSource[] },
  scope: SourceScope = "project",
): Scope {
  const places = placesOf(env.ctx, scope);
  const ctx = scope === "project" ? { ...env.ctx, cwd: places.root } : env.ctx;
  const declared = readDeclarations(places.configFile);
  const { lock, exists } = readLock(places.lockFile);
  return {
    places,
    plan: { ctx, scope, skillSources: env.skillSources ?? [] },
    declared,
    lock,
    lockExists: exists,
  };
}

/** The identity of a declared URL (what `parseSourceSpec` gives it). */
export function keyOf(scope: Scope, url: string): string {
  try {
    return parseSourceSpec(url, { cwd: scope.places.root, home: scope.plan.ctx.home }).key;
  } catch {
    return url;
  }
}
