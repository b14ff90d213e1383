// Each real tool's own loader, asked offline (no login, never a model call), as the fresh
// measurement (`fresh-truth.test.ts`) asks them: the same calls the differential suite makes
// (loaders-*.test.ts, skills-*.test.ts name each one and why it is the tool's own answer). Each
// call lives here once; a loaders test that needs more of a tool asks it through its own handle.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  installTool,
  type ListedSkill,
  listed,
  makeWorld,
  type Ran,
  run,
  type World,
} from "./loaders-harness.js";

/** One agent as a tool lists it: id, and what it lets be seen of it (prompt or description). */
export interface SeenAgent {
  id: string;
  /** The prompt (Gemini CLI, opencode, Copilot CLI), the description (Codex), "" (Claude Code). */
  seen: string;
}

/** A real tool, installed, and how to ask it what it loads. */
export interface RealTool {
  /** Its agents in `world` (files only, built-ins left out); `refusedBy`: the file it stops at. */
  agents(world: World): Promise<{ agents: SeenAgent[]; refusedBy?: string }>;
  /** Its skills in `world` (built-ins left out); `path` "" where the tool does not say it. */
  skills(world: World): Promise<ListedSkill[]>;
}

const byId = (a: SeenAgent, b: SeenAgent) => (a.id < b.id ? -1 : a.id > b.id ? 1 : a.seen < b.seen ? -1 : 1);

/** The chunk of Gemini CLI's bundle, imported by its entry, whose text holds `marker`. */
function geminiChunk(prefix: string, marker: string): string | undefined {
  const bundle = join(prefix, "lib/node_modules/@google/gemini-cli/bundle");
  const entry = readdirSync(bundle).find((f) => /^gemini-[A-Z0-9]+\.js$/.test(f));
  const imported = entry
    ? [...readFileSync(join(bundle, entry), "utf8").matchAll(/from "\.\/(chunk-[A-Z0-9]+\.js)"/g)].map(
        (m) => m[1]!,
      )
    : [];
  const found = imported.find((f) => readFileSync(join(bundle, f), "utf8").includes(marker));
  return found ? join(bundle, found) : undefined;
}

/** Runs `script` (written into the world) with node in `cwd`; its answer is the JSON it writes to `out`. */
async function nodeScript<T>(
  world: World,
  name: string,
  body: (out: string) => string,
  cwd: string,
): Promise<T> {
  const script = join(world.root, name);
  const out = join(world.root, `${name}.json`);
  writeFileSync(script, body(out));
  const ran = await run(process.execPath, [script], {
    cwd,
    env: { PATH: process.env.PATH, HOME: world.home, ...world.xdg },
    timeout: 180_000,
  });
  if (ran.code !== 0) throw new Error(`${name} failed: ${ran.stderr.slice(0, 400)}`);
  return JSON.parse(readFileSync(out, "utf8")) as T;
}

/** A script run beside Gemini CLI's agent loader: `code(out)` is a module body where `m` is the loader's chunk. */
export interface GeminiScript {
  /** The script's file name in the world. */
  name: string;
  /** Where it runs. */
  cwd: string;
  /** Its body; its answer is the JSON it writes to `out`. */
  code: (out: string) => string;
}

/** Gemini CLI, and its agent loader over any folder. */
export interface GeminiTool extends RealTool {
  /** What `pick` (a JS expression over the loader's answer `r`) makes of `loadAgentsFromDirectory(dir)`. */
  loadAgents<T>(world: World, options: { dir: string; pick: string }): Promise<T>;
  /** Runs `script` with the chunk of `loadAgentsFromDirectory` imported as `m`: its answer. */
  withAgentsChunk<T>(world: World, script: GeminiScript): Promise<T>;
}

