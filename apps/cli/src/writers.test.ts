// Every writer against the real-world corpus: the file parses with the tool's reader, loads
// under the tool's profile, the report accounts for every field, and claude → X → claude
// keeps what X keeps.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type AgentDefinition, markdownFormat, parseAgentFields } from "@roster/core";
import { claudeWriter } from "@roster/source-claude";
import { type AgentExport, agentFieldValue, agentInputFields, exportAgent } from "@roster/writers";
import { beforeAll, describe, expect, test } from "vitest";
import { familySetOf } from "./families.js";

const WRITERS = familySetOf().writers;
const TOOLS = familySetOf().tools;

const corpus = fileURLToPath(new URL("../../../../shared/corpus", import.meta.url));
const ctx = { cwd: "/work/p", home: "/work/h", env: {} };

/** Every corpus markdown file that is a valid agent (name and description), read as a Claude Code agent. */
function corpusAgents(): AgentDefinition[] {
  const files = (readdirSync(corpus, { recursive: true, encoding: "utf8" }) as string[])
    .filter((f) => f.endsWith(".md"))
    .sort();
  const agents: AgentDefinition[] = [];
  for (const file of files) {
    const filePath = join(corpus, file);
    const parsed = markdownFormat.parse({
      filePath,
      relativePath: file,
      content: readFileSync(filePath, "utf8"),
      level: "warn",
    });
    if (parsed.kind === "unusable") continue;
    const fields = parseAgentFields(parsed.frontmatter);
    if (fields)
      agents.push({ ...fields, systemPrompt: parsed.body, source: "project", filePath, provider: "claude" });
  }
  return agents;
}

const sample: AgentDefinition = {
  name: "reviewer",
  description:
    'Reviews code. Use when: "a PR is ready".\n<example>\nuser: review this\nassistant: I will: read it\n</example>',
  systemPrompt: "---\nYou review code: carefully.\n\n# Steps\n1. Read\n",
  tools: ["read", "grep", "glob", "bash", "agent", "mcp__github__search", "submit_result"],
  toolsAsWritten: ["Read", "Grep", "Glob", "Bash", "Agent(helper, tester)", "mcp__github__search"],
  spawns: ["helper", "tester"],
  disallowedTools: ["Write"],
  model: ["claude-sonnet-4-5", "haiku"],
  permissionMode: "plan",
  maxTurns: 12,
  blocking: false,
  output: { properties: { ok: { type: "boolean" } } },
  extra: {
    effort: "high",
    color: "blue",
    skills: ["review"],
    nickname_candidates: ["rev"],
    temperature: 0.2,
    madeUp: "x",
  },
  source: "project",
  provider: "claude",
};

function exported(agent: AgentDefinition, tool: string): AgentExport {
  const writer = WRITERS.find((w) => w.tool === tool)!;
  const result = exportAgent(agent, writer, { ctx, scope: "project", tools: TOOLS });
  if (!result.ok) throw new Error(`${tool}: ${result.code}: ${result.message}\n${result.content ?? ""}`);
  return result;
}

describe.each(WRITERS.map((w) => w.tool))("the %s writer", (tool) => {
  test("writes a file its reader and profile accept, with every field of a full agent accounted for", () => {
    const result = exported(sample, tool);
    expect(result.readBack.name).toBe("reviewer");
    expect(result.readBack.description).toBe(sample.description);
    expect(result.readBack.systemPrompt.trim()).toBe(sample.systemPrompt.trim());
    const reported = result.fields.map((f) => f.field).sort();
    expect(reported).toEqual(agentInputFields(sample).sort());
    for (const f of result.fields.filter((m) => m.fate === "dropped")) expect(f.value).toBeDefined();
  });

  test("claude → X → claude keeps name, description, prompt, model and every field X keeps", () => {
    expectRoundTrip(sample, tool);
  });
});

/** claude → `tool` → claude: name, description, prompt, first model, and what both keep, come back. */
function expectRoundTrip(agent: AgentDefinition, tool: string): number {
  const sample = agent;
  const there = exported(sample, tool);
  const back = exported(there.readBack, "claude").readBack;
  // Fields both X and Claude Code can express come back as they were.
  const claudeKeeps = new Set(
    exported(sample, "claude")
      .fields.filter((f) => f.fate === "kept")
      .map((f) => f.field),
  );
  expect(back.name).toBe(sample.name);
  expect(back.description).toBe(sample.description);
  expect(back.systemPrompt.trim()).toBe(sample.systemPrompt.trim());
  // The first model X takes comes back; a tool that takes none of them left the model out.
  if (there.fields.find((f) => f.field === "model")?.fate === "dropped") expect(back.model).toBeUndefined();
  else expect(back.model?.[0]).toBe(sample.model?.[0]);
  for (const f of there.fields) {
    const both =
      f.fate === "kept" && claudeKeeps.has(f.field) && f.to !== "(omitted)" && f.to !== "(default)";
    if (both && !["name", "systemPrompt"].includes(f.field)) {
      expect(agentFieldValue(back, f.field), `${tool} keeps ${f.field}`).toEqual(
        agentFieldValue(sample, f.field),
      );
    }
    // What X drops does not come back as it was: the report names every loss.
    if (f.fate === "dropped") {
      expect(agentFieldValue(back, f.field), `${tool} drops ${f.field}`).not.toEqual(
        agentFieldValue(sample, f.field),
      );
    }
  }
  return there.fields.length;
}

