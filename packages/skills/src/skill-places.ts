import { join, resolve } from "node:path";
import type { DiscoveryContext } from "@roster/core";
import { ancestorsOf, fileSystemOf, isDirectory } from "@roster/core/provider-kit";
import type { SkillPlace } from "@roster/family";
import { ancestorsToRepoRoot } from "@roster/family";

/** Options of {@link projectSkillPlaces}. */
export interface ProjectSkillPlacesOptions {
  /** `repo-root`: every folder from the cwd up to the git root (the cwd alone outside a repository); `cwd`: the cwd only. */
  upTo: "repo-root" | "cwd";
  /**
   * Outside a repository, `repo-root` reads the cwd alone (`cwd`, the default) or every
   * ancestor up to the home folder (`home`, Claude Code).
   */
  withoutRepo?: "cwd" | "home";
  /** The family whose folders these are, when another family's tool reads them. */
  owner?: string;
}

/**
 * The project skills folders a tool reads (SPEC §18): for each ancestor of the cwd (nearest
 * first) up to the repository root, each of `relatives` (`.claude/skills`) that is a folder.
 * The home folder is never a project (its folders are the user's). Each place is contained
 * in its ancestor.
 *
 * @example projectSkillPlaces(ctx, [".github/skills", ".agents/skills"], { upTo: "repo-root" })
 */
export function projectSkillPlaces(
  ctx: DiscoveryContext,
  relatives: readonly string[],
  options: ProjectSkillPlacesOptions,
): SkillPlace[] {
  const fs = fileSystemOf(ctx);
  const home = resolve(ctx.home);
  const ancestors =
    options.upTo === "cwd"
      ? [resolve(ctx.cwd)]
      : options.withoutRepo === "home" && !isInsideRepo(ctx)
        ? ancestorsOf(ctx.cwd)
        : ancestorsToRepoRoot(ctx);
  const places: SkillPlace[] = [];
  for (const root of ancestors) {
    if (root === home) break;
    for (const relative of relatives) {
      const dir = join(root, relative);
      if (!isDirectory(fs, dir)) continue;
      const place: SkillPlace = { dir, scope: "project", root };
      if (options.owner !== undefined) place.owner = options.owner;
      places.push(place);
    }
  }
  return places;
}

/** True when the cwd or an ancestor holds `.git`. */
function isInsideRepo(ctx: DiscoveryContext): boolean {
  const fs = fileSystemOf(ctx);
  for (const dir of ancestorsOf(ctx.cwd)) {
    try {
      fs.stat(join(dir, ".git"));
      return true;
    } catch {
      // Keep walking.
    }
  }
  return false;
}
