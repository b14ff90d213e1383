// `roster doctor`: one discovery of agents and one of commands, @roster/doctor's rules over
// them, each tool's view, and the printing (text, JSON, SARIF, GitHub annotations).
import { discoverCommands } from "@roster/commands";
import {
  type AgentDefinition,
  type AgentDiscovery,
  type Diagnostic,
  type DiscoveryContext,
  discoverAgents,
} from "@roster/core";
import { type DoctorReport, findProblems } from "@roster/doctor";
import { keyAsWritten } from "@roster/frontmatter";
import { prepareToolViews, type ToolViews } from "@roster/profiles";
import { sourceDiagnostics } from "@roster/sources";
import { runDoctorAs } from "./cmd-as.js";
import { skillDiscovery } from "./cmd-skills.js";
import type { App } from "./context.js";
import {
  checkFormat,
  type DoctorFormat,
  fewFiles,
  fileTexts,
  groupRepeats,
  printFindingsAs,
} from "./format-findings.js";
import { fileView } from "./list-print.js";
import {
  type Cell,
  count,
  inOneWrite,
  type Output,
  paint,
  placeOf,
  printJson,
  sentenceLines,
  showPath,
  showPaths,
  table,
} from "./output.js";
import { withStoredOutput } from "./stored-run.js";

/**
 * Every finding of `roster doctor` here: the config's, discovery's (each file read once), the
 * session's and doctor's own rules.
 */
export async function runDoctor(
  app: App,
  ctx: DiscoveryContext = app.ctx,
  discovered?: AgentDiscovery,
  /** Where the files an unknown key is found in are read ({@link fileTexts}): shared with the printing. */
  textOf: (path: string) => string | undefined = fileTexts(),
): Promise<DoctorReport> {
  const { readSessionFromEnv } = await import("@roster/executor/session-env");
  const [agents, commands] = await Promise.all([
    // Doctor reads no agent's prompt: none is decoded (each file is still read once). `ctx`:
    // app.ctx, or the one of the tool views prepared to take these reads; `discovered`: a
    // discovery made so already (`report`).
    discovered ?? discoverAgents(app.registry, ctx, { bodies: "on-demand" }),
    discoverCommands(app.registry, app.ctx, { cache: app.cache }),
  ]);
  // An `output` schema is compiled as `run` would compile it, with the executor's compiler
  // (Ajv: some 60 ms to load), loaded only when a file on disk has one. The schemas roster
  // ships (`embedded:` agents) are not the user's to mend: the build checks them
  // (integration/test/embedded-output-schemas.test.ts).
  const hasOwnSchema = (agent: AgentDefinition) =>
    agent.output !== undefined && agent.filePath?.startsWith("embedded:") !== true;
  const withSchema = agents.agents.some(hasOwnSchema) || agents.shadowed.some((s) => hasOwnSchema(s.agent));
  const compileOutputSchema = withSchema ? (await import("@roster/executor")).compileOutputSchema : undefined;
  // An unknown key is named as its file writes it: those few files are read again (bounded).
  return findProblems({
    agents,
    commands,
    keyAsWritten: (filePath, key) => {
      const text = textOf(filePath);
      return text === undefined ? undefined : keyAsWritten(text, key);
    },
    skills: skillDiscovery(app),
    // Which files came from which source, and whether each is still as written (SPEC §20).
    configDiagnostics: [...app.loaded.diagnostics, ...sourceDiagnostics(ctx)],
    sessionDiagnostics: readSessionFromEnv(app.env).diagnostics,
    ...(compileOutputSchema ? { compileOutputSchema } : {}),
  });
}

/** Each kind of file in doctor's totals, with the word for a file of that folder that defines nothing. */
const KINDS = [
  ["agents", "not an agent"],
  ["commands", "not a command"],
  ["skills", "not a skill"],
] as const;

/**
 * The line `doctor` ends with. Each kind of file is counted apart (core's `countOutcomes`: the
 * report's "shadowed" is the agents' here), and the problems found reading agent files are the
 * number `roster list`'s footer gives:
 * `198 files (agents: 175 loaded, 3 shadowed, 10 not an agent; commands: 9 loaded, 1 shadowed):
 * 0 errors, 19 warnings, 16 of them from reading agent files — ok`.
 */
