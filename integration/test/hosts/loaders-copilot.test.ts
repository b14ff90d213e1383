// Differential test (pnpm test:hosts): the same worlds fed to the REAL Copilot CLI's native
// discovery and to `roster list --as copilot --json`; any difference in the loaded set, ids
// or prompts fails. Copilot CLI's offline way: on its first run it unpacks itself to
// `~/.cache/copilot/pkg/<platform>/<version>`, whose `runtime.node` exports
// `customAgentsDiscoverJson` — the call its own `cli-main.js` makes to list custom agents
// (no credentials: `authInfo: null`; no model call, no network). SPEC §15.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { enabled, type LoadedAgent, makeWorld, roster, rosterAs, type World } from "./loaders-harness.js";
import { type CopilotAgent, type CopilotTool, copilotTool } from "./real-tools.js";

let copilot: CopilotTool | undefined;
let unavailable: string | undefined;
const worlds: World[] = [];

beforeAll(async () => {
  if (!enabled) return;
  const found = await copilotTool();
  if ("unavailable" in found) unavailable = found.unavailable;
  else copilot = found;
}, 420_000);
afterAll(() => {
  for (const world of worlds) world.cleanup();
});

/** What Copilot CLI's own discovery loads in `world` (ids and prompts), sorted by id. */
async function copilotLoads(world: World): Promise<LoadedAgent[]> {
  return (await copilotDiscovers(world))
    .map((a) => ({ id: a.id, prompt: a.prompt ?? "" }))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** Copilot CLI's own discovery in `world`, as it answers: each agent's id, prompt and tool list. */
function copilotDiscovers(world: World): Promise<CopilotAgent[]> {
  return copilot!.discover(world);
}

const md = (front: string, body = "Body.") => `---\n${front}\n---\n${body}\n`;

describe.skipIf(!enabled)("Copilot CLI's tool list agrees with roster's", () => {
  test('tools: [] and "" are no tool; no tools key is every tool ("*")', async ({ skip }) => {
    if (unavailable) skip(unavailable);
    const world = makeWorld({
      "project/.github/agents/none.agent.md": md("description: d\ntools: []"),
      "project/.github/agents/blank.agent.md": md('description: d\ntools: ""'),
      "project/.github/agents/some.agent.md": md("description: d\ntools: [read]"),
      "project/.github/agents/every.agent.md": md("description: d"),
    });
    worlds.push(world);
    const real = Object.fromEntries((await copilotDiscovers(world)).map((a) => [a.id, a.tools]));
    expect(real).toMatchObject({ none: [], blank: [], some: ["read"], every: ["*"] });
    const toolsOf = async (name: string) =>
      (JSON.parse((await roster(world, ["show", name, "--json"])).stdout) as { tools?: string[] }).tools;
    // roster's own submit_result aside, the same lists.
    expect(await toolsOf("none")).toEqual(["submit_result"]);
    expect(await toolsOf("blank")).toEqual(["submit_result"]);
    expect(await toolsOf("some")).toEqual(["read", "submit_result"]);
    expect(await toolsOf("every")).toBeUndefined();
  }, 300_000);
});

describe.skipIf(!enabled)("Copilot CLI's own discovery agrees with roster list --as copilot", () => {
  test("places, recursion, identity, precedence and prompts", async ({ skip }) => {
    if (unavailable) skip(unavailable);
    const world = makeWorld({
      "project/.github/agents/ok.agent.md": md(
        "name: ok\ndescription: fine",
        "Prompt <!-- kept -->\n\nline 2",
      ),
      "project/.github/agents/plain.md": md("description: a plain .md"),
      "project/.github/agents/blank-lines.agent.md":
        "---\ndescription: blank lines around\n---\n\n\nLeading and trailing\n\n\n",
      "project/.github/agents/empty.agent.md": "---\ndescription: no prompt\n---\n",
      "project/.github/agents/indented.agent.md":
        "---\ndescription: indented\n---\n  \t  Indented first line\n",
      "project/.github/agents/spaces-line.agent.md":
        "---\ndescription: a line of spaces first\n---\n   \n\nAfter spaces\n",
      "project/.github/agents/sub/x.agent.md": md("description: sub-folders join with --"),
      "project/.github/agents/no-description.agent.md": md("name: no-desc"),
      "project/.github/agents/marked.agent.md": md("description: a copy\ngenerated-by: roster"),
      "project/.github/agents/notes.txt": "not an agent",
      "project/.github/agents/same.agent.md": md("description: the repository's", "Repo prompt"),
      "project/.claude/agents/claude-one.md": md("name: claude-one\ndescription: Claude Code's folder"),
      "project/.claude/agents/deep/two.md": md("name: two\ndescription: read recursively"),
      "home/.copilot/agents/same.agent.md": md("description: the user's", "User prompt"),
      "home/.copilot/agents/mine.md": md("description: the user's own"),
      // `mcp-servers` (issue 52): each entry needs its own `tools`, a local one `args`.
      ...Object.fromEntries(
        Object.entries({
          "entry-tools": "s:\n    command: x\n    args: []\n    tools: ['*']",
          stdio: "s:\n    type: stdio\n    command: x\n    args: [a]\n    tools: []",
          http: "s:\n    type: http\n    url: https://x\n    tools: ['*']",
          "top-tools": "s:\n    command: x\n    args: []",
          "no-args": "s:\n    type: local\n    command: x\n    tools: ['*']",
          "http-no-tools": "s:\n    type: sse\n    url: https://x",
          "ws-type": "s:\n    type: ws\n    url: https://x\n    tools: ['*']",
          "string-entry": "s: x",
          "args-string": "s:\n    command: x\n    args: a\n    tools: ['*']",
        }).map(([name, servers]) => [
          `project/.github/agents/mcp-${name}.agent.md`,
          md(
            `description: mcp ${name}${name === "top-tools" ? "\ntools: [read]" : ""}\nmcp-servers:\n  ${servers}`,
          ),
        ]),
      ),
      // HTML comments stay in the prompt, across lines and before the first line too.
      "project/.github/agents/comments.agent.md": md(
        "description: comments",
        "<!-- first -->\nText <!-- inline -->\n<!--\nmulti\n-->\nend",
      ),
    });
    worlds.push(world);
    const [real, ours] = await Promise.all([copilotLoads(world), rosterAs("copilot", world)]);
    expect(real.map((a) => a.id)).toEqual(
      expect.arrayContaining(["ok", "mcp-entry-tools", "mcp-http", "comments"]),
    );
    expect(real.map((a) => a.id)).not.toContain("mcp-top-tools");
    // Copilot drops the blank lines the text after the closing fence starts with, nothing else.
    expect(ours).toEqual({ agents: real });
  }, 300_000);
});

test.skipIf(enabled)(
  "the Copilot CLI discovery comparison runs only with ROSTER_TEST_HOSTS=1 (pnpm test:hosts)",
  () => {
    expect(enabled).toBe(false);
  },
);
