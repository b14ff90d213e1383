import type { ToolView, ToolViewFile } from "./tool-view.js";

/** The file name without its folders and its ending(s): `sub/planner.agent.md` → `planner`. */
function stemOf(relativePath: string): string {
  const base = relativePath.slice(relativePath.lastIndexOf("/") + 1);
  const dot = base.indexOf(".");
  return dot > 0 ? base.slice(0, dot) : base;
}

/**
 * The files of a tool's view that are about NAME but that the tool does not load, each with
 * its reason: those the tool calls NAME (rejected, ignored, shadowed), and those it refused
 * before it could call them anything (a place it does not read recursively, an ending it does
 * not read, frontmatter it cannot parse) whose file name is NAME. What `show NAME --as TOOL`
 * and `why NAME --as TOOL` say when the tool does not answer to NAME but a file of it exists.
 *
 * @example filesAbout(view, "planner") // [{ filePath: ".gemini/agents/planner.md", outcome: "ignored", reason }]
 */
export function filesAbout(view: Pick<ToolView, "files">, name: string): ToolViewFile[] {
  return view.files.filter(
    (f) =>
      f.outcome !== "loaded" && (f.id === name || (f.id === undefined && stemOf(f.relativePath) === name)),
  );
}