export function doctorTotals(summary: DoctorReport["summary"], failed: boolean): string {
  const kinds = KINDS.flatMap(([kind, notA]) => {
    const c = summary.kinds[kind];
    const files = c.loaded + c.shadowed + c.skipped + c["not-an-agent"] + c.copy;
    if (files === 0) return [];
    const parts = [`${c.loaded} loaded`];
    if (c.shadowed > 0) parts.push(`${c.shadowed} shadowed`);
    if (c.skipped > 0) parts.push(`${c.skipped} skipped`);
    if (c["not-an-agent"] > 0) parts.push(`${c["not-an-agent"]} ${notA}`);
    if (c.copy > 0) parts.push(`${c.copy} roster's ${c.copy === 1 ? "copy" : "copies"}`);
    return [`${kind}: ${parts.join(", ")}`];
  });
  const reading = summary.readingAgentFiles;
  return (
    `${count(summary.files, "file")}${kinds.length > 0 ? ` (${kinds.join("; ")})` : ""}: ` +
    `${count(summary.errors, "error")}, ${count(summary.warnings, "warning")}` +
    `${reading > 0 ? `, ${reading} of them from reading agent files` : ""}${failed ? "" : " — ok"}`
  );
}

/** Flags of `roster doctor`. */
export interface DoctorFlags {
  /** Exit 1 on warnings too. */
  strict?: boolean;
  /** Errors only, as eslint's `--quiet`. */
  quiet?: boolean;
  /** `text` (the default), `sarif` or `github`. */
  format?: DoctorFormat;
}

/** What one tool makes of this project, as `doctor --as TOOL` counts it. */
export interface ToolFinding {
  tool: string;
  displayName: string;
  errors: number;
  warnings: number;
  /** The file that makes the tool refuse its whole configuration (opencode), and why. */
  refusedBy?: { filePath: string; reason: { code: string; message: string } };
  /** Its error diagnostics, for `--format sarif|github`. */
  errorDiagnostics: Diagnostic[];
}

/** A tool would refuse a file here: an error of its view, or its whole configuration refused. */
export function toolFails(tool: Pick<ToolFinding, "errors" | "refusedBy">): boolean {
  return tool.errors > 0 || tool.refusedBy !== undefined;
}

/**
 * Every tool's `doctor --as TOOL`, counted: the lines plain `doctor` ends with. `views`: the
 * tool views prepared before doctor's discovery ({@link runDoctor} with their `ctx`).
 */
export async function runToolDoctors(app: App, views?: ToolViews): Promise<ToolFinding[]> {
  return Promise.all(
    app.families.profiles.map(async (profile): Promise<ToolFinding> => {
      const { view, diagnostics, summary } = await runDoctorAs(app, profile.tool, views);
      return {
        tool: view.tool,
        displayName: view.displayName,
        errors: summary.errors,
        warnings: summary.warnings,
        ...(view.refusedBy ? { refusedBy: view.refusedBy } : {}),
        errorDiagnostics: diagnostics.filter((d) => d.severity === "error"),
      };
    }),
  );
}

/** `opencode: 3 errors → roster doctor --as opencode`, or `claude: ok`. */
function toolLine(o: Output, tool: ToolFinding, errorsOnly: boolean) {
  const parts = [
    ...(tool.refusedBy ? ["loads nothing"] : []),
    ...(tool.errors > 0 ? [count(tool.errors, "error")] : []),
    ...(tool.warnings > 0 && !errorsOnly ? [count(tool.warnings, "warning")] : []),
  ];
  if (parts.length === 0) return paint(o, "dim", `${tool.tool}: ok`);
  const colour = toolFails(tool) ? "red" : "yellow";
  return paint(o, colour, `${tool.tool}: ${parts.join(", ")} → roster doctor --as ${tool.tool}`);
}

/** The message of a tool's finding, naming the tool when it does not already. */
function namingTool(tool: ToolFinding, d: Diagnostic): Diagnostic {
  return d.message.startsWith(tool.displayName) || d.message.startsWith(tool.tool)
    ? d
    : { ...d, message: `${tool.displayName}: ${d.message}` };
}

