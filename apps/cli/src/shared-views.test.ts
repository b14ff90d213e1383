// `roster why NAME` and `roster doctor` run the seven tools' views on the reads of their one
// discovery (@roster/profiles' prepareToolViews). Every view must be the one each tool's
// viewAsTool gives alone: over the checked-in tree and over generated worlds of every family's
// folders, with the real profiles (Claude Code's own cut of the frontmatter, Gemini CLI's trust
// and acknowledgments, Codex's TOML and project trust, opencode's refusal, Copilot's stems).
import { createHash } from "node:crypto";
import { mkdirSync, rmSync, symlinkSync } from "node:fs";
import { dirname, join } from "node:path";
import { type AgentDiscovery, type DiscoveryContext, discoverAgents, getAgent } from "@roster/core";
import {
  differentResolution,
  explainAgent,
  filesAbout,
  prepareToolViews,
  reportWhy,
  toolAgentView,
  viewAsTool,
} from "@roster/profiles";
import { agentFile, copyFixtureTree, createSandbox, type Sandbox } from "@roster/testkit";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { countingFileSystem } from "../test/counting-fs.js";
import { whyAgent } from "./commands/agents/index.js";
import { printOtherTools, showAs, whyAs } from "./commands/as/index.js";
import type { App } from "./context.js";
import { FindingError } from "./errors.js";
import { familySetOf } from "./families.js";
import { SCHEMA_VERSION } from "./output.js";
import { createDefaultRegistry } from "./registry.js";

const TOOL_PROFILES = familySetOf().profiles;

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox("roster-shared-views-");
});
afterEach(() => sb.cleanup());

/** The tools that resolve NAME otherwise, each from its view alone (`viewAsTool`, every file parsed). */
async function otherToolsAlone(discovery: AgentDiscovery, name: string, ctx: DiscoveryContext) {
  const why = explainAgent(discovery, name);
  if (!why.winner) return [];
  const copies = why.copies.flatMap((c) => (c.filePath !== undefined ? [c.filePath] : []));
  const focus = {
    ids: new Set([name]),
    files: new Set([...(why.winner.filePath ? [why.winner.filePath] : []), ...copies]),
  };
  const found = [];
  for (const profile of TOOL_PROFILES) {
    const v = await viewAsTool(profile, ctx, { registry: createDefaultRegistry(), focus, prompts: false });
    const differs = differentResolution(v, name, why.winner, copies);
    if (differs) found.push({ tool: v.tool, displayName: v.displayName, ...differs });
  }
  return found;
}

/** Each tool's view from the reads of one discovery, and each alone; `focus` as `why NAME` sets it. */
async function bothWays(ctx: DiscoveryContext, focusOn?: string, about?: string) {
  const registry = createDefaultRegistry();
  const only = about !== undefined ? { about } : {};
  const views = await prepareToolViews(TOOL_PROFILES, ctx, { registry, ...only });
  const discovery = await discoverAgents(registry, views.ctx, { bodies: "on-demand", ...only });
  const winner = focusOn === undefined ? undefined : discovery.agents.find((a) => a.name === focusOn);
  const focus =
    focusOn === undefined
      ? undefined
      : { ids: new Set([focusOn]), files: new Set(winner?.filePath ? [winner.filePath] : []) };
  const shared = [];
  for (const profile of TOOL_PROFILES) shared.push(await views.view(profile, focus ? { focus } : {}));
  const alone = [];
  for (const profile of TOOL_PROFILES)
    alone.push(await viewAsTool(profile, ctx, { registry, ...(focus ? { focus } : {}), prompts: false }));
  return { shared, alone, discovery };
}

describe("roster why NAME", () => {
  test("reads each agent file once: the tools' views take its discovery's reads", async () => {
    sb.write({
      "project/.claude/agents/a.md": agentFile("a"),
      "project/.claude/agents/team/b.md": agentFile("b"),
      "home/.gemini/agents/a.md": agentFile("a", "gemini"),
      "home/.claude/agents/a.md": agentFile("a", "user"),
    });
    const { fs, reads } = countingFileSystem();
    const printed: string[] = [];
    const app = {
      ctx: { ...sb.ctx(), fs },
      registry: createDefaultRegistry(),
      families: familySetOf(),
      output: {
        json: false,
        color: false,
        cwd: sb.project,
        home: sb.home,
        out: (t: unknown) => printed.push(String(t)),
      },
    } as unknown as App;
    await whyAgent(app, "a", TOOL_PROFILES, (d, views) => printOtherTools(app, "a", d, views));
    const agentReads = [...reads].filter(([path]) => path.includes("/agents/"));
    expect(agentReads).toHaveLength(4);
    expect(agentReads.every(([, count]) => count === 1)).toBe(true);
    // Gemini CLI's answer, from the read its discovery made: its own file, not Claude Code's.
    expect(printed.join("\n")).toContain(
      `Gemini CLI: resolves "a" to ${join(sb.home, ".gemini/agents/a.md")} instead`,
    );
  });
});

