// A fake `claude` for queue tests, in sh (it starts in a few milliseconds): logged in, it
// answers with the checkout's marker.txt. FAKE_PIDS=dir: it leaves its pid there when it starts;
// FAKE_HOLD=file: it waits until that file exists before answering.
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const SCRIPT = `#!/bin/sh
case "$*" in *"auth status") echo '{"loggedIn":true}'; exit 0;; esac
cat >/dev/null
[ -n "$FAKE_PIDS" ] && echo "$$" > "$FAKE_PIDS/$$"
if [ -n "$FAKE_HOLD" ]; then while [ ! -e "$FAKE_HOLD" ]; do sleep 0.05; done; fi
printf '{"type":"result","subtype":"success","is_error":false,"result":"%s","session_id":"s-%s"}\\n' "$(cat marker.txt 2>/dev/null || echo no-marker)" "$$"
`;

/** Writes the holding `claude` into `dir` and returns `dir` (put it first on PATH). */
export function writeHoldingHost(dir: string): string {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "claude"), SCRIPT);
  chmodSync(join(dir, "claude"), 0o755);
  return dir;
}
