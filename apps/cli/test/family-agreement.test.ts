// One vocabulary per family: for every family with a writer and a host, what `export --to X`
// writes and what `run --host X --dry-run` would start say the same tools, effort and
// permission mode. Through the BUILT binary.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { writeTree } from "@roster/testkit";
import { parse as parseToml } from "smol-toml";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { parse as parseYaml } from "yaml";
import { familySetOf, hostFamilies } from "../src/families.js";

const bin = fileURLToPath(new URL("../dist/roster.js", import.meta.url));
let root: string;

function roster(...args: string[]) {
  const result = spawnSync(
    process.execPath,
    [bin, "--home", join(root, "home"), "--cwd", join(root, "project"), ...args],
    { env: { PATH: process.env.PATH ?? "" }, encoding: "utf8" },
  );
  expect(result.status, result.stderr).toBe(0);
  return result.stdout;
}

/** What one side says: tools (sorted, in the tool's words), effort and permission mode; absent: that side cannot say it. */
interface Said {
  tools?: string[];
  effort?: string;
  permission?: string;
}

const sorted = (names: readonly string[]) => [...new Set(names)].sort();

function frontmatterOf(text: string): Record<string, unknown> {
  const match = /^---\n([\s\S]*?)\n---/.exec(text);
  return (match ? parseYaml(match[1]!) : {}) as Record<string, unknown>;
}

const listOf = (value: unknown): string[] | undefined =>
  typeof value === "string"
    ? value
        .split(",")
        .map((t) => t.trim())
        .filter(Boolean)
    : Array.isArray(value)
      ? value.map(String)
      : undefined;

interface Invocation {
  args: string[];
  env: Record<string, string>;
  files: Array<{ path: string; content: string }>;
}

const flag = (args: readonly string[], name: string) => {
  const at = args.indexOf(name);
  return at === -1 ? undefined : args[at + 1];
};

/** How to read each side, per family: what its exported file and its host command say. */
const READ: Record<string, { exported(text: string): Said; planned(run: Invocation): Said }> = {
  claude: {
    exported(text) {
      const fm = frontmatterOf(text);
      return {
        tools: sorted(listOf(fm.tools) ?? []),
        effort: fm.effort as string,
        permission: fm.permissionMode as string,
      };
    },
    planned({ args }) {
      // The tools it may use, and the permission rules as written (`--tools` has only names).
      return {
        tools: sorted(listOf(flag(args, "--allowedTools")) ?? []),
        effort: flag(args, "--effort")!,
        permission: flag(args, "--permission-mode")!,
      };
    },
  },
  codex: {
    exported(text) {
      const data = parseToml(text) as Record<string, unknown>;
      return { effort: data.model_reasoning_effort as string, permission: data.sandbox_mode as string };
    },
    planned({ args }) {
      const effort = args.find((a) => a.startsWith("model_reasoning_effort="));
      return { effort: effort && JSON.parse(effort.split("=")[1]!), permission: flag(args, "-s")! };
    },
  },
  gemini: {
    exported(text) {
      return { tools: sorted(listOf(frontmatterOf(text).tools) ?? []) };
    },
    planned({ files }) {
      const policy = files.find((f) => f.path.endsWith("policy.toml"))!;
      const rules = (parseToml(policy.content) as { rule: Array<{ toolName: string[]; decision: string }> })
        .rule;
      // No allow rule at all: an agent that may use no tool.
      const allowed = rules.find((r) => r.decision === "allow")?.toolName ?? [];
      // The policy allows every name of a capability (read_file and read_many_files); the file writes the first.
      return { tools: sorted(allowed.filter((t) => t !== "read_many_files")) };
    },
  },
  opencode: {
    // The same permission set on both sides: "*" denied, then each tool the agent may use.
    exported(text) {
      const permission = (frontmatterOf(text).permission ?? {}) as Record<string, string>;
      return { tools: sorted(Object.entries(permission).map(([key, value]) => `${key}: ${value}`)) };
    },
    planned({ env }) {
      const config = JSON.parse(env.OPENCODE_CONFIG_CONTENT!) as {
        agent: Record<string, { permission?: Record<string, string> }>;
      };
      const permission = Object.values(config.agent)[0]!.permission ?? {};
      return { tools: sorted(Object.entries(permission).map(([key, value]) => `${key}: ${value}`)) };
    },
  },
  copilot: {
    exported(text) {
      return { tools: sorted(listOf(frontmatterOf(text).tools) ?? []) };
    },
    planned({ files }) {
      const agent = files.find((f) => f.path.endsWith(".agent.md"))!;
      return { tools: sorted(listOf(frontmatterOf(agent.content).tools) ?? []) };
    },
  },
};

