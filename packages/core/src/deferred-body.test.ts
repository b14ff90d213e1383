import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { agentFile, createSandbox, type Sandbox } from "@roster/testkit";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { reshapeParsed } from "./deferred-body.js";
import { discoverAgents } from "./discover-agents.js";
import { fileSystemOf } from "./fs.js";
import { getAgent } from "./get-agent.js";
import { markdownFormat } from "./markdown-format.js";
import { defineProvider } from "./provider.js";
import { createRegistry } from "./registry.js";
import type { FileFormat, FileSystem, FormatResult } from "./types.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox("roster-deferred-");
});
afterEach(() => sb.cleanup());

/** A family's format that adds a key, the way a wrapper should (reshape) or a careless one might (spread). */
function wrapper(how: "reshape" | "spread"): FileFormat {
  return {
    id: `wrapped-${how}`,
    extensions: [".md"],
    parse(file): FormatResult {
      const parsed = markdownFormat.parse(file);
      if (parsed.kind === "unusable") return parsed;
      const frontmatter = { ...parsed.frontmatter, family: "team" };
      return how === "reshape" ? reshapeParsed(parsed, { frontmatter }) : { ...parsed, frontmatter };
    },
  };
}

async function discover(format: FileFormat, fs?: FileSystem) {
  const dir = join(sb.root, "agents");
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "a.md"), agentFile("a", "first agent"));
  const provider = defineProvider({ id: "team", locate: () => [{ dir, scope: "user", formats: [format] }] });
  const ctx = { cwd: sb.root, home: sb.root, env: {}, ...(fs ? { fs } : {}) };
  return discoverAgents(createRegistry([provider]), ctx, { bodies: "on-demand" });
}

describe("a format wrapping markdown, bodies on demand", () => {
  test("reshapeParsed keeps the prompt deferred: read on first access, once", async () => {
    const reads: string[] = [];
    const node = fileSystemOf({});
    const fs: FileSystem = {
      ...node,
      readFile: (path, max, stats, scratch) => {
        reads.push(path);
        return node.readFile(path, max, stats, scratch);
      },
    };
    const d = await discover(wrapper("reshape"), fs);
    const agent = getAgent(d, "a")!;
    expect(agent.extra).toEqual({ family: "team" });
    expect(reads).toHaveLength(1);
    expect(agent.systemPrompt).toContain("a");
    expect(reads).toHaveLength(2);
    expect(agent.systemPrompt).toBe(agent.systemPrompt);
    expect(reads).toHaveLength(2);
  });

  test("a spread copy reads the prompt at once, and it is the same prompt", async () => {
    const lazy = await discover(wrapper("spread"));
    const eager = await discoverAgents(
      createRegistry([
        defineProvider({
          id: "team",
          locate: () => [{ dir: join(sb.root, "agents"), scope: "user", formats: [wrapper("spread")] }],
        }),
      ]),
      { cwd: sb.root, home: sb.root, env: {} },
    );
    expect(getAgent(lazy, "a")!.systemPrompt).toBe(getAgent(eager, "a")!.systemPrompt);
    expect(getAgent(lazy, "a")!.systemPrompt.length).toBeGreaterThan(0);
  });
});