/** `roster doctor [--strict] [--quiet] [--format text|sarif|github]`: findings grouped by file, as eslint prints them, then one line per tool. */
export async function doctor(app: App, flags: DoctorFlags | boolean = {}): Promise<number> {
  const {
    strict,
    quiet,
    format: asked,
  } = typeof flags === "boolean" ? { strict: flags, quiet: false, format: undefined } : flags;
  const format = checkFormat(app, asked);
  // A doctor asked the same way over the same files (a stat-only look) prints what it stored.
  return withStoredOutput(app, "doctor", { strict: strict === true, quiet: quiet === true, format }, (run) =>
    printDoctor(run, strict === true, quiet === true, format),
  );
}

/** A whole `doctor`: discovery, rules, the tools' views, and the printing in `format`. */
async function printDoctor(app: App, strict: boolean, quiet: boolean, format: DoctorFormat): Promise<number> {
  // The tools' views are planned first and take each agent file discovery reads: one read each.
  const views = await prepareToolViews(app.families.profiles, app.ctx, { registry: app.registry });
  // The files a finding about a key is in: read once, for its spelling and (CI's formats) its line.
  const texts = fileTexts();
  const { diagnostics: all, summary, files } = await runDoctor(app, views.ctx, undefined, texts);
  const tools = await runToolDoctors(app, views);
  const diagnostics = quiet ? all.filter((x) => x.severity === "error") : all;
  const toolsFail = tools.some(toolFails);
  const failed = summary.errors > 0 || (strict === true && summary.warnings > 0) || toolsFail;
  // Every reason to fail is in the file: each tool's errors follow doctor's own findings.
  const forMachines = [
    ...diagnostics,
    ...tools.flatMap((t) => t.errorDiagnostics.map((d) => namingTool(t, d))),
  ];
  if (printFindingsAs(app, format, forMachines, texts)) return failed ? 1 : 0;
  if (app.output.json) {
    printJson(app.output, {
      diagnostics,
      summary,
      files: files.map(fileView),
      tools: tools.map(({ errorDiagnostics: _, ...tool }) => tool),
    });
    return failed ? 1 : 0;
  }
  // Thousands of lines at 10,000 files: written at once, not a system call a line.
  inOneWrite(app.output, (o) => {
    const colour = { error: "red", warning: "yellow", info: "dim" } as const;
    // A finding many files share (more than three) is one line, under the first of them.
    // Per file, its findings under `path:line` where the line is known (a terminal makes
    // that a link), else under `path`: each file once, its places in the order found.
    const groups = new Map<string, Map<number, Cell[][]>>();
    for (const { diagnostic: x, files: about } of groupRepeats(diagnostics)) {
      const key = x.filePath ?? "";
      const message = showPaths(o, x.message) + (x.hint ? ` (${x.hint})` : "");
      const row: Cell[] = [
        "",
        paint(o, colour[x.severity], x.severity),
        x.code,
        about.length > 1
          ? `${message} (${count(about.length, "file")}: ${fewFiles(about.map((f) => showPath(o, f)))})`
          : message,
      ];
      const places = groups.get(key) ?? new Map<number, Cell[][]>();
      groups.set(key, places);
      const at = places.get(x.line ?? 0);
      if (at) at.push(row);
      else places.set(x.line ?? 0, [row]);
    }
    for (const [filePath, places] of groups) {
      for (const [at, rows] of places) {
        o.out(paint(o, "bold", filePath ? placeOf(o, filePath, at) : "(no file)"));
        // Messages are never cut: a long one wraps rather than losing what it explains.
        o.out(table(o, rows, { wrap: true }));
      }
      o.out("");
    }
    const totals = doctorTotals(summary, failed);
    for (const piece of sentenceLines(o, totals)) o.out(paint(o, failed ? "red" : "green", piece));
    // `--quiet` is errors only: the tools that fail, each with its errors.
    for (const tool of quiet ? tools.filter(toolFails) : tools) o.out(toolLine(o, tool, quiet === true));
  });
  return failed ? 1 : 0;
}
