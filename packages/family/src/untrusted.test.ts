import { describe, expect, it } from "vitest";
import { isReadOnlyTool, raisesPermissions } from "./untrusted.js";

describe("what an untrusted project's agent may be pre-approved (SPEC §17, issue 49)", () => {
  it("reading, searching and listing tools in every vocabulary, and rules of those tools, are read-only", () => {
    for (const name of [
      "Read",
      "Grep",
      "Glob",
      "LS",
      "read_file",
      "glob",
      "list",
      "view",
      "TodoWrite",
      "Read(src/**)",
    ])
      expect(isReadOnlyTool(name), name).toBe(true);
  });
  it("a shell, edits, writes, the web, sub-agents, MCP tools and unknown names are not", () => {
    for (const name of [
      "Bash",
      "Bash(git status)",
      "Edit",
      "Write",
      "run_shell_command",
      "WebFetch",
      "WebSearch",
      "Task",
      "mcp__github__create_issue",
      "frobnicate",
      "Read(unclosed",
    ])
      expect(isReadOnlyTool(name), name).toBe(false);
  });
  it("every permission mode but default and plan raises", () => {
    expect(raisesPermissions("default")).toBe(false);
    expect(raisesPermissions("plan")).toBe(false);
    for (const mode of ["acceptEdits", "bypassPermissions", "dontAsk", "yolo", "auto"])
      expect(raisesPermissions(mode)).toBe(true);
  });
});