describe("models a tool cannot take (the table roster run uses)", () => {
  const withModels = (model: string[]): AgentDefinition => ({ ...sample, model });

  test("left out with a note; the first model the tool takes is written, in its spelling", () => {
    const codex = exported(withModels(["sonnet", "gpt-5-codex", "gpt-5"]), "codex");
    expect(codex.content).toMatch(/^model = "gpt-5-codex"$/m);
    expect(codex.fields.find((f) => f.field === "model")).toEqual({
      field: "model",
      fate: "changed",
      to: "model",
      value: ["sonnet", "gpt-5-codex", "gpt-5"],
      lost: ["sonnet", "gpt-5"],
      note: "models Codex does not take were left out: sonnet; Codex takes one model; the fallbacks are lost",
    });
    const opencode = exported(withModels(["claude-sonnet-4-5"]), "opencode");
    expect(opencode.content).toMatch(/^model: anthropic\/claude-sonnet-4-5$/m);
    expect(opencode.fields.find((f) => f.field === "model")?.note).toBe(
      "claude-sonnet-4-5 is written as anthropic/claude-sonnet-4-5",
    );
  });

  test("none taken: no model in the file, the field dropped with its value", () => {
    const gemini = exported(withModels(["sonnet", "gpt-5"]), "gemini");
    expect(gemini.content).not.toMatch(/^model:/m);
    expect(gemini.readBack.model).toBeUndefined();
    expect(gemini.fields.find((f) => f.field === "model")).toMatchObject({
      fate: "dropped",
      value: ["sonnet", "gpt-5"],
      note: "Gemini CLI takes none of these models (left out, as roster run does)",
    });
    // A tool without a model table (Cursor) keeps the first as it is.
    expect(exported(withModels(["sonnet"]), "cursor").content).toMatch(/^model: sonnet$/m);
  });
});

