// Differential test (pnpm test:hosts): the same worlds fed to the REAL opencode's offline
// loader (`opencode debug config`: the merged config, agents included, no model call) and to
// `roster list --as opencode --json`; any difference in the loaded set, ids, prompts or in
// which file makes opencode refuse its whole configuration fails. SPEC §15.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { checkFileAs } from "@roster/profiles";
import { opencodeProfile } from "@roster/source-opencode";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  CORPUS,
  enabled,
  inBatches,
  type LoadedAgent,
  makeWorld,
  roster,
  rosterAs,
  run,
  type World,
} from "./loaders-harness.js";
import { type OpencodeTool, opencodeTool } from "./real-tools.js";

let opencode: OpencodeTool | undefined;
let unavailable: string | undefined;
const worlds: World[] = [];

beforeAll(async () => {
  if (!enabled) return;
  const found = await opencodeTool();
  if ("unavailable" in found) unavailable = found.unavailable;
  else opencode = found;
}, 420_000);
afterAll(() => {
  for (const world of worlds) world.cleanup();
});

/** What the real opencode loads in `world` (`opencode debug config`): its agents (files only), or the file it refuses. */
async function opencodeLoads(
  world: World,
  cwd = world.project,
  env: Record<string, string> = {},
): Promise<{ agents: LoadedAgent[]; refusedBy?: string }> {
  const { agents, refusedBy } = await opencode!.agents(world, { cwd, env });
  const loaded = agents.map((a) => ({ id: a.id, prompt: a.seen }));
  return refusedBy === undefined ? { agents: loaded } : { agents: loaded, refusedBy };
}

/** The agents of opencode's merged config in `world` (`opencode debug config`), as it holds them. */
function opencodeConfigAgents(world: World): Promise<Record<string, Record<string, unknown>>> {
  return opencode!.configAgents(world);
}

async function compare(world: World, cwd?: string) {
  const [real, ours] = await Promise.all([opencodeLoads(world, cwd), rosterAs("opencode", world, cwd)]);
  return { real, ours };
}

const a = (description: string, extra = "", body = `Body of ${description}.`) =>
  `---\ndescription: ${description}\n${extra}---\n${body}\n`;

/** One case per rule that loads: all in one world (opencode starts slowly). */
const LOADING: Record<string, string> = {
  "project/.opencode/agents/plain-prompt.md": a("html comments", "", "Prompt <!-- kept -->\n\nline 2"),
  "project/.opencode/agents/colon.md": "---\ndescription: Use this: when x\nmodel: a/b\n---\nP3\n",
  "project/.opencode/agents/broken.md": "---\ndescription: [unclosed\n  - x: y\n---\nP4\n",
  "project/.opencode/agents/no-frontmatter.md": "No frontmatter <!-- hi -->\nline2\n",
  "project/.opencode/agents/named.md": "---\nname: zed\ndescription: named\n---\nPN\n",
  "project/.opencode/agents/number-name.md": "---\nname: 5\ndescription: n\n---\nP5\n",
  // Issue 52: `name: true` is the id "true"; the clean-up's block scalar (`key: |-`) makes a
  // value with `: ` and a list line after it readable; a file the clean-up changes but cannot
  // mend is dropped; one it does not change loads whole (above: broken.md); `model: inherit`
  // and no description load as written.
  "project/.opencode/agents/bool-name.md": "---\nname: true\ndescription: b\n---\nPB\n",
  "project/.opencode/agents/mended.md": "---\ndescription: a: b\n  - x: y\n---\nP9\n",
  "project/.opencode/agents/still-bad.md": '---\ndescription: a: b\nx: "unclosed\n---\nP6\n',
  "project/.opencode/agents/inherit.md": a("inherit", "model: inherit\n"),
  "project/.opencode/agents/no-description.md": "---\nmodel: a/b\n---\nPND\n",
  // Above the git root: opencode does not read it (the project is a real repository here).
  ".opencode/agents/above-root.md": a("above the root"),
  "project/.opencode/agents/unknown-keys.md": a("unknown", "weird: 1\nthinking: high\n"),
  "project/.opencode/agents/permission-string.md": a("perm", "permission: deny\n"),
  "project/.opencode/agents/tools-map.md": a("tools", "tools: {bash: false}\n"),
  "project/.opencode/agents/prompt-key.md": a("prompt key", "prompt: 5\n"),
  "project/.opencode/agents/colors.md": a("colors", "color: '#FF5733'\nmode: subagent\nsteps: 3\n"),
  "project/.opencode/agents/off.md": a("off", "disable: true\n"),
  "project/.opencode/agents/team/reviewer.md": a("nested"),
  "project/.opencode/agents/.dot/d.md": a("dotted"),
  "project/.opencode/agents/real/l.md": a("linked"),
  // Not here: one id in both agent/ and agents/ of one .opencode. The real opencode takes the
  // one its walk meets last, in the file system's listing order: agents/ on one machine,
  // agent/ on another (source-opencode README).
  "project/.opencode/agents/m.md": a("from parent", "temperature: 0.3\n", "Parent prompt"),
  "project/sub/.opencode/agent/m.md": "---\nmode: subagent\n---\nChild prompt\n",
  "home/.opencode/agents/h.md": a("home dot"),
  "xdg/config/opencode/agents/m.md": a("global"),
  "xdg/config/opencode/agents/g.md": a("global g"),
};

