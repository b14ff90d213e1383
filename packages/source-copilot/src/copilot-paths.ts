import { join } from "node:path";
import type { DiscoveryContext } from "@roster/core";

/**
 * Copilot CLI's user folder, `~/.copilot` (`ctx.home`).
 *
 * @example copilotHome({ home: "/h" }) // "/h/.copilot"
 */
export function copilotHome(ctx: Pick<DiscoveryContext, "home">): string {
  return join(ctx.home, ".copilot");
}