describe("the tools' views on one discovery's reads (why, doctor)", () => {
  test("the checked-in tree: every tool's view, whole and focused on each name, is the view alone", async () => {
    const { home, project } = copyFixtureTree(sb.root);
    const ctx: DiscoveryContext = { cwd: project, home, env: {} };
    const { shared, alone, discovery } = await bothWays(ctx);
    expect(shared).toEqual(alone);
    expect(shared.flatMap((v) => v.files).length).toBeGreaterThan(20);
    for (const name of discovery.agents.map((a) => a.name).filter((n) => !n.includes(":"))) {
      const focused = await bothWays(ctx, name);
      expect(focused.shared).toEqual(focused.alone);
      const about = await bothWays(ctx, name, name);
      expect(about.shared).toEqual(focused.alone);
      const options = { ctx, registry: createDefaultRegistry(), profiles: TOOL_PROFILES };
      expect(await reportWhy(about.discovery, name, options)).toEqual(
        await reportWhy(focused.discovery, name, options),
      );
    }
  });

  const FOLDERS = [
    "project/.claude/agents",
    "project/.claude/agents/team",
    "home/.claude/agents",
    "project/.gemini/agents",
    "home/.gemini/agents",
    "project/.codex/agents",
    "home/.codex/agents",
    "project/.opencode/agents",
    "home/.config/opencode/agents",
    "project/.github/agents",
    "home/.copilot/agents",
    "project/.cursor/agents",
    "project/.xcsh/agents",
    "home/.xcsh/agent/agents",
  ];
  const NAMES = ["reviewer", "helper", "explore", "plan", "tester"];
  /** Texts that split the tools: each valid for some and not for others. */
  const TEXTS = (name: string) => [
    agentFile(name),
    agentFile(name, "with a colour", "color: blue"),
    agentFile(name, "gemini tools", "tools: [read_file]"),
    agentFile(name, "claude tools", "tools: Read, Grep"),
    agentFile(name, "opencode refuses", "temperature: hot"),
    agentFile(name, "disabled", "disable: true"),
    agentFile(name, "mcp", "mcp-servers: {}"),
    `---\nname: ${name}\ndescription: a: b\n---\nClaude Code retries this with quotes.\n`,
    `---\ndescription: no name\n---\nbody\n`,
    `\uFEFF${agentFile(name)}`,
    agentFile(name).replaceAll("\n", "\r\n"),
    "# notes, no frontmatter\n",
    `name = "${name}"\ndescription = "a codex role"\ndeveloper_instructions = "Review."\n`,
    `name = "${name}"\ndescription = "unknown key"\ndeveloper_instructions = "x"\ncolour = 1\n`,
    "name = [broken\n",
  ];
  const FILE_NAMES = ["reviewer.md", "helper.md", "x.agent.md", "_draft.md", "role.toml", "notes.txt"];

  interface World {
    files: Array<{ folder: string; name: string; agent: string; text: number; link: boolean }>;
    trustProject: boolean;
    geminiTrust: boolean;
    acknowledge: boolean;
    codexTrust: boolean;
    focus: string | null;
  }
  const world: fc.Arbitrary<World> = fc.record({
    files: fc.array(
      fc.record({
        folder: fc.constantFrom(...FOLDERS),
        name: fc.constantFrom(...FILE_NAMES),
        agent: fc.constantFrom(...NAMES),
        text: fc.nat({ max: 14 }),
        link: fc.constantFrom(false, false, false, false, false, true),
      }),
      { minLength: 6, maxLength: 24 },
    ),
    trustProject: fc.constantFrom(true, true, true, false),
    geminiTrust: fc.boolean(),
    acknowledge: fc.boolean(),
    codexTrust: fc.boolean(),
    focus: fc.option(fc.constantFrom(...NAMES)),
  });

  /** Writes world `w` into the sandbox: its files, links, acknowledgments and trust. */
  function writeWorld(w: World): DiscoveryContext {
    rmSync(sb.project, { recursive: true, force: true });
    rmSync(sb.home, { recursive: true, force: true });
    mkdirSync(sb.project, { recursive: true });
    mkdirSync(sb.home, { recursive: true });
    let previous: string | undefined;
    const acks: Record<string, string> = {};
    for (const f of w.files) {
      const path = join(sb.root, f.folder, f.name);
      mkdirSync(dirname(path), { recursive: true });
      rmSync(path, { force: true });
      if (f.link && previous !== undefined && previous !== path) symlinkSync(previous, path);
      else {
        const text = TEXTS(f.agent)[f.text]!;
        sb.write({ [join(f.folder, f.name)]: text });
        if (w.acknowledge) acks[f.agent] = createHash("sha256").update(text).digest("hex");
      }
      previous = path;
    }
    if (w.acknowledge)
      sb.write({ "home/.gemini/acknowledgments/agents.json": JSON.stringify({ [sb.project]: acks }) });
    if (w.codexTrust)
      sb.write({ "home/.codex/config.toml": `[projects."${sb.project}"]\ntrust_level = "trusted"\n` });
    const ctx: DiscoveryContext = {
      ...sb.ctx({ env: w.geminiTrust ? { GEMINI_CLI_TRUST_WORKSPACE: "true" } : {} }),
      trustProject: w.trustProject,
    };
    return ctx;
  }

  test("generated worlds of every family's folders (symlinks, trust, gates): the views are the views alone", async () => {
    await fc.assert(
      fc.asyncProperty(world, async (w) => {
        const ctx = writeWorld(w);
        // As doctor asks (every file), and as `why NAME` asks (focused on NAME).
        const whole = await bothWays(ctx);
        expect(whole.shared).toEqual(whole.alone);
        if (w.focus === null) return;
        const focused = await bothWays(ctx, w.focus);
        expect(focused.shared).toEqual(focused.alone);
        // `why NAME` as it runs: the discovery and the views about NAME alone, files that cannot
        // hold it unparsed. The same views, and the same report, as from everything.
        const about = await bothWays(ctx, w.focus, w.focus);
        expect(about.shared).toEqual(focused.alone);
        const options = { ctx, registry: createDefaultRegistry(), profiles: TOOL_PROFILES };
        if (getAgent(about.discovery, w.focus)) {
          const report = await reportWhy(focused.discovery, w.focus, options);
          expect(await reportWhy(about.discovery, w.focus, options)).toEqual(report);
          // Without views prepared (MCP's why_agent): the tools' answers of each view alone.
          expect(report.otherTools).toEqual(await otherToolsAlone(focused.discovery, w.focus, ctx));
        } else expect(getAgent(focused.discovery, w.focus)).toBeUndefined();
      }),
      { numRuns: 60, seed: 3131 },
    );
  });

  /** One command run in process with JSON output: its exit code (2 for a finding) and its JSON. */
  async function asJson(ctx: DiscoveryContext, command: (app: App) => Promise<number>) {
    const chunks: string[] = [];
    const app = {
      ctx,
      registry: createDefaultRegistry(),
      families: familySetOf(),
      output: {
        json: true,
        color: false,
        cwd: ctx.cwd,
        home: ctx.home,
        stream: (c: string | Uint8Array) =>
          chunks.push(typeof c === "string" ? c : Buffer.from(c).toString()),
        out: () => {},
      },
    } as unknown as App;
    try {
      const code = await command(app);
      return { code, json: JSON.parse(chunks.join("")) };
    } catch (error) {
      if (error instanceof FindingError) return { code: 2, json: null };
      throw error;
    }
  }

  test("why NAME --as TOOL and show NAME --as TOOL about NAME alone give the whole view's answer (fast-check)", async () => {
    await fc.assert(
      fc.asyncProperty(world, fc.constantFrom(...NAMES), async (w, name) => {
        const ctx = writeWorld(w);
        const registry = createDefaultRegistry();
        const discovery = await discoverAgents(registry, ctx);
        const definitions = [...discovery.agents, ...discovery.shadowed.map((x) => x.agent)];
        for (const profile of TOOL_PROFILES) {
          // What both commands answered from the whole view, before they asked about NAME alone.
          const whole = await viewAsTool(profile, ctx, { registry });
          const winner = whole.agents.find((a) => a.id === name);
          const why = {
            name,
            tool: whole.tool,
            ...(winner ? { winner: toolAgentView(winner) } : {}),
            places: whole.places,
            // The files it calls NAME; when there are none and no winner, the files of that
            // name it refused before naming them (filesAbout).
            files: ((named) => (named.length > 0 || winner ? named : filesAbout(whole, name)))(
              whole.files.filter((f) => f.id === name),
            ),
          };
          expect(await asJson(ctx, (app) => whyAs(app, name, profile.tool))).toEqual({
            code: winner ? 0 : 1,
            json: JSON.parse(JSON.stringify({ schemaVersion: SCHEMA_VERSION, ...why })),
          });
          const definition = definitions.find(
            (a) => winner?.filePath !== undefined && a.filePath === winner.filePath,
          );
          const show = { tool: whole.tool, ...definition, ...(winner ? toolAgentView(winner) : {}) };
          expect(await asJson(ctx, (app) => showAs(app, name, profile.tool))).toEqual(
            winner
              ? { code: 0, json: JSON.parse(JSON.stringify({ schemaVersion: SCHEMA_VERSION, ...show })) }
              : { code: 2, json: null },
          );
        }
      }),
      { numRuns: 30, seed: 3132 },
    );
  });
});