/** Gemini CLI 0.61.0: `loadAgentsFromDirectory` over `~/.gemini/agents`, `SkillManager.discoverSkills`. */
export async function geminiTool(): Promise<GeminiTool | { unavailable: string }> {
  const installed = await installTool("@google/gemini-cli@0.61.0", "gemini");
  if ("unavailable" in installed) return installed;
  const agentsChunk = geminiChunk(installed.prefix, "async function loadAgentsFromDirectory(");
  const skillsChunk = geminiChunk(installed.prefix, "var SkillManager = class");
  if (!agentsChunk || !skillsChunk) return { unavailable: "no Gemini CLI bundle chunk defines its loaders" };
  const withAgentsChunk = <T>(world: World, { name, cwd, code }: GeminiScript): Promise<T> =>
    nodeScript<T>(
      world,
      name,
      (out) => `const m = await import(${JSON.stringify(agentsChunk)});\n${code(out)}`,
      cwd,
    );
  const loadAgents = <T>(world: World, { dir, pick }: { dir: string; pick: string }): Promise<T> =>
    withAgentsChunk<T>(world, {
      name: "gemini-agents.mjs",
      cwd: world.root,
      code: (out) => `const r = await m.loadAgentsFromDirectory(${JSON.stringify(dir)});
(await import("node:fs")).writeFileSync(${JSON.stringify(out)}, JSON.stringify(${pick}));
process.exit(0);
`,
    });
  return {
    loadAgents,
    withAgentsChunk,
    async agents(world) {
      const agents = await loadAgents<SeenAgent[]>(world, {
        dir: join(world.home, ".gemini/agents"),
        pick: `r.agents.map((a) => ({ id: a.name, seen: a.promptConfig?.systemPrompt ?? "" }))`,
      });
      return { agents: agents.sort(byId) };
    },
    async skills(world) {
      const found = await nodeScript<ListedSkill[]>(
        world,
        "gemini-skills.mjs",
        (out) => `const m = await import(${JSON.stringify(skillsChunk)});
const trust = m.checkPathTrust({ path: process.cwd(), isFolderTrustEnabled: true, isHeadless: true });
const manager = new m.SkillManager();
await manager.discoverSkills(new m.Storage(process.cwd()), [], trust.isTrusted === true);
const skills = manager.getSkills().filter((s) => !s.isBuiltin);
(await import("node:fs")).writeFileSync(${JSON.stringify(out)}, JSON.stringify(skills.map((s) => ({ name: s.name, description: s.description, path: s.location }))));
process.exit(0);
`,
        world.project,
      );
      return listed(found);
    },
  };
}

/** Where opencode runs: its cwd (the project unless said) and more environment. */
export interface OpencodeWhere {
  cwd?: string;
  env?: Record<string, string>;
}

/** opencode, asked from any folder with any environment, and its merged config's agents as it holds them. */
export interface OpencodeTool extends RealTool {
  agents(world: World, where?: OpencodeWhere): Promise<{ agents: SeenAgent[]; refusedBy?: string }>;
  /** The agents of its merged config in `world` (`opencode debug config`), as it holds them. */
  configAgents(world: World): Promise<Record<string, Record<string, unknown>>>;
}

/** opencode 1.18.33: `opencode debug config` (agents) and `opencode debug skill`. */
export async function opencodeTool(): Promise<OpencodeTool | { unavailable: string }> {
  const installed = await installTool("opencode-ai@1.18.33", "opencode");
  if ("unavailable" in installed) return installed;
  const ask = async (
    world: World,
    what: string,
    where: OpencodeWhere = {},
  ): Promise<{ code: number | null; stderr: string; out: string }> => {
    const config = join(world.root, "oc-config.json");
    const out = join(world.root, `opencode-${what}.out`);
    writeFileSync(config, '{"disabled_providers":["opencode"]}');
    // stdout goes to a file: through a pipe opencode's output can stop at 64 KiB.
    const ran = await run("sh", ["-c", `opencode debug ${what} > "${out}"`], {
      cwd: where.cwd ?? world.project,
      timeout: 180_000,
      env: {
        PATH: `${join(installed.prefix, "bin")}:/usr/local/bin:/usr/bin:/bin`,
        HOME: world.home,
        ...world.xdg,
        OPENCODE_CONFIG: config,
        OPENCODE_DISABLE_AUTOUPDATE: "1",
        OPENCODE_DISABLE_MODELS_FETCH: "1",
        OPENCODE_DISABLE_DEFAULT_PLUGINS: "1",
        OPENCODE_DISABLE_LSP_DOWNLOAD: "1",
        ...where.env,
      },
    });
    return { code: ran.code, stderr: ran.stderr, out: existsSync(out) ? readFileSync(out, "utf8") : "" };
  };
  return {
    async agents(world, where) {
      const ran = await ask(world, "config", where);
      if (ran.code !== 0) {
        const refused = /Configuration is invalid at (\S+)/.exec(ran.stderr);
        if (!refused) throw new Error(`opencode debug config failed: ${ran.stderr.slice(0, 400)}`);
        return { agents: [], refusedBy: refused[1]! };
      }
      const merged = JSON.parse(ran.out) as {
        agent?: Record<string, { prompt?: string; disable?: boolean }>;
      };
      // `debug config` shows the merged config; opencode's agent list then drops `disable: true`.
      const agents = Object.entries(merged.agent ?? {})
        .filter(([, a]) => a.disable !== true)
        .map(([id, a]) => ({ id, seen: a.prompt ?? "" }));
      return { agents: agents.sort(byId) };
    },
    async configAgents(world) {
      const ran = await ask(world, "config");
      if (ran.code !== 0) throw new Error(`opencode debug config failed: ${ran.stderr.slice(0, 400)}`);
      return (JSON.parse(ran.out) as { agent?: Record<string, Record<string, unknown>> }).agent ?? {};
    },
    async skills(world) {
      const ran = await ask(world, "skill");
      if (ran.code !== 0) throw new Error(`opencode debug skill failed: ${ran.stderr.slice(0, 400)}`);
      const found = JSON.parse(ran.out) as { name: string; description?: string; location: string }[];
      return listed(
        found
          .filter((s) => s.location !== "<built-in>")
          .map((s) => ({ name: s.name, description: s.description ?? "", path: s.location })),
      );
    },
  };
}