describe("tool vocabularies and meaning changes", () => {
  test("gemini: tool names in Gemini CLI's vocabulary, no key its schema refuses, MCP names translated", () => {
    const result = exported(sample, "gemini");
    expect(result.content).not.toMatch(/^(color|skills|permissionMode|generated-by):/m);
    // Plan mode: Gemini CLI has none, so the list keeps only reading tools.
    expect(result.readBack.toolsAsWritten).toEqual(["read_file", "grep_search", "glob", "mcp_github_search"]);
    expect(result.fields.find((f) => f.field === "permissionMode")).toMatchObject({
      fate: "changed",
      to: "tools",
    });
    const acting = exported({ ...sample, permissionMode: "default" }, "gemini").readBack;
    expect(acting.toolsAsWritten).toEqual([
      "read_file",
      "grep_search",
      "glob",
      "run_shell_command",
      "mcp_github_search",
    ]);
    const tools = result.fields.find((f) => f.field === "tools")!;
    expect(tools.fate).toBe("changed");
    expect(tools.lost).toEqual(["Agent(helper, tester)"]);
    expect(result.fields.find((f) => f.field === "extra.temperature")?.fate).toBe("kept");
  });

  test("codex: TOML with the prompt as developer_instructions, effort and sandbox from thinking level and plan mode", () => {
    const result = exported(sample, "codex");
    expect(result.content).toMatch(/^model_reasoning_effort = "high"$/m);
    expect(result.content).toMatch(/^sandbox_mode = "read-only"$/m);
    // Codex skips a role file with a key it does not know: no marker key, and only the
    // runtime settings it takes (a Claude-style `skills` list would make it skip the file).
    expect(result.content).not.toMatch(/^(generated-by|skills) =/m);
    expect(result.readBack.thinkingLevel).toBe("high");
    const plan = result.fields.find((f) => f.field === "permissionMode")!;
    expect(plan).toMatchObject({ fate: "changed", to: "sandbox_mode" });
    expect(exported({ ...sample, extra: {}, thinkingLevel: "off" }, "codex").content).toMatch(/= "none"$/m);
    // A prompt of several lines is a """ string Codex reads back exactly (issue #29).
    const lines = exported({ ...sample, systemPrompt: 'Line one.\n\n- "two"\nthree' }, "codex");
    expect(lines.content).toContain('developer_instructions = """\nLine one.\n\n- \\"two\\"\nthree"""\n');
    expect(lines.readBack.systemPrompt).toBe('Line one.\n\n- "two"\nthree');
  });

  test("claude: Agent(…) carries the spawn list; the thinking level becomes effort", () => {
    const gemini = exported({ ...sample, permissionMode: "default" }, "gemini").readBack;
    const claude = exported(
      { ...gemini, spawns: ["helper"], tools: [...(gemini.tools ?? []), "task"] },
      "claude",
    );
    expect(claude.content).toMatch(/^tools: Read, Grep, Glob, Bash, mcp__github__search, Agent\(helper\)$/m);
    const level = exported({ ...sample, extra: {}, thinkingLevel: "xhigh" }, "claude");
    // Claude Code 2.1.197 takes low, medium, high, xhigh, max: roster's xhigh is its xhigh.
    expect(level.content).toMatch(/^effort: xhigh$/m);
    expect(level.fields.find((f) => f.field === "thinkingLevel")).toMatchObject({
      fate: "changed",
      to: "effort",
    });
  });

  test("cursor and opencode: plan mode becomes readonly / edit and bash denied", () => {
    expect(exported(sample, "gemini").content).toMatch(
      /^tools:\n {2}- read_file\n {2}- grep_search\n {2}- glob\n {2}- mcp_github_search\n/m,
    );
    expect(exported(sample, "cursor").readBack.disallowedTools).toEqual(["edit", "write", "bash"]);
    const opencode = exported(sample, "opencode");
    expect(opencode.readBack.disallowedTools).toEqual(expect.arrayContaining(["edit", "write", "bash"]));
    expect(opencode.content).not.toMatch(/^name:/m);
  });

  test("copilot: aliases, the stem is the name", () => {
    const result = exported(sample, "copilot");
    expect(result.relativePath).toBe("reviewer.agent.md");
    expect(result.readBack.toolsAsWritten).toEqual(["read", "search", "github/search"]);
    const acting = exported({ ...sample, permissionMode: "default" }, "copilot").readBack;
    expect(acting.toolsAsWritten).toEqual(["read", "search", "execute", "github/search"]);
  });

  test("a name Gemini CLI keeps for a built-in is refused: the file would never load", () => {
    const result = exportAgent({ ...sample, name: "generalist" }, WRITERS.find((w) => w.tool === "gemini")!, {
      ctx,
      scope: "project",
      tools: TOOLS,
    });
    expect(result).toMatchObject({ ok: false, code: "export/builtin-wins" });
    expect(exported({ ...sample, name: "explorer" }, "codex").name).toBe("explorer");
  });

  test("an unsafe name is refused before a path is built", () => {
    for (const name of ["../x", "a/b", ".hidden", "-x", "a b"]) {
      const result = exportAgent({ ...sample, name }, claudeWriter, { ctx, scope: "project", tools: TOOLS });
      expect(result).toMatchObject({ ok: false, code: "export/unsafe-name" });
    }
  });
});

describe.skipIf(!existsSync(corpus))("every agent of ../shared/corpus to every tool", () => {
  // Read when the suite runs: vitest collects a skipped suite's body too (a clone without
  // ../shared/corpus then failed instead of skipping).
  let agents: AgentDefinition[] = [];
  beforeAll(() => {
    agents = corpusAgents();
  });
  test("the corpus has agents", () => {
    expect(agents.length).toBeGreaterThan(100);
  });
  test.each(WRITERS.map((w) => w.tool))(
    "%s: loads under its profile, every input field reported once, round trip",
    (tool) => {
      let fields = 0;
      const badNames: string[] = [];
      const writer = WRITERS.find((w) => w.tool === tool)!;
      for (const agent of agents) {
        // exportAgent refuses a name the tool's own rules refuse (export and sync choose its slug: renameFor).
        const check = exportAgent(agent, writer, { ctx, scope: "project", tools: TOOLS });
        if (!check.ok && check.code === "export/bad-name") {
          badNames.push(agent.name);
          continue;
        }
        const result = exported(agent, tool);
        const reported = result.fields.map((f) => f.field).sort();
        expect(reported, agent.filePath).toEqual(agentInputFields(agent).sort());
        fields += reported.length;
        expectRoundTrip(agent, tool);
      }
      expect(fields).toBeGreaterThan(agents.length * 3);
      expect(badNames.length, badNames.join(", ")).toBeLessThan(agents.length / 50);
    },
  );
});
