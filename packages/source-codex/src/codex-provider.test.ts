import { join } from "node:path";
import { createRegistry, discoverAgents, markdownFormat, readSources, type Source } from "@roster/core";
import { agentFile, createSandbox, type Sandbox } from "@roster/testkit";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { codexAgentFormat } from "./codex-agent-format.js";
import { codexProvider, createCodexProvider } from "./codex-provider.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox("roster-codex-");
});
afterEach(() => sb.cleanup());

const dirs = (locations: Array<{ dir: string; scope: string }>) => locations.map((l) => [l.scope, l.dir]);

const toml = (name: string, extra = "") =>
  `name = "${name}"\ndescription = "${name} agent"\n${extra}developer_instructions = """\nYou are ${name}.\n"""\n`;

describe("codexProvider.locate", () => {
  test("agents: nearest .codex/agents, then ~/.codex/agents, reading markdown and TOML", async () => {
    sb.write({ "project/.codex/agents": null });
    expect(await codexProvider.locate(sb.ctx(), "agents")).toEqual([
      {
        dir: join(sb.project, ".codex/agents"),
        scope: "project",
        root: sb.project,
        formats: [markdownFormat, codexAgentFormat],
      },
      { dir: join(sb.home, ".codex/agents"), scope: "user", formats: [markdownFormat, codexAgentFormat] },
    ]);
  });

  test("commands: nearest .codex/prompts, then ~/.codex/prompts, with positional and named placeholders", async () => {
    sb.write({ "project/.codex/prompts": null });
    expect(await codexProvider.locate(sb.ctx(), "commands")).toEqual([
      {
        dir: join(sb.project, ".codex/prompts"),
        scope: "project",
        root: sb.project,
        options: { commands: { placeholders: ["positional", "named"] } },
      },
      {
        dir: join(sb.home, ".codex/prompts"),
        scope: "user",
        options: { commands: { placeholders: ["positional", "named"] } },
      },
    ]);
  });

  test("projectPrompts: false reads only the user prompts, as Codex CLI does; agents keep their project folder", async () => {
    sb.write({ "project/.codex/prompts": null, "project/.codex/agents": null });
    const provider = createCodexProvider({ projectPrompts: false });
    expect(dirs(await provider.locate(sb.ctx(), "commands"))).toEqual([
      ["user", join(sb.home, ".codex/prompts")],
    ]);
    expect(dirs(await provider.locate(sb.ctx(), "agents"))).toEqual([
      ["project", join(sb.project, ".codex/agents")],
      ["user", join(sb.home, ".codex/agents")],
    ]);
  });

  test("nearest only by default; every ancestor's folder with projectDirs: all", async () => {
    sb.write({ "project/.codex/agents": null, "project/svc/.codex/agents": null });
    const cwd = join(sb.project, "svc");
    expect(dirs(await codexProvider.locate(sb.ctx({ cwd }), "agents"))).toEqual([
      ["project", join(sb.project, "svc/.codex/agents")],
      ["user", join(sb.home, ".codex/agents")],
    ]);
    expect(dirs(await codexProvider.locate({ ...sb.ctx({ cwd }), projectDirs: "all" }, "agents"))).toEqual([
      ["project", join(sb.project, "svc/.codex/agents")],
      ["project", join(sb.project, ".codex/agents")],
      ["user", join(sb.home, ".codex/agents")],
    ]);
  });

  test("CODEX_HOME replaces ~/.codex for agents and prompts (~ is ctx.home)", async () => {
    const custom = join(sb.root, "codex-home");
    const ctx = sb.ctx({ env: { CODEX_HOME: custom } });
    expect(dirs(await codexProvider.locate(ctx, "agents"))).toEqual([["user", join(custom, "agents")]]);
    expect(dirs(await codexProvider.locate(ctx, "commands"))).toEqual([["user", join(custom, "prompts")]]);
    const tilde = sb.ctx({ env: { CODEX_HOME: "~/cx" } });
    expect(dirs(await codexProvider.locate(tilde, "agents"))).toEqual([["user", join(sb.home, "cx/agents")]]);
    // A relative value is taken from home, never from the (possibly untrusted) cwd.
    const relative = sb.ctx({ env: { CODEX_HOME: "cx" } });
    expect(dirs(await codexProvider.locate(relative, "agents"))).toEqual([
      ["user", join(sb.home, "cx/agents")],
    ]);
  });

  test("cwd inside home: ~/.codex/agents is read once, as user", async () => {
    sb.write({ "home/.codex/agents": null, "home/src/app": null });
    const ctx = sb.ctx({ cwd: join(sb.home, "src/app") });
    expect(dirs(await codexProvider.locate(ctx, "agents"))).toEqual([
      ["user", join(sb.home, ".codex/agents")],
    ]);
  });
});