/** One custom agent as Copilot CLI's own discovery answers it. */
export interface CopilotAgent {
  id: string;
  prompt?: string;
  tools?: string[];
}

/** Copilot CLI, and its discovery's whole answer. */
export interface CopilotTool extends RealTool {
  /** Its own discovery in `world`, as it answers: each agent's id, prompt and tool list, in its order. */
  discover(world: World): Promise<CopilotAgent[]>;
}

/** Copilot CLI 1.0.102: its unpacked `runtime.node`'s `customAgentsDiscoverJson` and `skillsLoad`. */
export async function copilotTool(): Promise<CopilotTool | { unavailable: string }> {
  const VERSION = "1.0.102";
  const installed = await installTool(`@github/copilot@${VERSION}`, "copilot");
  if ("unavailable" in installed) return installed;
  // The first run unpacks the package into HOME's cache: one home kept beside the install.
  const home = join(installed.prefix, "unpack-home");
  const pkg = join(home, ".cache/copilot/pkg");
  if (!existsSync(pkg)) {
    mkdirSync(home, { recursive: true });
    await run(join(installed.prefix, "bin", "copilot"), ["--version"], {
      env: { PATH: process.env.PATH, HOME: home },
      timeout: 180_000,
    });
  }
  const platform = existsSync(pkg) ? readdirSync(pkg)[0] : undefined;
  const runtime = platform ? join(pkg, platform, VERSION, "prebuilds", platform, "runtime.node") : "";
  if (!runtime || !existsSync(runtime))
    return { unavailable: `Copilot CLI ${VERSION} did not unpack a runtime.node below ${pkg}` };
  const discover = async (world: World): Promise<CopilotAgent[]> => {
    const args = {
      integrationId: "copilot-developer-cli",
      authInfo: null,
      configDir: join(world.home, ".copilot"),
      projectPaths: [world.project],
      excludeHostAgents: false,
      additionalPlugins: [],
      hasResolvedPlugins: false,
    };
    const found = await nodeScript<{ agents: CopilotAgent[] }>(
      world,
      "copilot-agents.cjs",
      (out) => `const m = require(${JSON.stringify(runtime)});
m.customAgentsDiscoverJson(${JSON.stringify(JSON.stringify(args))}).then((text) => {
  require("node:fs").writeFileSync(${JSON.stringify(out)}, text);
  process.exit(0);
}, (error) => { console.error(String(error)); process.exit(1); });
`,
      world.project,
    );
    return found.agents;
  };
  return {
    discover,
    async agents(world) {
      return { agents: (await discover(world)).map((a) => ({ id: a.id, seen: a.prompt ?? "" })).sort(byId) };
    },
    async skills(world) {
      const args = [
        world.project,
        [],
        [],
        join(world.home, ".copilot"),
        world.home,
        null,
        [],
        world.project,
        [],
        true,
        null,
        world.project,
        true,
        false,
        false,
      ];
      const found = await nodeScript<{ name: string; description?: string; filePath: string }[]>(
        world,
        "copilot-skills.cjs",
        (out) => `const m = require(${JSON.stringify(runtime)});
const a = ${JSON.stringify(args)}.map((v) => (v === null ? undefined : v));
m.skillsLoad(...a).then((r) => {
  require("node:fs").writeFileSync(${JSON.stringify(out)}, JSON.stringify(r.skills));
  process.exit(0);
}, (error) => { console.error(String(error)); process.exit(1); });
`,
        world.project,
      );
      return listed(found.map((s) => ({ name: s.name, description: s.description ?? "", path: s.filePath })));
    },
  };
}

