// Property (b): for any generated tree of the four config families (project and user
// folders, sub-folders, agent names with case variants, invalid files, non-markdown
// files, dot-folders, a nested cwd), discoverAgents over the real providers agrees with a
// small model of SPEC §4.1/§5 written out plainly below. The model shares no code with
// the implementation: it works on the generated list of files, never on the disk.
import { join } from "node:path";
import { discoverAgents } from "@roster/core";
import { agentFile, createSandbox } from "@roster/testkit";
import fc from "fast-check";
import { expect, test } from "vitest";
import { appRegistry, BUNDLED_NAMES, fcParams, relativeTo } from "./harness.js";

type Family = "xcsh" | "claude" | "codex" | "gemini";
const FAMILIES: Family[] = ["xcsh", "claude", "codex", "gemini"]; // SPEC §4: registry order

/** Where each family keeps agents, relative to a project ancestor and to home (SPEC §4.1 table). */
const PROJECT_DIR: Record<Family, string> = {
  xcsh: ".xcsh/agents",
  claude: ".claude/agents",
  codex: ".codex/agents",
  gemini: ".gemini/agents",
};
const USER_DIR: Record<Family, string> = {
  xcsh: ".xcsh/agent/agents",
  claude: ".claude/agents",
  codex: ".codex/agents",
  gemini: ".gemini/agents",
};

/** Where a generated file lives: a family's folder in home, in project/, or in project/app/. */
type Place = "user" | "project" | "app";

interface GenFile {
  family: Family;
  place: Place;
  /** Sub-folder inside the agents folder, "" for none. */
  sub: string;
  fileName: string;
  /** The agent name in the frontmatter; null: an invalid file (no name). */
  agentName: string | null;
}

const NAMES = ["task", "Task", "TASK", "reviewer", "Reviewer", "explore", "plan", "a", "b", "quick_task"];
const FILE_NAMES = [
  "a.md",
  "B.md",
  "b.md",
  "Task.md",
  "task.md",
  "_x.md",
  "a b.md",
  "z.txt",
  "c.md.bak",
  "é.md",
  "~.md",
];
const SUBS = ["", "", "", "b", "sub", "b/c", ".hidden", "A"];

const genFile: fc.Arbitrary<GenFile> = fc.record({
  family: fc.constantFrom(...FAMILIES),
  place: fc.constantFrom<Place>("user", "project", "app"),
  sub: fc.constantFrom(...SUBS),
  fileName: fc.constantFrom(...FILE_NAMES),
  agentName: fc.option(fc.constantFrom(...NAMES), { freq: 6 }),
});

const genTree = fc.record({
  files: fc.uniqueArray(genFile, {
    maxLength: 24,
    selector: (f) => `${f.family}/${f.place}/${f.sub}/${f.fileName}`,
  }),
  /** cwd is project/app (so project/ is an ancestor) or project itself. */
  cwdInApp: fc.boolean(),
});

/** The folder (relative to the sandbox root) a generated file's agents folder is. */
function folderOf(f: Pick<GenFile, "family" | "place">): string {
  if (f.place === "user") return `home/${USER_DIR[f.family]}`;
  return `${f.place === "app" ? "project/app" : "project"}/${PROJECT_DIR[f.family]}`;
}
const pathOf = (f: GenFile) => [folderOf(f), f.sub, f.fileName].filter(Boolean).join("/");

interface ModelResult {
  agents: Array<[string, string]>;
  shadowed: Array<[string, string, string]>;
}

/**
 * SPEC §4.1 and §5, plainly:
 * - for each family in registry order: the nearest project folder (walking up from the
 *   cwd: project/app first when the cwd is there, then project), if it exists; then the
 *   user folder;
 * - in a folder: files ending in `.md`, ordered by their relative path compared by code
 *   units; only claude enters sub-folders, and never ones whose name starts with `.`;
 * - a file without a name is skipped; the first definition of an exact name wins;
 * - bundled agents are appended, each only if its name is still unseen.
 */
function readOrder(files: GenFile[], cwdInApp: boolean): GenFile[] {
  const exists = (folder: string) => files.some((f) => folderOf(f) === folder);
  const ordered: GenFile[] = [];
  for (const family of FAMILIES) {
    const candidates: Place[] = cwdInApp ? ["app", "project"] : ["project"];
    const nearest = candidates.find((place) => exists(folderOf({ family, place })));
    const places: Place[] = nearest ? [nearest, "user"] : ["user"];
    for (const place of places) {
      const here = files.filter((f) => f.family === family && f.place === place);
      const readable = here.filter((f) => {
        if (!f.fileName.endsWith(".md")) return false;
        if (f.sub === "") return true;
        if (family !== "claude") return false;
        return f.sub.split("/").every((segment) => !segment.startsWith("."));
      });
      const rel = (f: GenFile) => (f.sub ? `${f.sub}/${f.fileName}` : f.fileName);
      readable.sort((x, y) => (rel(x) < rel(y) ? -1 : rel(x) > rel(y) ? 1 : 0));
      ordered.push(...readable);
    }
  }
  return ordered;
}

