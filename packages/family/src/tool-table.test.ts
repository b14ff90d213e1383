import { describe, expect, test } from "vitest";
import { type FamilyVocabulary, ROSTER_VOCABULARY } from "./define-family.js";
import { mapTools } from "./map-tools.js";
import { toolTable } from "./tool-table.js";

const none = { read: [], grep: [], find: [], ls: [], lsp: [], web_search: [], fetch: [] };
/** A Claude-like tool: its own spellings, one name for two capabilities, retired names as aliases. */
const camel: FamilyVocabulary = {
  ...ROSTER_VOCABULARY,
  tools: {
    ...none,
    read: ["Read"],
    grep: ["Grep"],
    find: ["Glob"],
    ls: ["Glob"],
    bash: ["Bash"],
    edit: ["Edit"],
    write: ["Write"],
    task: ["Agent"],
    todo: ["TodoWrite"],
  },
  toolAliases: { ls: ["LS"], edit: ["MultiEdit"] },
};
/** A tool whose only reading tool is `Peek` and whose shell is `sh`. */
const peek: FamilyVocabulary = {
  ...ROSTER_VOCABULARY,
  tools: { ...none, read: ["Peek"], bash: ["sh"], edit: [], write: [], task: [], todo: [] },
};

describe("toolTable: the tool names of a set's vocabularies", () => {
  const tools = toolTable([ROSTER_VOCABULARY, camel, peek]);

  test("every vocabulary's spelling, and its aliases, name their capability, whatever the case", () => {
    expect(["read", "Read", " PEEK "].map(tools.capabilityOf)).toEqual(["read", "read", "read"]);
    expect(["LS", "MultiEdit", "sh"].map(tools.capabilityOf)).toEqual(["ls", "edit", "bash"]);
    expect(tools.capabilityOf("mcp__github__get_issue")).toBeUndefined();
  });

  test("a name two capabilities claim stands for the first; the first vocabulary's claim wins", () => {
    expect(tools.capabilityOf("Glob")).toBe("find");
    const shell: FamilyVocabulary = { ...peek, tools: { ...peek.tools, read: ["sh", "bash"] } };
    expect(toolTable([shell, peek]).capabilityOf("sh")).toBe("read");
    expect(toolTable([peek, shell]).capabilityOf("sh")).toBe("bash");
    // roster's own name is never another capability's.
    expect(toolTable([shell]).capabilityOf("bash")).toBe("bash");
  });

  test("roster's own names are known whatever the set; a name only a family outside it knows means nothing", () => {
    const alone = toolTable([]);
    expect(["read", "find", "web_search"].map(alone.capabilityOf)).toEqual(["read", "find", "web_search"]);
    expect(alone.capabilityOf("Peek")).toBeUndefined();
    expect(alone.isReadOnlyTool("Peek")).toBe(false);
    expect(alone.canonicalToolName(" Peek ")).toBe("peek");
    expect(tools.canonicalToolName(" Peek ")).toBe("read");
  });

  test("isReadOnlyTool: reading, searching, listing and the todo list, and rules of those tools", () => {
    for (const name of ["Read", "Grep", "Glob", "LS", "Peek", "TodoWrite", "Read(src/**)", "Peek(a)"])
      expect(tools.isReadOnlyTool(name), name).toBe(true);
    for (const name of [
      "Bash",
      "sh",
      "Bash(git status)",
      "Edit",
      "Write",
      "web_search",
      "Agent",
      "frobnicate",
      "Read(unclosed",
    ])
      expect(tools.isReadOnlyTool(name), name).toBe(false);
  });

  test("toolsBeyondReading: reading tools pass, the rest (unknown included) do not", () => {
    expect(tools.toolsBeyondReading("Read, Grep, Glob, web_search, Peek")).toEqual([]);
    expect(tools.toolsBeyondReading("Read Bash(git status:*) Edit")).toEqual(["Bash(git status:*)", "Edit"]);
    expect(tools.toolsBeyondReading(["Peek", "mystery"])).toEqual(["mystery"]);
  });

  test("mapTools reads each name through the table it is given", () => {
    expect(mapTools(["Peek", "sh", "LS"], camel.tools, { table: tools })).toEqual({
      names: ["Read", "Bash", "Glob"],
      dropped: [],
    });
    expect(mapTools(["Peek"], camel.tools, { table: toolTable([camel]) })).toEqual({
      names: [],
      dropped: ["Peek"],
    });
  });
});