// A user agent (a project agent's permission mode is held back from an untrusted project's run).
const AGENT = [
  "---",
  "name: rev",
  "description: Reviews diffs",
  "tools: read, grep, ls, fetch, task",
  "thinkingLevel: xhigh",
  "permissionMode: acceptEdits",
  "---",
  "Review the diff.",
  "",
].join("\n");

// A Claude Code agent with a permission rule: no other tool can be told what it allows, so no
// other tool gets the rule's whole tool from either side.
const GATE = [
  "---",
  "name: gate",
  "description: Checks the tree",
  "tools: Read, Bash(git status)",
  "---",
  "Check.",
  "",
];

// A Claude Code agent allowed no tool (`tools: []`): Claude Code gives it none, and so must
// every file and every run roster makes of it.
const BARE = ["---", "name: bare", "description: Thinks only", "tools: []", "---", "Think.", ""];

/** {@link BARE} under another name, with another `tools` line (none: no tools key). */
const named = (name: string, tools: string | undefined) =>
  BARE.filter((line) => tools !== undefined || !line.startsWith("tools:"))
    .map((line) => (line === "name: bare" ? `name: ${name}` : line === "tools: []" ? tools : line))
    .join("\n");

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "roster-agreement-"));
  writeTree(root, {
    "project/.git/HEAD": "ref: refs/heads/main\n",
    "home/.xcsh/agent/agents/rev.md": AGENT,
    "home/.claude/agents/gate.md": GATE.join("\n"),
    "home/.claude/agents/bare.md": BARE.join("\n"),
    // Another family's agent with a rule in Claude Code's words: no tool gets it (a rule goes
    // only to the tool whose agent wrote it).
    "home/.xcsh/agent/agents/xrule.md": named("xrule", "tools: Read, Bash(git status)"),
    // The same in each family whose tool reads `tools: []` as no tool (and xcsh, roster's own).
    "home/.gemini/agents/bare-gemini.md": named("bare-gemini", "tools: []"),
    "project/.github/agents/bare-copilot.agent.md": BARE.join("\n"),
    "home/.xcsh/agent/agents/bare-xcsh.md": named("bare-xcsh", "tools: []"),
    "home/.claude/agents/bare-null.md": named("bare-null", "tools:"),
    // Names Claude Code 2.1.197 has no tool for (`LS`, `MultiEdit`): as written for Claude Code.
    "home/.claude/agents/old.md": named("old", "tools: Read, LS, MultiEdit"),
    "home/.claude/agents/star.md": named("star", "tools: Read, *"),
    "home/.claude/agents/free.md": named("free", undefined),
  });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const both = hostFamilies(familySetOf()).filter((f) => f.writer !== undefined);

