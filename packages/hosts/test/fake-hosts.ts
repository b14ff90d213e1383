// Fake agent hosts for tests: executables named claude, codex, gemini, opencode and copilot,
// written into a temporary folder that tests put first on PATH. Each records its argv, stdin,
// environment and the run-folder files it was pointed at, then answers in that host's own
// output shape (FAKE_HOST_MODE=error: the host's "not logged in" answer and exit code).
// Claude's `auth status` and Codex's `login status` answer as the real ones do
// (FAKE_HOST_LOGIN=out, or a file FAKE_HOST_LOGIN_FILE that exists: not logged in),
// recorded apart (FAKE_HOST_STATUS_RECORD); FAKE_HOST_STATUS_HANG: the status command never
// answers. FAKE_HOST_DEAF=<file>: a run notes "start" there, then each SIGTERM it ignores ("TERM").
import { chmodSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const SCRIPT = String.raw`
const fs = require("node:fs");
const path = require("node:path");
const { spawnSync } = require("node:child_process");
const host = path.basename(process.argv[1]);
const argv = process.argv.slice(2);
const env = process.env;
// The offline status commands roster's preflight asks (FAKE_HOST_LOGIN=out: not logged in).
// (Also under another name, my-claude, and after the config arguments.)
const statusOf = host.endsWith("claude") ? "auth status" : host.endsWith("codex") ? "login status" : undefined;
const status = statusOf !== undefined && argv.slice(-2).join(" ") === statusOf;
if (status) {
  if (env.FAKE_HOST_STATUS_RECORD) {
    fs.mkdirSync(env.FAKE_HOST_STATUS_RECORD, { recursive: true });
    fs.writeFileSync(path.join(env.FAKE_HOST_STATUS_RECORD, host + "-" + process.pid), argv.join(" "));
  }
  // A status command that never answers: blocked until it is killed.
  if (env.FAKE_HOST_STATUS_HANG) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
  const out = env.FAKE_HOST_LOGIN === "out" || (env.FAKE_HOST_LOGIN_FILE !== undefined && fs.existsSync(env.FAKE_HOST_LOGIN_FILE));
  if (statusOf === "auth status") process.stdout.write(JSON.stringify({ loggedIn: !out, authMethod: out ? "none" : "claude.ai" }, null, 2) + "\n");
  else process[out ? "stderr" : "stdout"].write(out ? "Not logged in\n" : "Logged in using ChatGPT\n");
  process.exit(out ? 1 : 0);
}
// A host that ignores SIGTERM and never ends: it notes "start" and each SIGTERM in the file.
if (env.FAKE_HOST_DEAF) {
  fs.appendFileSync(env.FAKE_HOST_DEAF, "start\n");
  process.on("SIGTERM", () => fs.appendFileSync(env.FAKE_HOST_DEAF, "TERM\n"));
  setInterval(() => {}, 1000);
  return;
}
let stdin = "";
try { stdin = fs.readFileSync(0, "utf8"); } catch {}
const files = {};
const look = (value) => {
  if (typeof value !== "string") return;
  const m = value.match(/\{file:(.*)\}/);
  const p = m ? m[1] : value;
  try { if (p.includes("roster-run-") && fs.statSync(p).isFile()) files[p] = fs.readFileSync(p, "utf8"); } catch {}
  try {
    if (p.includes("roster-run-") && fs.statSync(p).isDirectory()) {
      const agents = path.join(p, ".github", "agents");
      for (const f of fs.readdirSync(agents)) files[path.join(agents, f)] = fs.readFileSync(path.join(agents, f), "utf8");
    }
  } catch {}
};
argv.forEach(look);
for (const v of Object.values(env)) look(v);
try { const c = JSON.parse(env.OPENCODE_CONFIG_CONTENT || "{}"); for (const a of Object.values(c.agent || {})) look(a.prompt); } catch {}
const keep = {};
for (const [k, v] of Object.entries(env)) if (/^(ROSTER_|PI_|GEMINI_|OPENCODE_|CLAUDE_CODE_|MAX_THINKING|COPILOT_)/.test(k)) keep[k] = v;
if (env.FAKE_HOST_RECORD) {
  fs.mkdirSync(env.FAKE_HOST_RECORD, { recursive: true });
  const n = fs.readdirSync(env.FAKE_HOST_RECORD).length;
  // The pid too: hosts started at once count the same n, and must not overwrite each other.
  fs.writeFileSync(path.join(env.FAKE_HOST_RECORD, String(n).padStart(3, "0") + "-" + host + "-" + process.pid + ".json"),
    JSON.stringify({ host, argv, stdin, env: keep, files, cwd: process.cwd() }));
}
let answer = env.FAKE_HOST_ANSWER ?? "fake answer from " + host;
if (env.FAKE_CHAIN) {
  const next = JSON.parse(env.FAKE_CHAIN)[env.PI_BLOCKED_AGENT];
  const r = spawnSync(process.execPath, [...JSON.parse(env.FAKE_CHAIN_ROSTER), "run", next, "--task", "deeper", "--json"], { encoding: "utf8", env });
  answer = JSON.stringify({ agent: next, exit: r.status, stdout: r.stdout, stderr: r.stderr });
}
const data = env.FAKE_HOST_DATA ? JSON.parse(env.FAKE_HOST_DATA) : undefined;
const out = (o) => process.stdout.write(JSON.stringify(o) + "\n");
const error = env.FAKE_HOST_MODE === "error";
if (host === "claude") {
  if (error) { out({ type: "result", subtype: "success", is_error: true, result: "Not logged in · Please run /login", session_id: "s-claude", total_cost_usd: 0 }); process.exit(1); }
  const r = { type: "result", subtype: "success", is_error: false, result: data !== undefined ? JSON.stringify(data) : answer, session_id: "s-claude", total_cost_usd: 0.0123 };
  if (data !== undefined && argv.includes("--json-schema")) r.structured_output = data;
  out(r);
} else if (host === "codex") {
  out({ type: "thread.started", thread_id: "s-codex" });
  out({ type: "turn.started" });
  if (error) { out({ type: "error", message: "Reconnecting... 1/5" }); out({ type: "turn.failed", error: { message: "stream disconnected" } }); process.exit(1); }
  out({ type: "item.completed", item: { id: "item_0", type: "agent_message", text: data !== undefined ? JSON.stringify(data) : answer } });
  out({ type: "turn.completed", usage: { input_tokens: 1, output_tokens: 1 } });
} else if (host === "gemini") {
  if (error) { process.stderr.write(JSON.stringify({ session_id: "s-gemini", error: { type: "Error", message: "Please set an Auth method in your settings.json", code: 41 } }, null, 2) + "\n"); process.exit(41); }
  process.stdout.write(JSON.stringify({ session_id: "s-gemini", response: data !== undefined ? JSON.stringify(data) : answer, stats: {} }, null, 2) + "\n");
} else if (host === "opencode") {
  const base = { timestamp: 1, sessionID: "s-opencode" };
  if (error) { out({ type: "error", ...base, error: { name: "UnknownError", data: { message: "Unexpected server error." } } }); process.exit(1); }
  out({ type: "step_start", ...base, part: {} });
  out({ type: "text", ...base, part: { text: data !== undefined ? JSON.stringify(data) : answer } });
  out({ type: "step_finish", ...base, part: { cost: 0.002 } });
} else if (host === "copilot") {
  if (error) { process.stderr.write("Package extraction took 5089ms\nError: No authentication information found.\n\nCopilot can be authenticated with GitHub.\n"); process.exit(1); }
  out({ type: "assistant.message", data: { messageId: "m1", content: data !== undefined ? JSON.stringify(data) : answer } });
  out({ type: "result", sessionId: "s-copilot", exitCode: 0, usage: { premiumRequests: 1 } });
}
process.exitCode = Number(env.FAKE_HOST_EXIT || 0);
`;

/** The five host names. */
export const FAKE_HOSTS = ["claude", "codex", "gemini", "opencode", "copilot"] as const;

/** Writes the fake hosts into `dir` (given names only, or all five). */
export function writeFakeHosts(dir: string, names: readonly string[] = FAKE_HOSTS): string {
  mkdirSync(dir, { recursive: true });
  for (const name of names) {
    const file = join(dir, name);
    writeFileSync(file, `#!${process.execPath}\n${SCRIPT}`);
    chmodSync(file, 0o755);
  }
  return dir;
}

/** What one fake host run recorded. */
export interface FakeRecord {
  host: string;
  argv: string[];
  stdin: string;
  env: Record<string, string>;
  files: Record<string, string>;
  cwd: string;
}

/** Every record in `dir`, in run order. */
export function readRecords(dir: string): FakeRecord[] {
  let names: string[] = [];
  try {
    names = readdirSync(dir).sort();
  } catch {
    return [];
  }
  return names.map((n) => JSON.parse(readFileSync(join(dir, n), "utf8")) as FakeRecord);
}
