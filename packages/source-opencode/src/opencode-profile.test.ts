import { symlinkSync } from "node:fs";
import { join } from "node:path";
import { viewAsTool } from "@roster/profiles";
import { createSandbox, type Sandbox } from "@roster/testkit";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { opencodeProfile, sanitizeLikeOpencode } from "./opencode-profile.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox("roster-opencode-profile-");
});
afterEach(() => sb.cleanup());

const agent = (description: string, extra = "") =>
  `---\ndescription: ${description}\n${extra}---\nBody of ${description}.\n`;

describe("opencodeProfile: places and merging (opencode-ai 1.18.33, `opencode debug config`)", () => {
  test("the `agent` entries of opencode.json load, and a file agent of the same id is merged over them", async () => {
    sb.write({
      "project/.git/HEAD": "",
      "project/opencode.json": JSON.stringify({
        agent: {
          cfg: { description: "from config", prompt: "Config prompt" },
          both: { description: "config both", temperature: 0.2, prompt: "Config both prompt" },
        },
      }),
      "project/.opencode/agents/both.md": "---\nmode: subagent\n---\nFile prompt\n",
      "home/.config/opencode/opencode.jsonc":
        '{ // global\n "agent": { "glob": { "description": "global config" } } }',
      "project/.opencode/opencode.json": "{ not json",
    });
    const view = await viewAsTool(opencodeProfile, sb.ctx({ cwd: sb.project }));
    const mine = view.agents.filter((a) => a.filePath);
    expect(mine.map((a) => [a.id, a.description, a.prompt])).toEqual([
      ["both", "config both", "File prompt"],
      ["cfg", "from config", "Config prompt"],
      ["glob", "global config", ""],
    ]);
    expect(mine[0]!.mergedFrom).toEqual([
      join(sb.project, ".opencode/agents/both.md"),
      `${join(sb.project, "opencode.json")}#agent.both`,
    ]);
    expect(view.refusedBy).toBeUndefined();
  });

  test("config files: folder by folder from the cwd up, each folder's opencode.jsonc over its opencode.json", async () => {
    const entries = (agent: Record<string, Record<string, unknown>>) => JSON.stringify({ agent });
    sb.write({
      "project/.git/HEAD": "",
      "project/opencode.jsonc": entries({
        same: { prompt: "project jsonc" },
        up: { prompt: "project jsonc" },
      }),
      "project/opencode.json": entries({ same: { prompt: "project json" } }),
      "project/sub/opencode.json": entries({ up: { prompt: "sub json" } }),
      "project/.opencode/opencode.jsonc": entries({ dot: { prompt: "dot jsonc" } }),
      "project/.opencode/opencode.json": entries({ dot: { prompt: "dot json" } }),
    });
    const view = await viewAsTool(opencodeProfile, sb.ctx({ cwd: join(sb.project, "sub") }));
    const loaded = view.agents.filter((a) => a.filePath).map((a) => [a.id, a.prompt]);
    expect(loaded.sort()).toEqual([
      ["dot", "dot jsonc"],
      ["same", "project jsonc"],
      ["up", "sub json"],
    ]);
  });

  test("a wrong-typed value in an opencode.json agent entry refuses the whole configuration", async () => {
    sb.write({
      "project/.git/HEAD": "",
      "project/opencode.json": JSON.stringify({ agent: { bad: { tools: "Read, Grep" } } }),
      "project/.opencode/agents/fine.md": agent("fine"),
    });
    const view = await viewAsTool(opencodeProfile, sb.ctx({ cwd: sb.project }));
    expect(view.agents).toEqual([]);
    expect(view.refusedBy?.filePath).toBe(join(sb.project, "opencode.json"));
    const fine = view.files.find((f) => f.filePath.endsWith("fine.md"));
    expect(fine?.reason?.code).toBe("tool/config-refused");
  });

  test("with --no-project a project opencode.json is not read", async () => {
    sb.write({
      "project/.git/HEAD": "",
      "project/opencode.json": JSON.stringify({ agent: { cfg: { description: "x" } } }),
    });
    const view = await viewAsTool(opencodeProfile, sb.ctx({ cwd: sb.project, trustProject: false }));
    expect(view.agents.filter((a) => a.filePath)).toEqual([]);
    const place = view.places.find((p) => p.dir === join(sb.project, "opencode.json"));
    expect(place?.status).toBe("untrusted");
  });

  test("~/.opencode, then the farthest .opencode down to the nearest, then the global folder; the same id is deep-merged", async () => {
    sb.write({
      "project/.git/HEAD": "",
      "project/.opencode/agents/m.md":
        "---\ndescription: from parent\ntemperature: 0.3\n---\nParent prompt\n",
      "project/sub/.opencode/agent/m.md": "---\nmode: subagent\n---\nChild prompt\n",
      "home/.opencode/agents/h.md": agent("home dot"),
      "home/.config/opencode/agents/m.md": agent("global"),
      "home/.config/opencode/agents/g.md": agent("global g"),
    });
    const ctx = sb.ctx({ cwd: join(sb.project, "sub") });
    const view = await viewAsTool(opencodeProfile, ctx);
    const ours = view.places.filter((p) => p.dir.startsWith(sb.root) && !p.entries);
    expect(ours.map((p) => [p.scope, p.dir.slice(sb.root.length)])).toEqual([
      ["user", "/home/.opencode/agents"],
      ["user", "/home/.opencode/agent"],
      ["project", "/project/.opencode/agents"],
      ["project", "/project/.opencode/agent"],
      ["project", "/project/sub/.opencode/agents"],
      ["project", "/project/sub/.opencode/agent"],
      ["user", "/home/.config/opencode/agents"],
      ["user", "/home/.config/opencode/agent"],
    ]);
    // Up to the repository root only (issue 52): `.opencode` above it is not read; outside a
    // repository every `.opencode` up to `/` is.
    expect(view.places.some((p) => p.dir === "/.opencode/agents")).toBe(false);
    const outside = await viewAsTool(opencodeProfile, sb.ctx({ cwd: sb.home }));
    expect(outside.places.some((p) => p.dir === "/.opencode/agents")).toBe(true);
    const files = view.agents.filter((a) => a.filePath);
    expect(files.map((a) => [a.id, a.description, a.prompt])).toEqual([
      ["h", "home dot", "Body of home dot."],
      ["m", "from parent", "Parent prompt"],
      ["g", "global g", "Body of global g."],
    ]);
    expect(files[1]!.mergedFrom).toEqual([
      join(sb.project, ".opencode/agents/m.md"),
      join(sb.project, "sub/.opencode/agent/m.md"),
      join(sb.home, ".config/opencode/agents/m.md"),
    ]);
  });

  test("a description left out is taken from the next file merged into the agent", async () => {
    sb.write({
      "project/.git/HEAD": "",
      "project/.opencode/agents/m.md": "---\nmode: subagent\n---\nTop\n",
      "home/.config/opencode/agents/m.md": agent("global"),
    });
    const view = await viewAsTool(opencodeProfile, sb.ctx());
    expect(view.agents.filter((a) => a.filePath).map((a) => [a.id, a.description, a.prompt])).toEqual([
      ["m", "global", "Top"],
    ]);
  });

  test("dot folders and symlinked folders are entered; agents/ wins over agent/ in one folder", async () => {
    sb.write({
      "project/.git/HEAD": "",
      "project/.opencode/agents/.dot/d.md": agent("dotted"),
      "project/.opencode/agents/real/l.md": agent("linked"),
      "project/.opencode/agents/same.md": agent("in agents"),
      "project/.opencode/agent/same.md": agent("in agent"),
    });
    symlinkSync("real", join(sb.project, ".opencode/agents/link"));
    const view = await viewAsTool(opencodeProfile, sb.ctx());
    expect(
      view.agents
        .filter((a) => a.filePath)
        .map((a) => [a.id, a.description])
        .sort(),
    ).toEqual([
      [".dot/d", "dotted"],
      ["link/l", "linked"],
      ["real/l", "linked"],
      ["same", "in agents"],
    ]);
    // The real opencode takes whichever the file system lists last: roster cannot know, so it warns.
    const same = view.files.find((f) => f.filePath === join(sb.project, ".opencode/agent/same.md"));
    expect(same?.reason?.code).toBe("tool/unsettled-order");
    expect(same?.reason?.message).toMatch(/which one wins depends on the file system's listing order/);
  });

  test("the same id in agents/ of two different folders is ordinary precedence, not an unsettled order", async () => {
    sb.write({
      "project/.git/HEAD": "",
      "project/.opencode/agents/same.md": agent("project"),
      "home/.config/opencode/agent/same.md": agent("global"),
    });
    const view = await viewAsTool(opencodeProfile, sb.ctx());
    expect(view.files.filter((f) => f.filePath.startsWith(sb.root)).map((f) => f.reason?.code)).toEqual([
      undefined,
      "tool/shadowed",
    ]);
  });
});

describe("opencodeProfile: parsing and the AgentConfig schema", () => {
  test("the prompt is the trimmed body, HTML comments kept; `name` (a number too) replaces the path", async () => {
    sb.write({
      "project/.git/HEAD": "",
      "project/.opencode/agents/a.md": "---\ndescription: A\n---\n\nPrompt A <!-- kept -->\n\n",
      "project/.opencode/agents/n.md": "---\nname: 5\ndescription: N\n---\nN\n",
      "project/.opencode/agents/plain.md": "No frontmatter <!-- hi -->\nline2\n",
    });
    const view = await viewAsTool(opencodeProfile, sb.ctx());
    expect(view.agents.filter((a) => a.filePath).map((a) => [a.id, a.prompt])).toEqual([
      ["a", "Prompt A <!-- kept -->"],
      ["5", "N"],
      ["plain", "No frontmatter <!-- hi -->\nline2"],
    ]);
  });

  test("bad YAML is retried after opencode's clean-up; unchanged by it: the whole text is the prompt; still bad: dropped", async () => {
    expect(sanitizeLikeOpencode("---\ndescription: Use this: when x\nmodel: a/b\n---\nP")).toBe(
      "---\ndescription: |-\n  Use this: when x\nmodel: a/b\n---\nP",
    );
    const broken = "---\ndescription: [unclosed\n  - x: y\n---\nP4\n";
    sb.write({
      "project/.git/HEAD": "",
      "project/.opencode/agents/colon.md": "---\ndescription: Use this: when x\nmodel: a/b\n---\nP3\n",
      "project/.opencode/agents/broken.md": broken,
      "project/.opencode/agents/list-after.md": "---\ndescription: a: b\n  - x: y\n---\nP9\n",
      "project/.opencode/agents/still-bad.md": '---\ndescription: a: b\nx: "unclosed\n---\nP6\n',
      "project/.opencode/agents/t.md": "---\nname: true\ndescription: T\n---\nT\n",
    });
    const view = await viewAsTool(opencodeProfile, sb.ctx());
    expect(view.agents.filter((a) => a.filePath).map((a) => [a.id, a.description, a.prompt])).toEqual([
      ["broken", "", broken.trim()],
      ["colon", "Use this: when x", "P3"],
      ["list-after", "a: b\n- x: y", "P9"],
      ["true", "T", "T"],
    ]);
    expect(view.files.find((f) => f.relativePath === "still-bad.md")?.reason?.code).toBe("tool/yaml-error");
  });

  // Each row was run through `opencode debug config` (opencode-ai 1.18.33): "Configuration is invalid".
  test.each([
    ["tools: Read, Grep", "tools"],
    ["steps: 0", "steps"],
    ["steps: 1.5", "steps"],
    ["maxSteps: -1", "maxSteps"],
    ['temperature: "0.5"', "temperature"],
    ["top_p: .nan", "top_p"],
    ["hidden: yes", "hidden"],
    ["disable: 1", "disable"],
    ["color: blue", "color"],
    ["mode: sub", "mode"],
    ["model: 5", "model"],
    ["variant: 2", "variant"],
    ["options: 3", "options"],
    ["permission: {edit: maybe}", "permission"],
    ["permission: {webfetch: {x: allow}}", "permission"],
  ])("`%s` makes opencode refuse its whole configuration: nothing loads", async (line, key) => {
    sb.write({
      "project/.git/HEAD": "",
      "project/.opencode/agents/bad.md": agent("bad", `${line}\n`),
      "project/.opencode/agents/good.md": agent("good"),
      "home/.config/opencode/agents/user.md": agent("user"),
    });
    const view = await viewAsTool(opencodeProfile, sb.ctx());
    expect(view.agents).toEqual([]);
    expect(view.refusedBy?.filePath).toBe(join(sb.project, ".opencode/agents/bad.md"));
    expect(view.refusedBy?.reason.message).toContain(`\`${key}: `);
    expect(view.files.map((f) => [f.relativePath, f.outcome, f.reason?.code])).toEqual([
      ["bad.md", "rejected", "tool/bad-field"],
      ["good.md", "ignored", "tool/config-refused"],
      ["user.md", "ignored", "tool/config-refused"],
    ]);
  });

  // Accepted by `opencode debug config` (opencode-ai 1.18.33).
  test.each([
    "permission: deny",
    "tools: {bash: false}",
    "prompt: 5",
    "steps: 3",
    "color: '#FF5733'",
    "color: accent",
    "permission: {bash: {'git *': allow}, webfetch: ask}",
    "weird: 1",
  ])("`%s` loads", async (line) => {
    sb.write({ "project/.git/HEAD": "", "project/.opencode/agents/ok.md": agent("ok", `${line}\n`) });
    const view = await viewAsTool(opencodeProfile, sb.ctx());
    expect(view.refusedBy).toBeUndefined();
    expect(view.agents.filter((a) => a.filePath).map((a) => a.id)).toEqual(["ok"]);
  });

  test("disable: true leaves the one agent out; files override built-ins", async () => {
    sb.write({
      "project/.git/HEAD": "",
      "project/.opencode/agents/off.md": agent("off", "disable: true\n"),
      "project/.opencode/agents/explore.md": agent("my explore"),
    });
    const view = await viewAsTool(opencodeProfile, sb.ctx());
    expect(view.files.map((f) => [f.relativePath, f.outcome, f.reason?.code])).toEqual([
      ["explore.md", "loaded", undefined],
      ["off.md", "rejected", "tool/disabled"],
    ]);
    expect(view.agents.filter((a) => a.id === "explore").map((a) => a.scope)).toEqual(["project"]);
  });
});

describe("opencodeProfile: what opencode keeps that roster reads otherwise (issue 52)", () => {
  test("`model: inherit` loads, with a note that opencode keeps it as a model id", async () => {
    sb.write({
      "project/.git/HEAD": "",
      "project/.opencode/agents/inh.md": agent("inherit", "model: inherit\n"),
      "project/.opencode/agents/named.md": agent("named", "model: a/b\n"),
    });
    const view = await viewAsTool(opencodeProfile, sb.ctx({ cwd: sb.project }));
    expect(
      view.files.map((f) => [f.relativePath, f.outcome, f.notes?.map((n) => [n.code, n.field])]),
    ).toEqual([
      ["inh.md", "loaded", [["tool/kept-as-written", "model"]]],
      ["named.md", "loaded", undefined],
    ]);
    expect(view.files[0]!.notes![0]!.message).toContain('"model": "inherit"');
  });
});