/** Each value opencode's `AgentConfig` schema refuses: a world of its own, as one refuses everything. */
const REFUSING = [
  "tools: Read, Grep",
  "color: blue",
  "steps: 0",
  'temperature: "0.5"',
  "mode: sub",
  "hidden: yes",
  "model: 5",
  "permission: {webfetch: {x: allow}}",
];

describe.skipIf(!enabled)("opencode's own loader agrees with roster list --as opencode", () => {
  test("every rule that loads: ids and prompts", async ({ skip }) => {
    if (unavailable) skip(unavailable);
    const world = makeWorld(LOADING, { "project/.opencode/agents/link": "real" });
    worlds.push(world);
    // A real repository: opencode finds its root with git, and reads no `.opencode` above it.
    expect((await run("git", ["init", "-q"], { cwd: world.project, timeout: 30_000 })).code).toBe(0);
    const { real, ours } = await compare(world, join(world.project, "sub"));
    expect(real.refusedBy).toBeUndefined();
    expect(real.agents.length).toBeGreaterThan(15);
    const ids = real.agents.map((agent) => agent.id);
    expect(ids).toEqual(expect.arrayContaining(["true", "mended", "inherit", "no-description"]));
    expect(ids).not.toContain("still-bad");
    expect(ids).not.toContain("above-root");
    expect(ours).toEqual(real);
  }, 300_000);

  test("roster's sync copies load as sub-agents with nothing in options (SPEC §16); a key would land in options", async ({
    skip,
  }) => {
    if (unavailable) skip(unavailable);
    const world = makeWorld({
      "project/.claude/agents/rev.md":
        "---\nname: rev\ndescription: Reviews\ntools: Read, Grep\n---\nYou review.\n",
      "project/.github/agents/plan.agent.md": "---\ndescription: Plans\n---\nYou plan.\n",
      "project/.opencode/agent/keyed.md": "---\ndescription: keyed\ngenerated-by: roster\n---\nK\n",
    });
    worlds.push(world);
    const sync = await roster(world, ["sync", "--to", "opencode"]);
    expect(sync.code, sync.stderr).toBe(0);
    const agents = await opencodeConfigAgents(world);
    for (const id of ["rev", "plan"]) {
      expect(agents[id]?.mode, id).toBe("subagent");
      expect(agents[id]?.options ?? {}, id).toEqual({});
    }
    // Why the opencode mark is the manifest: an unknown key goes into the agent's options,
    // which opencode sends with every model request.
    expect(agents.keyed?.options).toEqual({ "generated-by": "roster" });
    // The copy's permission, as opencode holds it, is the one `run --host opencode` gives.
    const plan = await roster(world, [
      "run",
      "rev",
      "--host",
      "opencode",
      "--dry-run",
      "--json",
      "--task",
      "x",
    ]);
    const config = JSON.parse(
      (JSON.parse(plan.stdout) as { invocations: Array<{ env: Record<string, string> }> }).invocations[0]!.env
        .OPENCODE_CONFIG_CONTENT!,
    ) as { agent: Record<string, { permission: Record<string, string> }> };
    const planned = Object.values(config.agent)[0]!.permission;
    expect(planned).toEqual({ "*": "deny", read: "allow", grep: "allow" });
    expect(agents.rev?.permission).toEqual(planned);
  }, 300_000);

  test("the agent entries of opencode.json (global, project, .opencode/) merge under agent files in opencode's order", async ({
    skip,
  }) => {
    if (unavailable) skip(unavailable);
    const json = (agent: Record<string, Record<string, unknown>>) => JSON.stringify({ agent });
    const world = makeWorld({
      "xdg/config/opencode/opencode.json": json({ g1: { prompt: "G1" }, pj: { prompt: "global json" } }),
      "xdg/config/opencode/agents/gj.md": a("global file", "", "global file"),
      "project/opencode.json": json({
        pj: { prompt: "project json", description: "pj" },
        dj: { prompt: "project json" },
        fj: { prompt: "project json" },
        gj: { prompt: "project json" },
      }),
      "project/.opencode/opencode.json": json({ dj: { prompt: "dot json" }, fj: { prompt: "dot json" } }),
      "project/.opencode/agents/fj.md": a("file", "", "file"),
    });
    worlds.push(world);
    const { real, ours } = await compare(world);
    expect(real.refusedBy).toBeUndefined();
    expect(real.agents.map((agent) => agent.id)).toEqual(["dj", "fj", "g1", "gj", "pj"]);
    expect(ours).toEqual(real);
  }, 300_000);

  test("config file order: opencode.jsonc and opencode.json in one folder, the global config.json, OPENCODE_CONFIG_DIR", async ({
    skip,
  }) => {
    if (unavailable) skip(unavailable);
    const json = (agent: Record<string, Record<string, unknown>>) => JSON.stringify({ agent });
    // Each id is defined in the places whose order it probes, with a prompt naming the place.
    const world = makeWorld({
      "project/opencode.jsonc": `// comments are fine here\n${json({
        pboth: { prompt: "project jsonc", description: "from jsonc" },
        ponly: { prompt: "project jsonc only" },
        cboth: { prompt: "project jsonc" },
        xfold: { prompt: "project jsonc" },
      })}`,
      "project/opencode.json": json({ pboth: { prompt: "project json" }, cboth: { prompt: "project json" } }),
      "project/.opencode/opencode.jsonc": json({ dboth: { prompt: "dot jsonc" } }),
      "project/.opencode/opencode.json": json({ dboth: { prompt: "dot json" } }),
      "xdg/config/opencode/config.json": json({
        gall: { prompt: "global config.json" },
        gcfg: { prompt: "global config.json only" },
        gcj: { prompt: "global config.json" },
      }),
      "xdg/config/opencode/opencode.json": json({
        gall: { prompt: "global json" },
        gcj: { prompt: "global json" },
      }),
      "xdg/config/opencode/opencode.jsonc": json({ gall: { prompt: "global jsonc" } }),
      // From project/sub: every opencode.jsonc up the tree over every opencode.json, or folder by folder?
      "project/sub/opencode.json": json({ xfold: { prompt: "sub json" } }),
      "cfgdir/opencode.json": json({ cboth: { prompt: "config dir" }, conly: { prompt: "config dir only" } }),
      "cfgdir/agents/cfile.md": a("config dir file", "", "config dir file"),
    });
    worlds.push(world);
    const plain = await compare(world);
    expect(plain.real.refusedBy).toBeUndefined();
    expect(plain.real.agents.map((agent) => agent.id)).toContain("gcfg");
    expect(plain.ours).toEqual(plain.real);
    const sub = await compare(world, join(world.project, "sub"));
    expect(sub.real.agents.map((agent) => agent.id)).toContain("xfold");
    expect(sub.ours).toEqual(sub.real);
    const dir = { OPENCODE_CONFIG_DIR: join(world.root, "cfgdir") };
    const [real, ours] = await Promise.all([
      opencodeLoads(world, world.project, dir),
      rosterAs("opencode", world, world.project, dir),
    ]);
    expect(real.agents.map((agent) => agent.id)).toEqual(expect.arrayContaining(["conly", "cfile"]));
    expect(ours).toEqual(real);
  }, 400_000);

  test("a wrong-typed value in an opencode.json agent entry refuses everything, naming that file", async ({
    skip,
  }) => {
    if (unavailable) skip(unavailable);
    const world = makeWorld({
      "project/opencode.json": JSON.stringify({ agent: { bad: { tools: "Read, Grep" } } }),
      "project/.opencode/agents/good.md": a("good"),
    });
    worlds.push(world);
    const { real, ours } = await compare(world);
    expect(real).toEqual({ agents: [], refusedBy: join(world.project, "opencode.json") });
    expect(ours).toEqual(real);
  }, 300_000);

  test("each schema type it refuses makes it load nothing, naming the same file", async ({ skip }) => {
    if (unavailable) skip(unavailable);
    const results = await inBatches(
      REFUSING.map((line) => async () => {
        const world = makeWorld({
          "project/.opencode/agents/bad.md": a("bad", `${line}\n`),
          "project/.opencode/agents/good.md": a("good"),
        });
        worlds.push(world);
        return { line, file: join(world.project, ".opencode/agents/bad.md"), ...(await compare(world)) };
      }),
      3,
    );
    for (const { line, file, real, ours } of results) {
      expect({ line, ...real }).toEqual({ line, agents: [], refusedBy: file });
      expect({ line, ...ours }).toEqual({ line, ...real });
    }
  }, 600_000);
});