/** Codex, its roles from any folder, and its built-ins. */
export interface CodexTool extends RealTool {
  /** Every role it offers in `world` from `cwd` (the project unless said), built-ins included, in its order. */
  roles(world: World, cwd?: string): Promise<SeenAgent[]>;
  /** Its untouched built-in roles, each `id: description`. */
  builtins: ReadonlySet<string>;
}

/** Codex 0.171.0: `codex debug prompt-input` (its `spawn_agent` roles) and `codex app-server` `skills/list`. */
export async function codexTool(): Promise<CodexTool | { unavailable: string }> {
  const installed = await installTool("@openai/codex@0.171.0", "codex");
  if ("unavailable" in installed) return installed;
  const env = (world: World) => ({
    PATH: `${join(installed.prefix, "bin")}:/usr/local/bin:/usr/bin:/bin`,
    HOME: world.home,
    CODEX_HOME: join(world.home, ".codex"),
    ...world.xdg,
  });
  const roles = async (world: World, cwd = world.project): Promise<SeenAgent[]> => {
    mkdirSync(join(world.home, ".codex"), { recursive: true });
    const out = join(world.root, "codex-prompt-input.json");
    const ran = await run("sh", ["-c", `codex debug prompt-input x > "${out}"`], {
      cwd,
      timeout: 180_000,
      env: env(world),
    });
    if (ran.code !== 0) throw new Error(`codex debug prompt-input failed: ${ran.stderr.slice(0, 400)}`);
    let text: string | undefined;
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) for (const item of node) walk(item);
      else if (node && typeof node === "object") {
        const tool = node as {
          name?: string;
          parameters?: { properties?: { agent_type?: { description?: string } } };
        };
        if (tool.name === "spawn_agent") text = tool.parameters?.properties?.agent_type?.description;
        for (const value of Object.values(node)) walk(value);
      }
    };
    walk(JSON.parse(readFileSync(out, "utf8")));
    // No custom agent loaded: Codex leaves the spawn_agent tool out.
    if (text === undefined) return [];
    const listedRoles = text.split("Available roles:\n")[1] ?? "";
    // Codex appends a note of the role's pinned settings ("- This role's model is set to …"):
    // its rendering, not the file's description.
    return [...listedRoles.matchAll(/^(.+): \{\n([\s\S]*?)\n\}$/gm)].map((m) => ({
      id: m[1]!,
      seen: m[2]!.replace(/\n- This role's [^\n]*$/, ""),
    }));
  };
  // Without a single custom agent Codex offers no spawn_agent tool at all: the built-ins are
  // what a world of one probe agent lists besides it.
  const probe = makeWorld({
    "home/.codex/agents/probe.toml":
      'name = "zz-probe"\ndescription = "probe"\ndeveloper_instructions = "x"\n',
  });
  const probed = await roles(probe);
  probe.cleanup();
  if (!probed.some((r) => r.id === "zz-probe")) throw new Error("Codex did not list the probe agent");
  const builtins = new Set(probed.filter((r) => r.id !== "zz-probe").map((r) => `${r.id}: ${r.seen}`));
  return {
    roles,
    builtins,
    async agents(world) {
      const all = await roles(world);
      return { agents: all.filter((r) => !builtins.has(`${r.id}: ${r.seen}`)).sort(byId) };
    },
    async skills(world) {
      const codexHome = join(world.home, ".codex");
      mkdirSync(codexHome, { recursive: true });
      const out = join(world.root, "codex-skills.jsonl");
      const requests = [
        { id: 1, method: "initialize", params: { clientInfo: { name: "roster-test", version: "1" } } },
        { method: "initialized" },
        { id: 2, method: "skills/list", params: { cwds: [world.project] } },
      ]
        .map((r) => JSON.stringify(r))
        .join("\n");
      const script = `(printf '%s\\n' '${requests}'; i=0; while [ $i -lt 300 ] && ! grep -q '"id":2' "${out}" 2>/dev/null; do sleep 0.1; i=$((i+1)); done) | codex app-server > "${out}"`;
      const ran = await run("sh", ["-c", script], { cwd: world.project, timeout: 120_000, env: env(world) });
      const answer = readFileSync(out, "utf8")
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map(
          (line) =>
            JSON.parse(line) as { id?: number; result?: { data: { skills: Record<string, string>[] }[] } },
        )
        .find((m) => m.id === 2);
      if (!answer?.result)
        throw new Error(`codex app-server gave no skills/list answer: ${ran.stderr.slice(0, 400)}`);
      return listed(
        answer.result.data
          .flatMap((entry) => entry.skills)
          .filter((s) => s.scope !== "system")
          .map((s) => ({ name: s.name!, description: s.description ?? "", path: s.path! })),
      );
    },
  };
}

