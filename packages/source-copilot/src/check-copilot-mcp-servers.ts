const isMapping = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const kindOf = (value: unknown): string =>
  value === null ? "null" : Array.isArray(value) ? "a list" : `a ${typeof value}`;

/** `undefined` when `value` is a list of strings, else why not (Copilot CLI's wording, shortened). */
function stringListProblem(value: unknown): string | undefined {
  if (value === undefined) return "is required";
  if (!Array.isArray(value)) return `must be a list, not ${kindOf(value)}`;
  const bad = value.findIndex((item) => typeof item !== "string");
  return bad === -1 ? undefined : `item ${bad} must be a string, not ${kindOf(value[bad])}`;
}

/** `undefined` when `value` is a string, else why not. */
function stringProblem(value: unknown): string | undefined {
  if (value === undefined) return "is required";
  return typeof value === "string" ? undefined : `must be a string, not ${kindOf(value)}`;
}

/** Copilot CLI's `type` values for a server it starts itself (absent means local). */
const LOCAL_TYPES = new Set([undefined, "local", "stdio"]);
/** Copilot CLI's `type` values for a server it reaches by URL. */
const REMOTE_TYPES = new Set(["http", "sse"]);

/** Why one `mcp-servers` entry is refused, as `[path, problem]`, or `undefined`. */
function entryProblem(server: string, entry: unknown): [string, string] | undefined {
  const at = `mcp-servers.${server}`;
  if (!isMapping(entry)) return [at, `must be a mapping, not ${kindOf(entry)}`];
  const checks: Array<[string, string | undefined]> = [];
  if (LOCAL_TYPES.has(entry.type as string | undefined)) {
    checks.push(["command", stringProblem(entry.command)], ["args", stringListProblem(entry.args)]);
    if (entry.env !== undefined && !isMapping(entry.env))
      checks.push(["env", `must be a mapping, not ${kindOf(entry.env)}`]);
  } else if (REMOTE_TYPES.has(entry.type as string)) {
    checks.push(["url", stringProblem(entry.url)]);
  } else {
    return [`${at}.type`, "must be `local`, `stdio`, `http` or `sse`"];
  }
  checks.push(["tools", stringListProblem(entry.tools)]);
  const failed = checks.find(([, problem]) => problem !== undefined);
  return failed ? [`${at}.${failed[0]}`, failed[1]!] : undefined;
}

/**
 * Why Copilot CLI (1.0.102) refuses a custom agent's `mcp-servers` value, or `undefined` when it
 * accepts it: a mapping (or nothing) whose every entry is a mapping with a `tools` list of
 * strings; a local entry (`type` absent, `local` or `stdio`) also needs `command` and an
 * `args` list, a remote one (`http`, `sse`) a `url`. A top-level `tools` does not stand in.
 *
 * @example copilotMcpServersProblem({ s: { type: "http", url: "https://x" } }) // "`mcp-servers.s.tools` is required"
 */
export function copilotMcpServersProblem(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isMapping(value)) return `\`mcp-servers\` must be a mapping, not ${kindOf(value)}`;
  for (const [server, entry] of Object.entries(value)) {
    const problem = entryProblem(server, entry);
    if (problem) return `\`${problem[0]}\` ${problem[1]}`;
  }
  return undefined;
}
