// The app's tool table is its family set's: every family's vocabulary (a config family's too)
// says what its tool's names stand for; no module keeps a merged table of its own.
import { defineProvider } from "@roster/core";
import { type FamilyDefinition, type FamilyHost, ROSTER_VOCABULARY } from "@roster/family";
import { planHostCommand, type RunnableFamily } from "@roster/hosts";
import { exportAgent } from "@roster/writers";
import { describe, expect, test } from "vitest";
import { familySetOf } from "./families.js";

/** Every spelling the one merged table of synonyms held before the families owned their names. */
const SPELLINGS_BEFORE: Record<string, readonly string[]> = {
  read: ["read", "read_file", "read_many_files", "view", "notebookread"],
  grep: ["grep", "grep_search", "search_file_content", "search"],
  find: ["find", "glob"],
  ls: ["ls", "list", "list_directory"],
  lsp: ["lsp"],
  web_search: ["web_search", "websearch", "google_web_search", "web"],
  fetch: ["fetch", "web_fetch", "webfetch"],
  bash: ["bash", "shell", "execute", "run_shell_command", "powershell"],
  edit: ["edit", "multiedit", "replace", "str_replace", "patch", "apply_patch", "notebookedit"],
  write: ["write", "write_file", "create"],
  task: ["task", "agent", "invoke_agent", "custom-agent"],
  todo: ["todo", "todowrite", "todoread", "write_todos"],
};

/** A config family whose tool reads with `Peek` and runs commands with `sh`. */
const peekFamily: FamilyDefinition<FamilyHost> = {
  id: "peek",
  displayName: "Peek tool",
  provider: defineProvider({ id: "peek", locate: () => [] }),
  vocabulary: { ...ROSTER_VOCABULARY, tools: { ...ROSTER_VOCABULARY.tools, read: ["Peek"], bash: ["sh"] } },
};

describe("the app's tool table", () => {
  test("the built-in families' vocabularies read every spelling the merged table did, as the same tool", () => {
    const { tools } = familySetOf();
    const read = Object.entries(SPELLINGS_BEFORE).flatMap(([capability, names]) =>
      names.map((name) => [name, capability]),
    );
    expect(read.map(([name]) => [name, tools.capabilityOf(name!)])).toEqual(read);
    expect(tools.capabilityOf("mcp__github__get_issue")).toBeUndefined();
  });

  test("a config family whose tool `Peek` is read-only maps like a built-in's", () => {
    const families = familySetOf([peekFamily]);
    expect(families.tools.isReadOnlyTool("Peek")).toBe(true);
    expect(families.tools.isReadOnlyTool("Read")).toBe(true);
    expect(familySetOf().tools.isReadOnlyTool("Peek")).toBe(false);
    // `export --to claude` of a peek agent: Claude Code's names for what Peek and sh do.
    const claude = families.get("claude")!;
    const agent = {
      name: "looker",
      description: "Looks",
      systemPrompt: "You look.",
      tools: ["Peek", "sh"],
      source: "project" as const,
      filePath: "/p/.peek/agents/looker.md",
      provider: "peek",
    };
    const ctx = { cwd: "/p", home: "/h", env: {} };
    const written = exportAgent(agent, claude.writer!, { ctx, scope: "project", tools: families.tools });
    expect(written.ok && written.content).toContain("tools: Read, Bash\n");
    // `run --host claude` of it in an untrusted project: Peek is pre-approved as Read is, sh is not.
    const plan = planHostCommand(
      claude as unknown as RunnableFamily,
      { ...invocation, tools: ["Peek", "sh"] },
      {
        depth: 1,
        runDir: "/tmp/roster-run-t1",
        tools: families.tools,
      },
    );
    expect(plan.args[plan.args.indexOf("--allowedTools") + 1]).toBe("Read");
  });
});

const invocation = {
  id: "t1",
  agent: "looker",
  systemPrompt: "You look.",
  prompt: "Look at src/a.ts",
  tools: null,
  spawns: "",
  model: null,
  thinkingLevel: null,
  outputSchema: null,
  cwd: "/p",
  provider: "peek",
  source: "project" as const,
};