function corpusSample(count: number): { name: string; text: string }[] {
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
  const step = Math.max(1, Math.floor(found.length / count));
  return found
    .filter((_, i) => i % step === 0)
    .slice(0, count)
    .map((path, i) => ({ name: `c${String(i).padStart(3, "0")}.md`, text: readFileSync(path, "utf8") }));
}

let corpusPresent = false;
try {
  corpusPresent = readdirSync(CORPUS).length > 0;
} catch {
  corpusPresent = false;
}

describe.skipIf(!enabled || !corpusPresent)("opencode over a sample of the corpus (../shared/corpus)", () => {
  test("the sample as written: both refuse it because of the same file, or load the same agents", async ({
    skip,
  }) => {
    if (unavailable) skip(unavailable);
    const sample = corpusSample(40);
    const world = makeWorld(
      Object.fromEntries(sample.map((f) => [`project/.opencode/agents/${f.name}`, f.text])),
    );
    worlds.push(world);
    const { real, ours } = await compare(world);
    expect(ours).toEqual(real);
  }, 300_000);

  test("the files roster says opencode accepts: the same ids and prompts", async ({ skip }) => {
    if (unavailable) skip(unavailable);
    const accepted = corpusSample(120).filter((f) => {
      const check = checkFileAs(opencodeProfile, f.text, f.name, f.name);
      return check.ok || !check.refusesAll;
    });
    const world = makeWorld(
      Object.fromEntries(accepted.map((f) => [`project/.opencode/agents/${f.name}`, f.text])),
    );
    worlds.push(world);
    const { real, ours } = await compare(world);
    expect(real.refusedBy).toBeUndefined();
    expect(ours).toEqual(real);
  }, 300_000);
});

test.skipIf(enabled)(
  "the opencode loader comparison runs only with ROSTER_TEST_HOSTS=1 (pnpm test:hosts)",
  () => {
    expect(enabled).toBe(false);
  },
);
