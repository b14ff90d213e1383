import { join } from "node:path";
import type { DiscoveryContext } from "@roster/core";

/**
 * Cursor's user folder, `~/.cursor` (`ctx.home`).
 *
 * @example cursorHome({ home: "/h" }) // "/h/.cursor"
 */
export function cursorHome(ctx: Pick<DiscoveryContext, "home">): string {
  return join(ctx.home, ".cursor");
}