function model(files: GenFile[], cwdInApp: boolean): ModelResult {
  const ordered = readOrder(files, cwdInApp);
  const winners = new Map<string, string>();
  const result: ModelResult = { agents: [], shadowed: [] };
  const offer = (name: string, file: string) => {
    const winner = winners.get(name);
    if (winner === undefined) {
      winners.set(name, file);
      result.agents.push([name, file]);
    } else result.shadowed.push([name, file, winner]);
  };
  for (const f of ordered) if (f.agentName !== null) offer(f.agentName, pathOf(f));
  for (const name of BUNDLED_NAMES) offer(name, `embedded:${name === "quick_task" ? "task" : name}.md`);
  return result;
}

const params = fcParams(120);
test(`discoverAgents agrees with the SPEC §5 model on any family tree (${params.numRuns} runs)`, {
  timeout: 20_000 + params.numRuns * 100,
}, async () => {
  await fc.assert(
    fc.asyncProperty(genTree, async ({ files, cwdInApp }) => {
      const box = createSandbox("roster-prop-merge-");
      try {
        const tree: Record<string, string> = {};
        for (const f of files) {
          tree[pathOf(f)] =
            f.agentName === null
              ? "---\ndescription: no name here\n---\nInvalid."
              : agentFile(f.agentName, `from ${pathOf(f)}`);
        }
        box.write(tree);
        const ctx = box.ctx({ cwd: cwdInApp ? join(box.project, "app") : box.project });
        const discovery = await discoverAgents(appRegistry(), ctx);
        const rel = relativeTo(box.root);
        // Bundled definitions are compared by name only: their embedded ids are theirs to choose.
        const fileOf = (a: { provider: string; name: string; filePath?: string }) =>
          a.provider === "bundled" ? `bundled:${a.name}` : (rel(a.filePath) ?? "");
        const expected = model(files, cwdInApp);
        const bundledId = (file: string, name: string) =>
          file.startsWith("embedded:") ? `bundled:${name}` : file;
        expect(discovery.agents.map((a) => [a.name, fileOf(a)])).toEqual(
          expected.agents.map(([name, file]) => [name, bundledId(file, name)]),
        );
        expect(
          discovery.shadowed.map((s) => [
            s.agent.name,
            fileOf(s.agent),
            s.shadowedBy.startsWith("embedded:") ? `bundled:${s.agent.name}` : rel(s.shadowedBy),
          ]),
        ).toEqual(
          expected.shadowed.map(([name, file, by]) => [name, bundledId(file, name), bundledId(by, name)]),
        );
        // Each winner's description says where it came from, so the right file won.
        for (const a of discovery.agents) {
          if (a.provider !== "bundled") expect(a.description).toBe(`from ${rel(a.filePath)}`);
        }
        // Only the invalid files are reported, each once, in read order, as missing a name.
        expect(discovery.diagnostics.map((d) => [d.code, rel(d.filePath)])).toEqual(
          readOrder(files, cwdInApp)
            .filter((f) => f.agentName === null)
            .map((f) => ["agent/missing-name", pathOf(f)]),
        );
      } finally {
        box.cleanup();
      }
    }),
    params,
  );
});

test("the model itself pins the SPEC examples (so it cannot drift into agreeing with anything)", () => {
  const f = (family: Family, place: Place, fileName: string, agentName: string, sub = ""): GenFile => ({
    family,
    place,
    sub,
    fileName,
    agentName,
  });
  const result = model(
    [
      f("gemini", "project", "a.md", "reviewer"),
      f("claude", "user", "a.md", "reviewer"),
      f("claude", "project", "b.md", "Task"),
      f("claude", "project", "a.md", "Task", "b"),
      f("claude", "project", "B.md", "task"),
      f("xcsh", "user", "a.md", "explore"),
      f("codex", "project", "x.md", "skipped", "sub"),
    ],
    false,
  );
  expect(result.agents.slice(0, 4)).toEqual([
    ["explore", "home/.xcsh/agent/agents/a.md"],
    ["task", "project/.claude/agents/B.md"],
    ["Task", "project/.claude/agents/b.md"],
    ["reviewer", "home/.claude/agents/a.md"],
  ]);
  expect(result.shadowed.slice(0, 2)).toEqual([
    ["Task", "project/.claude/agents/b/a.md", "project/.claude/agents/b.md"],
    ["reviewer", "project/.gemini/agents/a.md", "home/.claude/agents/a.md"],
  ]);
});