describe("export and run --host say the same thing", () => {
  test("every family with a writer and a host is compared", () => {
    expect(both.map((f) => f.id)).toEqual(Object.keys(READ));
  });

  test.each(
    both.flatMap((f) => ["rev", "gate", "bare", "old", "xrule"].map((agent) => [f.id, agent] as const)),
  )("%s: tools, effort and permission mode of %s agree", (id, agent) => {
    const text = roster("export", agent, "--to", id, "--stdout");
    const plan = JSON.parse(roster("run", agent, "--host", id, "--dry-run", "--json", "--task", "go")) as {
      invocations: Invocation[];
    };
    const exported = READ[id]!.exported(text);
    const planned = READ[id]!.planned(plan.invocations[0]!);
    // Each side says at least something, and where the exported file can say a thing, the run says the same.
    // (A Codex agent file has no tool list: of `gate`, it says nothing to compare.)
    if (agent === "rev") expect(Object.values(exported).some((v) => v !== undefined)).toBe(true);
    for (const key of ["tools", "effort", "permission"] as const)
      if (exported[key] !== undefined) expect(planned[key], `${id} ${key}`).toEqual(exported[key]);
  });

  test("an agent allowed no tool (`tools: []`) gets none from any host, as its own tool gives none", () => {
    const plan = (host: string) =>
      (
        JSON.parse(roster("run", "bare", "--host", host, "--dry-run", "--json", "--task", "go")) as {
          invocations: Invocation[];
        }
      ).invocations[0]!;
    expect(flag(plan("claude").args, "--tools")).toBe("");
    expect(READ.gemini!.planned(plan("gemini")).tools).toEqual([]);
    const opencode = JSON.parse(plan("opencode").env.OPENCODE_CONFIG_CONTENT!) as {
      agent: Record<string, { permission: Record<string, string> }>;
    };
    expect(Object.values(opencode.agent)[0]!.permission).toEqual({ "*": "deny" });
    expect(READ.copilot!.planned(plan("copilot")).tools).toEqual([]);
    expect(flag(plan("codex").args, "-s")).toBe("read-only");
    const shown = JSON.parse(roster("show", "bare", "--json")) as { tools: string[] };
    expect(shown.tools).toEqual(["submit_result"]);
  }, 60_000);

  test("each family reads an empty tools list as no tool; no tools key is every tool", () => {
    const shown = (name: string) =>
      JSON.parse(roster("show", name, "--json")) as { tools: unknown; toolsAsWritten: unknown };
    for (const name of ["bare", "bare-gemini", "bare-copilot", "bare-xcsh", "bare-null"]) {
      const { tools, toolsAsWritten } = shown(name);
      expect(tools, name).toEqual(["submit_result"]);
      // What the file wrote is a list of nothing, not roster's own result tool.
      expect(toolsAsWritten, name).toEqual([]);
    }
    expect(shown("free").tools).toBeUndefined();
    expect(shown("free").toolsAsWritten).toBeUndefined();
    // As Claude Code loads it: no tool, said so (not roster's own result tool, not a blank).
    expect(roster("show", "bare", "--as", "claude")).toMatch(/^tools: +\(none\)$/m);
  }, 60_000);

  test("a `*` in a Claude Code tool list is every tool: no list, no --tools, and exported as no list", () => {
    const toolsOf = (name: string) =>
      (JSON.parse(roster("show", name, "--json")) as { tools: unknown }).tools;
    expect(toolsOf("star")).toBeUndefined();
    const star = JSON.parse(
      roster("run", "star", "--host", "claude", "--dry-run", "--json", "--task", "go"),
    ) as {
      invocations: Invocation[];
    };
    expect(flag(star.invocations[0]!.args, "--tools")).toBeUndefined();
    // Exported, it is a file without a tool list, said so (not "dropped").
    for (const to of ["gemini", "claude", "copilot"]) {
      const exported = JSON.parse(roster("export", "star", "--to", to, "--json")) as {
        fields: Array<{ field: string; fate: string; to?: string }>;
      };
      expect(
        exported.fields.find((f) => f.field === "extra.allTools"),
        to,
      ).toMatchObject({
        fate: "kept",
        to: "(no tools)",
      });
    }
  }, 60_000);

  test("claude in Claude Code 2.1.197's words: Agent not Task, Glob not LS, effort xhigh", () => {
    const fm = frontmatterOf(roster("export", "rev", "--to", "claude", "--stdout"));
    expect(fm).toMatchObject({
      tools: "Read, Grep, Glob, WebFetch, Agent",
      effort: "xhigh",
      permissionMode: "acceptEdits",
    });
  });
});
