// Differential test (pnpm test:hosts): the same folder fed to the REAL Gemini CLI's own
// `loadAgentsFromDirectory` (imported from its bundle chunk; no model call, no network) and
// to `roster list --as gemini --json`; any difference in the loaded set, names or prompts
// fails. SPEC §15.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  CORPUS,
  enabled,
  type LoadedAgent,
  makeWorld,
  roster,
  rosterAs,
  type World,
  YAML_NAME_CASES,
} from "./loaders-harness.js";
import { type GeminiTool, geminiTool } from "./real-tools.js";

let gemini: GeminiTool | undefined;
let unavailable: string | undefined;
const worlds: World[] = [];

beforeAll(async () => {
  if (!enabled) return;
  const found = await geminiTool();
  if ("unavailable" in found) unavailable = found.unavailable;
  else gemini = found;
}, 420_000);
afterAll(() => {
  for (const world of worlds) world.cleanup();
});

/**
 * Runs Gemini CLI's own `loadAgentsFromDirectory` on `dir` and answers what `pick` (a JS
 * expression over its agents, `r.agents`) makes of them.
 */
function geminiLoader<T>(world: World, dir: string, pick: string): Promise<T> {
  return gemini!.loadAgents<T>(world, { dir, pick });
}

/** What Gemini CLI's loader makes of `dir`: the agents it loads (names, prompts). */
async function geminiLoads(world: World, dir: string): Promise<LoadedAgent[]> {
  const agents = await geminiLoader<LoadedAgent[]>(
    world,
    dir,
    `r.agents.map((a) => ({ id: a.name, prompt: a.promptConfig?.systemPrompt ?? "" }))`,
  );
  return agents.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

const md = (front: string, body = "Body.") => `---\n${front}\n---\n${body}\n`;

/** One small case per rule; names are unique so first-registered-wins plays no part. */
const CASES: Record<string, string> = {
  "ok.md": md("name: ok\ndescription: fine", "Prompt <!-- kept -->\n\nline 2"),
  "bom.md": `\uFEFF${md("name: bom\ndescription: d")}`,
  "trailing-space.md": "--- \nname: trailing\ndescription: d\n---\nB\n",
  "spaces.md": md('name: spaces\ndescription: "   "'),
  "empty-description.md": md('name: empty-desc\ndescription: ""'),
  "no-description.md": md("name: no-desc"),
  "unknown-key.md": md("name: unknown\ndescription: d\ncolor: blue"),
  // roster's marker key: Gemini CLI refuses the file ("Unrecognized key(s)"), so its copies are
  // marked by the folder's .roster-sync.json instead.
  "marker.md": md("name: marker\ndescription: d\ngenerated-by: roster"),
  "bad-tool.md": md("name: bad-tool\ndescription: d\ntools: [Read]"),
  "good-tools.md": md("name: good-tools\ndescription: d\ntools: [read_file, '*', mcp_x_y]"),
  "tools-string.md": md("name: tools-string\ndescription: d\ntools: read_file"),
  "_skipped.md": md("name: skipped\ndescription: d"),
  "not-slug.md": md("name: Not Slug\ndescription: d"),
  "turns.md": md("name: turns\ndescription: d\nmax_turns: 0"),
  "temperature.md": md('name: temperature\ndescription: d\ntemperature: "0.5"'),
  "no-frontmatter.md": "Just text\n",
  "bad-yaml.md": "---\nname: bad-yaml\ndescription: Use when: x\n---\nB\n",
  "kind.md": md("name: kinded\ndescription: d\nkind: local\nmodel: gemini-2.5-pro\ntimeout_mins: 5"),
  "sub/nested.md": md("name: nested\ndescription: d"),
  "notes.txt": "not an agent",
  // Issue 52: the block ends at the first line starting `---` (the prompt is empty when the
  // line goes on); remote agents (`kind: remote`, or an agent card without `kind`) load.
  "suffix.md": "---\nname: suffix\ndescription: d\n---yaml\nBody after\n",
  "dashes4.md": "---\nname: dashes4\ndescription: d\n----\nBody\n",
  "remote.md": md(
    "name: remote\nkind: remote\nagent_card_url: https://example.com/card.json",
    "Not a prompt",
  ),
  "remote-nokind.md": md("name: remote-nokind\ndescription: r\nagent_card_url: https://example.com/c"),
  "remote-json.md": md(`name: remote-json\nkind: remote\nagent_card_json: '{"a": 1}'`),
  "remote-tools.md": md(
    "name: remote-tools\nkind: remote\nagent_card_url: https://example.com/c\ntools: [read_file]",
  ),
  "remote-bad-url.md": md("name: remote-bad-url\nkind: remote\nagent_card_url: not a url"),
  "mixed.md": md("name: mixed\ndescription: d\nagent_card_url: https://example.com/c\ntools: [read_file]"),
  "local-nodesc.md": md("name: local-nodesc\nkind: local"),
  // Issue 52: list frontmatter is a list of remote agents, each named by its `name`; one entry
  // its schema refuses (a local key, a local `kind`) and the file loads nothing.
  "list.md": md(
    "- name: list-one\n  agent_card_url: https://example.com/1\n- name: list-two\n  kind: remote\n  description: second\n  agent_card_url: https://example.com/2",
    "Not a prompt",
  ),
  "list-flow.md": md(`[{name: list-flow, agent_card_json: '{"a": 1}'}]`),
  "list-bad.md": md(
    "- name: list-three\n  agent_card_url: https://example.com/3\n- name: list-four\n  agent_card_url: https://example.com/4\n  tools: [read_file]",
  ),
  "list-local.md": md("- name: list-local\n  kind: local\n  description: d"),
  "list-empty.md": md("[]"),
};

describe.skipIf(!enabled)("Gemini CLI's own loader agrees with roster list --as gemini", () => {
  test("every rule of its loader and schema: the loaded names and prompts", async ({ skip }) => {
    if (unavailable) skip(unavailable);
    const world = makeWorld(
      Object.fromEntries(Object.entries(CASES).map(([rel, text]) => [`home/.gemini/agents/${rel}`, text])),
      { "home/.gemini/agents/link.md": "ok.md" },
    );
    worlds.push(world);
    const [real, ours] = await Promise.all([
      geminiLoads(world, join(world.home, ".gemini/agents")),
      rosterAs("gemini", world),
    ]);
    expect(real.map((a) => a.id)).toEqual(
      expect.arrayContaining([
        "ok",
        "suffix",
        "remote",
        "remote-nokind",
        "remote-json",
        "list-one",
        "list-two",
      ]),
    );
    expect(ours).toEqual({ agents: real });
  }, 300_000);
});

/** The tool list Gemini CLI's loader gives each agent it loads in `dir` (`null`: every tool). */
function geminiToolLists(world: World, dir: string): Promise<Record<string, string[] | null>> {
  return geminiLoader(
    world,
    dir,
    "Object.fromEntries(r.agents.map((a) => [a.name, a.toolConfig ? a.toolConfig.tools : null]))",
  );
}

describe.skipIf(!enabled)("Gemini CLI's tool list agrees with roster's", () => {
  test("tools: [] is no tool (its subagent gets none), no tools key every tool", async ({ skip }) => {
    if (unavailable) skip(unavailable);
    const world = makeWorld({
      "home/.gemini/agents/none.md": md("name: none\ndescription: d\ntools: []"),
      "home/.gemini/agents/some.md": md("name: some\ndescription: d\ntools:\n  - read_file"),
      "home/.gemini/agents/every.md": md("name: every\ndescription: d"),
    });
    worlds.push(world);
    const real = await geminiToolLists(world, join(world.home, ".gemini/agents"));
    expect(real).toEqual({ none: [], some: ["read_file"], every: null });
    const toolsOf = async (name: string) =>
      (JSON.parse((await roster(world, ["show", name, "--json"])).stdout) as { tools?: string[] }).tools;
    // roster's own submit_result aside, the same lists.
    expect(await toolsOf("none")).toEqual(["submit_result"]);
    expect(await toolsOf("some")).toEqual(["read", "submit_result"]);
    expect(await toolsOf("every")).toBeUndefined();
  }, 300_000);
});

describe.skipIf(!enabled)("why NAME --as gemini about NAME alone", () => {
  test("finds every agent Gemini CLI's loader loads, however its YAML writes the name", async ({ skip }) => {
    if (unavailable) skip(unavailable);
    // `why NAME` passes unparsed a file whose bytes hold neither NAME nor a `\`: whatever the
    // real loader names, the sifted answer must find.
    const world = makeWorld(
      Object.fromEntries(
        Object.entries(YAML_NAME_CASES).map(([rel, text]) => [`home/.gemini/agents/${rel}`, text]),
      ),
    );
    worlds.push(world);
    const [real, ours] = await Promise.all([
      geminiLoads(world, join(world.home, ".gemini/agents")),
      rosterAs("gemini", world),
    ]);
    expect(ours).toEqual({ agents: real });
    expect(real.length).toBeGreaterThan(3);
    for (const { id } of real) {
      const ran = await roster(world, ["why", id, "--as", "gemini", "--json"]);
      const answer = JSON.parse(ran.stdout) as { winner?: { name: string; id?: string } };
      expect([id, ran.code, answer.winner?.id ?? answer.winner?.name]).toEqual([id, 0, id]);
    }
  }, 300_000);
});

/**
 * The project agents Gemini CLI registers in `cwd`: `AgentRegistry.loadAgents` of its bundle
 * — project agents only when `checkPathTrust` (imported) trusts the cwd, then only those whose
 * `metadata.hash` (set by the imported loader) the acknowledgments file
 * (`Storage.getAcknowledgedAgentsPath()`, imported) holds under the project root (the cwd) and
 * the agent's name, as `AcknowledgedAgentsService.isAcknowledged` (not exported) compares.
 */
function geminiRegistersFromProject(world: World): Promise<string[]> {
  const cwd = world.project;
  return gemini!.withAgentsChunk<string[]>(world, {
    name: "gemini-gate.mjs",
    cwd,
    code: (out) => `const { readFileSync, writeFileSync } = await import("node:fs");
const { join } = await import("node:path");
const trust = m.checkPathTrust({ path: ${JSON.stringify(cwd)}, isFolderTrustEnabled: true });
let names = [];
if (trust.isTrusted !== false && trust.isTrusted !== undefined) {
  let acks = {};
  try { acks = JSON.parse(readFileSync(m.Storage.getAcknowledgedAgentsPath(), "utf8")); } catch {}
  const r = await m.loadAgentsFromDirectory(join(${JSON.stringify(cwd)}, ".gemini", "agents"));
  names = r.agents.filter((a) => (acks[${JSON.stringify(cwd)}] ?? {})[a.name] === a.metadata?.hash).map((a) => a.name);
}
writeFileSync(${JSON.stringify(out)}, JSON.stringify(names.sort()));
process.exit(0);
`,
  });
}

describe.skipIf(!enabled)(
  "Gemini CLI's folder trust and acknowledgments agree with roster list --as gemini",
  () => {
    test("trusted or not (TRUST_FOLDER, TRUST_PARENT, DO_NOT_TRUST, a comment), acknowledged, changed since", async ({
      skip,
    }) => {
      if (unavailable) skip(unavailable);
      const acked = md("name: acked\ndescription: d", "Acknowledged.");
      const changed = md("name: changed\ndescription: d", "Edited after the acknowledgment.");
      const world = makeWorld({
        "project/.gemini/agents/acked.md": acked,
        "project/.gemini/agents/changed.md": changed,
        "project/.gemini/agents/unacked.md": md("name: unacked\ndescription: d"),
        "home/.gemini/acknowledgments/agents.json": "{}",
      });
      worlds.push(world);
      const sha = (text: string) => createHash("sha256").update(text).digest("hex");
      writeFileSync(
        join(world.home, ".gemini/acknowledgments/agents.json"),
        JSON.stringify({ [world.project]: { acked: sha(acked), changed: sha("the text acknowledged") } }),
      );
      const trusted = join(world.home, ".gemini/trustedFolders.json");
      const cases: [string, string | undefined][] = [
        ["no trustedFolders.json", undefined],
        ["TRUST_FOLDER", JSON.stringify({ [world.project]: "TRUST_FOLDER" })],
        ["TRUST_PARENT of a sub-folder", JSON.stringify({ [join(world.project, "sub")]: "TRUST_PARENT" })],
        ["TRUST_FOLDER of an ancestor", JSON.stringify({ [world.root]: "TRUST_FOLDER" })],
        [
          "DO_NOT_TRUST below a trusted ancestor",
          JSON.stringify({ [world.root]: "TRUST_FOLDER", [world.project]: "DO_NOT_TRUST" }),
        ],
        ["a comment in the file", `// mine\n${JSON.stringify({ [world.project]: "TRUST_FOLDER" })}`],
      ];
      const seen: Record<string, { real: string[]; ours: string[] }> = {};
      for (const [label, text] of cases) {
        if (text === undefined) rmSync(trusted, { force: true });
        else writeFileSync(trusted, text);
        const [real, view] = await Promise.all([
          geminiRegistersFromProject(world),
          rosterAs("gemini", world),
        ]);
        const ours = view.agents
          .map((a) => a.id)
          .filter((id) => ["acked", "changed", "unacked"].includes(id));
        seen[label] = { real, ours };
      }
      for (const label of Object.keys(seen))
        expect({ label, ids: seen[label]!.ours }).toEqual({ label, ids: seen[label]!.real });
      expect(seen.TRUST_FOLDER!.real).toEqual(["acked"]);
      expect(seen["no trustedFolders.json"]!.real).toEqual([]);
    }, 300_000);
  },
);

let corpusPresent = false;
try {
  corpusPresent = readdirSync(CORPUS).length > 0;
} catch {
  corpusPresent = false;
}

describe.skipIf(!enabled || !corpusPresent)(
  "Gemini CLI over a sample of the corpus (../shared/corpus)",
  () => {
    test("the same names and prompts", async ({ skip }) => {
      if (unavailable) skip(unavailable);
      const found: string[] = [];
      const walk = (dir: string, depth: number) => {
        for (const entry of readdirSync(dir, { withFileTypes: true }).sort((x, y) =>
          x.name < y.name ? -1 : 1,
        )) {
          const path = join(dir, entry.name);
          if (entry.isDirectory() && depth < 6) walk(path, depth + 1);
          else if (entry.isFile() && entry.name.endsWith(".md") && /\/agents\//.test(path)) found.push(path);
        }
      };
      walk(CORPUS, 0);
      const step = Math.max(1, Math.floor(found.length / 80));
      const sample = found.filter((_, i) => i % step === 0);
      const world = makeWorld(
        Object.fromEntries(
          sample.map((path, i) => [
            `home/.gemini/agents/c${String(i).padStart(3, "0")}.md`,
            readFileSync(path, "utf8"),
          ]),
        ),
      );
      worlds.push(world);
      const [real, ours] = await Promise.all([
        geminiLoads(world, join(world.home, ".gemini/agents")),
        rosterAs("gemini", world),
      ]);
      // Two corpus files of one name: Gemini CLI registers the first it reads; compare the set of names.
      expect({ ids: [...new Set(ours.agents.map((a) => a.id))] }).toEqual({
        ids: [...new Set(real.map((a) => a.id))],
      });
      for (const agent of ours.agents)
        expect(real.filter((r) => r.id === agent.id).map((r) => r.prompt)).toContain(agent.prompt);
    }, 300_000);
  },
);

test.skipIf(enabled)(
  "the Gemini CLI loader comparison runs only with ROSTER_TEST_HOSTS=1 (pnpm test:hosts)",
  () => {
    expect(enabled).toBe(false);
  },
);
