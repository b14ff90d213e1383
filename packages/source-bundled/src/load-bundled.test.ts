import { parseAgentFields } from "@roster/core";
import { Ajv } from "ajv/dist/jtd.js";
import { afterEach, describe, expect, test } from "vitest";
import { EMBEDDED_AGENTS, EMBEDDED_COMMANDS } from "./embedded.generated.js";
import {
  AGENT_FILES,
  BUNDLED_AGENT_NAMES,
  buildBundledAgents,
  buildBundledCommands,
  clearBundledAgentsCache,
  loadBundledAgents,
  loadBundledCommands,
} from "./load-bundled.js";
import { BundledDefinitionError, parseBundledFile } from "./parse-bundled.js";
import { TASK_BODY_FILE, TASK_VARIANTS } from "./task-variants.js";

afterEach(() => clearBundledAgentsCache());

describe("every bundled file", () => {
  test.each(Object.keys(EMBEDDED_AGENTS))(
    "agents/%s parses at level fatal and yields a valid agent",
    (file) => {
      const parsed = parseBundledFile(file, EMBEDDED_AGENTS[file]!);
      // task.md has no frontmatter of its own: the loader injects it.
      const injected = TASK_VARIANTS.filter((v) => v.file === file).map((v) => v.frontmatter);
      const frontmatters =
        injected.length > 0 ? injected.map((f) => ({ ...parsed.frontmatter, ...f })) : [parsed.frontmatter];
      for (const frontmatter of frontmatters) {
        const diagnostics: never[] = [];
        const fields = parseAgentFields(frontmatter, diagnostics);
        expect(fields).not.toBeNull();
        expect(diagnostics).toEqual([]);
      }
      expect(parsed.body.length).toBeGreaterThan(200);
      expect(parsed.body).not.toContain("<!--");
    },
  );

  test.each(Object.keys(EMBEDDED_COMMANDS))("commands/%s parses at level fatal", (file) => {
    const parsed = parseBundledFile(file, EMBEDDED_COMMANDS[file]!);
    expect(typeof parsed.frontmatter.description).toBe("string");
    expect(parsed.body).toContain("$@");
  });

  test("every embedded agent file is used, and every used file is embedded", () => {
    const used = new Set([...AGENT_FILES, ...TASK_VARIANTS.map((v) => v.file)]);
    expect([...used].sort()).toEqual(Object.keys(EMBEDDED_AGENTS).sort());
  });
});

