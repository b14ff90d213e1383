import { join } from "node:path";
import type { DiscoveryContext } from "@roster/core";

/**
 * Gemini CLI's user folder, `~/.gemini` (`ctx.home`; Gemini CLI has no override
 * variable for it that roster honours).
 *
 * @example geminiDir({ home: "/h" }) // "/h/.gemini"
 */
export function geminiDir(ctx: Pick<DiscoveryContext, "home">): string {
  return join(ctx.home, ".gemini");
}