/** Claude Code, and a way to run it with any arguments. */
export interface ClaudeTool extends RealTool {
  /** The installed Claude Code in `world` with `args`: logged out (its own HOME), no update check, stdin closed. */
  run(world: World, args: string[]): Promise<Ran>;
}

/** Claude Code 2.1.197: the logged-out `--agent <missing>` answer and the `initialize` answer. */
export async function claudeTool(): Promise<ClaudeTool | { unavailable: string }> {
  const installed = await installTool("@anthropic-ai/claude-code@2.1.197", "claude");
  if ("unavailable" in installed) return installed;
  const env = (world: World) => ({
    PATH: `${join(installed.prefix, "bin")}:/usr/local/bin:/usr/bin:/bin`,
    HOME: world.home,
    ...world.xdg,
    DISABLE_AUTOUPDATER: "1",
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
  });
  const claude = (world: World, args: string[]): Promise<Ran> =>
    run("sh", ["-c", 'exec claude "$@" < /dev/null', "claude", ...args], {
      cwd: world.project,
      timeout: 120_000,
      env: env(world),
    });
  const names = async (world: World): Promise<string[]> => {
    const ran = await claude(world, ["-p", "hi", "--agent", "zz-roster-missing"]);
    const answer = /Available agents: ([^\n]*)/.exec(`${ran.stdout}\n${ran.stderr}`);
    if (!answer)
      throw new Error(
        `claude gave no "Available agents" answer: ${(ran.stderr || ran.stdout).slice(0, 400)}`,
      );
    return answer[1]!
      .split(", ")
      .map((n) => n.trim())
      .filter(Boolean);
  };
  const commands = async (world: World): Promise<{ name: string; description: string }[]> => {
    const request = JSON.stringify({
      type: "control_request",
      request_id: "r1",
      request: { subtype: "initialize" },
    });
    const out = join(world.root, "claude-initialize.jsonl");
    rmSync(out, { force: true });
    const script = `(printf '%s\\n' '${request}'; i=0; while [ $i -lt 600 ] && ! grep -q control_response "${out}" 2>/dev/null; do sleep 0.1; i=$((i+1)); done) | claude -p --input-format stream-json --output-format stream-json --verbose > "${out}"`;
    const ran = await run("sh", ["-c", script], { cwd: world.project, timeout: 120_000, env: env(world) });
    const answer = readFileSync(out, "utf8")
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { type?: string; response?: { response?: { commands?: unknown } } })
      .find((m) => m.type === "control_response");
    const listedCommands = answer?.response?.response?.commands;
    if (!Array.isArray(listedCommands))
      throw new Error(`claude gave no initialize answer: ${(ran.stderr || ran.stdout).slice(0, 400)}`);
    return listedCommands as { name: string; description: string }[];
  };
  const empty = makeWorld({});
  const builtinAgents = new Set(await names(empty));
  const builtinCommands = new Set((await commands(empty)).map((c) => c.name));
  empty.cleanup();
  return {
    run: claude,
    async agents(world) {
      const all = await names(world);
      return {
        agents: all
          .filter((n) => !builtinAgents.has(n))
          .map((id) => ({ id, seen: "" }))
          .sort(byId),
      };
    },
    async skills(world) {
      return (await commands(world))
        .filter((c) => !builtinCommands.has(c.name))
        .map((c) => ({
          name: c.name,
          description: c.description.replace(/ \((project|user)\)$/, ""),
          path: "",
        }));
    },
  };
}
