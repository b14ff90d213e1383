// A real headless Chromium from the system packages (`apt-get install -y chromium`), driven by
// playwright-core: no browser is ever downloaded. Tests that need it skip, visibly, without it.
import { existsSync } from "node:fs";
import { type Browser, chromium } from "playwright-core";

/** Where Debian puts it; `ROSTER_CHROMIUM` names another. */
export const CHROMIUM = process.env.ROSTER_CHROMIUM ?? "/usr/bin/chromium";

/** True when the browser is installed. */
export const hasChromium = existsSync(CHROMIUM);

/** The reason a skipped test gives. */
export const NO_CHROMIUM = `no Chromium at ${CHROMIUM} (apt-get install -y chromium; .ci/run installs it)`;

/** Flags that work on these machines: no sandbox (root), no GPU, nothing from the network. */
const FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Starts headless Chromium (a new empty profile each time). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
}