describe("codex agents through discoverAgents", () => {
  test("a TOML agent is mapped fully onto a definition", async () => {
    sb.write({
      "project/.codex/agents/reviewer.toml": toml(
        "reviewer",
        'model = "gpt-5-codex"\nmodel_reasoning_effort = "medium"\n',
      ),
    });
    const { agents, diagnostics } = await discoverAgents(createRegistry([codexProvider]), sb.ctx());
    expect(diagnostics).toEqual([]);
    expect(agents).toEqual([
      {
        name: "reviewer",
        description: "reviewer agent",
        systemPrompt: "You are reviewer.",
        model: ["gpt-5-codex"],
        thinkingLevel: "medium",
        source: "project",
        provider: "codex",
        filePath: join(sb.project, ".codex/agents/reviewer.toml"),
      },
    ]);
  });

  test("markdown and TOML interleave by file name; a bad TOML file is diagnosed while its neighbours load", async () => {
    sb.write({
      "project/.codex/agents/a.toml": toml("a"),
      "project/.codex/agents/b.md": agentFile("b"),
      "project/.codex/agents/c.toml":
        'name = "c"\ndescription = "c agent"\ndeveloper_instructions = """\nunclosed\n',
      "project/.codex/agents/d.toml": toml("d", 'model_reasoning_effort = "turbo"\n'),
      "project/.codex/agents/notes.txt": "not an agent",
    });
    const result = await discoverAgents(createRegistry([codexProvider]), sb.ctx());
    expect(result.agents.map((a) => a.name)).toEqual(["a", "b", "d"]);
    const bad = join(sb.project, ".codex/agents/c.toml");
    const tomlError = result.diagnostics.find((d) => d.code === "codex/toml-error");
    expect(tomlError).toMatchObject({ severity: "warning", filePath: bad });
    expect(tomlError?.line).toBeGreaterThan(0);
    // Exactly one diagnostic for the broken file: no second "missing name" for a file that has one.
    expect(result.diagnostics.filter((d) => d.filePath === bad)).toEqual([tomlError]);
    expect(result.files.find((f) => f.path === bad)).toMatchObject({
      outcome: "skipped",
      reason: { code: "codex/toml-error" },
    });
    // The unknown effort is reported, not silently dropped; d still loads without a level.
    expect(result.diagnostics.find((d) => d.code === "agent/unknown-thinking-level")?.filePath).toBe(
      join(sb.project, ".codex/agents/d.toml"),
    );
    expect(result.agents[2]!.thinkingLevel).toBeUndefined();
  });

  test("project beats user; user agents come from CODEX_HOME", async () => {
    const custom = join(sb.root, "cx");
    sb.write({
      "project/.codex/agents/fix.toml": toml("fix"),
      "cx/agents/fix.md": agentFile("fix", "user fix"),
      "cx/agents/other.toml": toml("other"),
    });
    const result = await discoverAgents(
      createRegistry([codexProvider]),
      sb.ctx({ env: { CODEX_HOME: custom } }),
    );
    expect(result.agents.map((a) => [a.name, a.source])).toEqual([
      ["fix", "project"],
      ["other", "user"],
    ]);
    expect(result.shadowed.map((s) => s.agent.filePath)).toEqual([join(custom, "agents/fix.md")]);
  });

  test("prompts are markdown: a .toml beside them is not a command", async () => {
    sb.write({
      "home/.codex/prompts/review.md":
        "---\ndescription: Review\nargument-hint: FILE=<path>\n---\nReview $FILE\n",
      "home/.codex/prompts/skip.toml": 'prompt = "x"\n',
    });
    const read = await readSources(createRegistry([codexProvider]), sb.ctx(), { kind: "commands" });
    const files = read.sources.filter((s): s is Extract<Source, { kind: "file" }> => s.kind === "file");
    expect(files.map((f) => f.relativePath)).toEqual(["review.md"]);
    expect(files[0]!.parsed.frontmatter).toEqual({ description: "Review", argumentHint: "FILE=<path>" });
    expect(files[0]!.location.options).toEqual({ commands: { placeholders: ["positional", "named"] } });
  });
});