describe("loadBundledAgents", () => {
  test("returns the six built-in agents in order, named as their files", () => {
    const agents = loadBundledAgents();
    expect(agents.map((a) => a.name)).toEqual([
      "explore",
      "plan",
      "designer",
      "reviewer",
      "task",
      "quick_task",
    ]);
    expect(agents.map((a) => a.name)).toEqual(BUNDLED_AGENT_NAMES);
    for (const agent of agents.slice(0, 4)) expect(agent.filePath).toBe(`embedded:${agent.name}.md`);
    for (const agent of agents) {
      expect(agent.source).toBe("bundled");
      expect(agent.provider).toBe("bundled");
      expect(agent.description.length).toBeGreaterThan(20);
    }
  });

  test("task and quick_task share the task body and get the injected frontmatter", () => {
    const agents = loadBundledAgents();
    const task = agents.find((a) => a.name === "task")!;
    const quick = agents.find((a) => a.name === "quick_task")!;
    expect(task.spawns).toBe("*");
    expect(task.thinkingLevel).toBe("medium");
    expect(quick.thinkingLevel).toBe("minimal");
    expect(quick.spawns).toBeUndefined();
    expect(task.systemPrompt).toBe(quick.systemPrompt);
    expect(task.systemPrompt).toBe(parseBundledFile(TASK_BODY_FILE, EMBEDDED_AGENTS[TASK_BODY_FILE]!).body);
    expect(task.filePath).toBe("embedded:task.md");
    expect(quick.filePath).toBe("embedded:task.md");
    // No tool list: both inherit the session's tools.
    expect(task.tools).toBeUndefined();
    expect(quick.tools).toBeUndefined();
  });

  test("read-only agents get no write tools; plan may spawn explore", () => {
    const byName = new Map(loadBundledAgents().map((a) => [a.name, a]));
    for (const name of ["explore", "plan", "reviewer"]) {
      const tools = byName.get(name)!.tools!;
      expect(tools).toContain("submit_result");
      expect(tools).not.toContain("edit");
      expect(tools).not.toContain("write");
    }
    expect(byName.get("explore")!.tools).not.toContain("bash");
    expect(byName.get("plan")!.spawns).toEqual(["explore"]);
    expect(byName.get("designer")!.tools).toEqual(
      expect.arrayContaining(["read", "edit", "write", "bash", "submit_result"]),
    );
  });

  test("explore and reviewer carry valid JTD output schemas; the others none", () => {
    const byName = new Map(loadBundledAgents().map((a) => [a.name, a]));
    for (const name of ["explore", "reviewer"]) {
      const schema = byName.get(name)!.output;
      expect(schema, name).toBeTypeOf("object");
      expect(() => new Ajv().compile(schema as object), name).not.toThrow();
    }
    for (const name of ["plan", "designer", "task", "quick_task"])
      expect(byName.get(name)!.output).toBeUndefined();
  });

  test("the explore schema accepts a realistic result and rejects a wrong one", () => {
    const validate = new Ajv().compile(loadBundledAgents()[0]!.output as object);
    const result = {
      summary: "Agents are merged first-wins in discover-agents.ts.",
      files: [
        {
          path: "packages/core/src/discover-agents.ts",
          why: "mergeFirstWins",
          lines: "120-140",
          symbols: ["mergeFirstWins"],
        },
      ],
    };
    expect(validate(result)).toBe(true);
    expect(validate({ ...result, openQuestions: ["why?"] })).toBe(true);
    expect(validate({ summary: "x", files: [{ path: "a" }] })).toBe(false);
    expect(validate({ files: [] })).toBe(false);
  });

  test("the reviewer schema accepts findings with file, line, severity and message and a verdict", () => {
    const reviewer = loadBundledAgents().find((a) => a.name === "reviewer")!;
    const validate = new Ajv().compile(reviewer.output as object);
    const finding = { file: "src/a.ts", line: 12, severity: "major", message: "limit 0 returns everything" };
    expect(validate({ verdict: "request_changes", summary: "One bug.", findings: [finding] })).toBe(true);
    expect(validate({ verdict: "approve", summary: "Fine.", findings: [] })).toBe(true);
    expect(validate({ verdict: "maybe", summary: "?", findings: [] })).toBe(false);
    expect(validate({ verdict: "approve", summary: "", findings: [{ ...finding, severity: "huge" }] })).toBe(
      false,
    );
    expect(validate({ verdict: "approve", summary: "", findings: [{ ...finding, line: -1 }] })).toBe(false);
  });

  test("output schema property names survive key normalisation", () => {
    const reviewer = loadBundledAgents().find((a) => a.name === "reviewer")!;
    const findings = (
      reviewer.output as { properties: { findings: { elements: { optionalProperties: object } } } }
    ).properties.findings.elements.optionalProperties;
    expect(Object.keys(findings)).toContain("endLine");
  });

  test("the same array comes back until the cache is cleared, then it is rebuilt", () => {
    const first = loadBundledAgents();
    expect(loadBundledAgents()).toBe(first);
    clearBundledAgentsCache();
    const second = loadBundledAgents();
    expect(second).not.toBe(first);
    expect(second[0]).not.toBe(first[0]);
    expect(second).toEqual(first);
    expect(loadBundledAgents()).toBe(second);
  });

  test("building from a set with a malformed or missing file throws", () => {
    const broken = { ...EMBEDDED_AGENTS, "plan.md": "---\nname: plan\ndescription: [\n---\nbody\n" };
    expect(() => buildBundledAgents(broken)).toThrow(/embedded:plan\.md/);
    const { "designer.md": _dropped, ...missing } = EMBEDDED_AGENTS;
    expect(() => buildBundledAgents(missing)).toThrow(BundledDefinitionError);
    expect(() => buildBundledAgents(missing)).toThrow(/designer\.md: not embedded/);
  });
});

describe("loadBundledCommands", () => {
  test("returns init, cached until cleared", () => {
    const commands = loadBundledCommands();
    expect(commands.map((c) => c.name)).toEqual(["init"]);
    expect(commands[0]).toMatchObject({
      source: "bundled",
      provider: "bundled",
      filePath: "embedded:init.md",
    });
    expect(commands[0]!.instructions).toContain("AGENTS.md");
    expect(loadBundledCommands()).toBe(commands);
    clearBundledAgentsCache();
    expect(loadBundledCommands()).not.toBe(commands);
  });

  test("a malformed command text throws", () => {
    expect(() => buildBundledCommands({ "x.md": "---\ndescription: [\n---\nbody\n" })).toThrow(
      /embedded:x\.md/,
    );
  });
});
