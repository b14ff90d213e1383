import { discoverCommands } from "@roster/commands";
import {
  type Diagnostic,
  discoverAgents,
  type FileOutcome,
  type FileRecord,
  markdownFormat,
  suggestNames,
} from "@roster/core";
import { runDoctorAs, TOOL_PROFILES } from "./cmd-as.js";
import { skillDiscovery } from "./cmd-skills.js";
import type { App } from "./context.js";
import {
  checkFormat,
  type DoctorFormat,
  fewFiles,
  groupRepeats,
  printFindingsAs,
} from "./format-findings.js";
import { fileView } from "./list-print.js";
import { type Cell, count, type Output, paint, printJson, showPath, showPaths, table } from "./output.js";

/** The closest known name (prefix or a few edits away), if any: core's one suggester. */
export function didYouMean(word: string, known: readonly string[]): string | undefined {
  return suggestNames(word, known, { limit: 1 })[0];
}

/** The keys the format that read a file knows (it declared them), for did-you-mean. */
function knownKeysOf(record: FileRecord): readonly string[] {
  const formats = record.location?.formats ?? [markdownFormat];
  if (record.kind === "skills") return [];
  return formats.find((format) => format.id === record.format)?.knownKeys?.[record.kind] ?? [];
}

/** Files per outcome. */
export type OutcomeCounts = Record<FileOutcome, number>;

function countOutcomes(files: readonly FileRecord[]): OutcomeCounts {
  const counts: OutcomeCounts = { loaded: 0, shadowed: 0, skipped: 0, "not-an-agent": 0 };
  for (const file of files) counts[file.outcome] += 1;
  return counts;
}

/**
 * Every finding of `roster doctor`, from one discovery of agents and one of commands
 * (each file read once) and the session's environment.
 */
export async function runDoctor(app: App) {
  // The executor (Ajv) loads with doctor, not with every command (see app.ts).
  const { compileOutputSchema, readSessionFromEnv } = await import("@roster/executor");
  const [agents, commands] = await Promise.all([
    // Doctor reads no agent's prompt: none is decoded (each file is still read once).
    discoverAgents(app.registry, app.ctx, { bodies: "on-demand" }),
    discoverCommands(app.registry, app.ctx, { cache: app.cache }),
  ]);
  // Skills, each SKILL.md under the rules of the tool whose folder it is in (SPEC §18).
  const skills = skillDiscovery(app);
  const files = [...agents.files, ...commands.files, ...skills.files];
  // Discovery warns and carries on; for doctor a definition file that was skipped is an
  // error. The record says which diagnostic explains its skip.
  const skipReasons = new Set<string>();
  for (const file of files) {
    if (file.outcome === "skipped")
      skipReasons.add(`${file.reason.code}\0${file.path}\0${file.reason.message}`);
  }
  const isSkipReason = (d: Diagnostic) => skipReasons.has(`${d.code}\0${d.filePath}\0${d.message}`);
  // The config's own findings (skipped project code, refused limits) come first.
  const diagnostics: Diagnostic[] = [...app.loaded.diagnostics];
  diagnostics.push(
    ...[...agents.diagnostics, ...commands.diagnostics, ...skills.diagnostics].map(
      // A skip explained by an `info` reason is deliberate (opencode's `disable: true`): no error.
      (d): Diagnostic => (d.severity === "warning" && isSkipReason(d) ? { ...d, severity: "error" } : d),
    ),
  );
  const add = (severity: Diagnostic["severity"], code: string, message: string, filePath?: string) => {
    const diagnostic: Diagnostic = { severity, code, message };
    if (filePath) diagnostic.filePath = filePath;
    diagnostics.push(diagnostic);
  };

  diagnostics.push(...readSessionFromEnv(app.env).diagnostics);

  // Unknown frontmatter keys, as the format that read each file declared them.
  for (const file of files) {
    // A skill's unknown keys are the tool's own finding (skill/unknown-key), already above.
    if (file.kind === "skills") continue;
    for (const key of file.unknownKeys ?? []) {
      const guess = didYouMean(key, knownKeysOf(file));
      if (guess) {
        add(
          "warning",
          "doctor/unknown-key",
          `unknown frontmatter key "${key}"; did you mean "${guess}"?`,
          file.path,
        );
      } else
        add("info", "doctor/unknown-key", `unknown frontmatter key "${key}" (roster ignores it)`, file.path);
    }
  }

  // An agent's `output` schema is compiled as `run` would compile it: a cyclic `ref` or an
  // invalid schema would refuse every run of that agent, so doctor says so first.
  for (const agent of [...agents.agents, ...agents.shadowed.map((s) => s.agent)]) {
    if (agent.output === undefined) continue;
    const compiled = compileOutputSchema(agent.output);
    if (!compiled.ok) {
      add(
        "error",
        "doctor/bad-output-schema",
        `agent "${agent.name}" has an output schema that cannot be used: ${compiled.error}`,
        agent.filePath,
      );
    }
  }

  const names = new Set(agents.agents.map((a) => a.name));
  for (const agent of agents.agents) {
    if (!Array.isArray(agent.spawns)) continue;
    for (const target of agent.spawns) {
      if (target === agent.name) {
        add("warning", "doctor/self-spawn", `agent "${agent.name}" lists itself in spawns`, agent.filePath);
      } else if (!names.has(target)) {
        const guess = didYouMean(target, [...names]);
        add(
          "warning",
          "doctor/unknown-spawn",
          `agent "${agent.name}" may spawn "${target}", which does not exist${guess ? `; did you mean "${guess}"?` : ""}`,
          agent.filePath,
        );
      }
    }
  }

  // A bare agent name with ":" looks like a plugin's scoped id (Claude Code skips such
  // names); a command's (Gemini's `git:commit`) only when it collides with a plugin.
  const pluginNames = new Set(
    [...agents.agents, ...agents.shadowed.map((s) => s.agent), ...commands.commands].flatMap((item) =>
      item.plugin ? [item.plugin.name] : [],
    ),
  );
  const colonNames = [
    ...agents.agents.map((item) => ({ kind: "agent", item, always: true })),
    ...commands.commands.map((item) => ({ kind: "command", item, always: false })),
  ];
  for (const { kind, item, always } of colonNames) {
    const colon = item.name.indexOf(":");
    if (item.plugin || colon === -1) continue;
    const plugin = item.name.slice(0, colon);
    if (!always && !pluginNames.has(plugin)) continue;
    const collides = pluginNames.has(plugin)
      ? `; plugin "${plugin}" is installed, so "${item.name}" answers only with that plugin's ${kind}`
      : "";
    add(
      "warning",
      "doctor/colon-in-name",
      `${kind} name "${item.name}" contains ":" like a plugin's scoped id (Claude Code skips such names)${collides}`,
      item.filePath,
    );
  }

  const winners = new Map(agents.agents.map((a) => [a.filePath ?? a.provider, a]));
  for (const { agent, shadowedBy } of agents.shadowed) {
    const winner = winners.get(shadowedBy) ?? agents.agents.find((a) => a.name === agent.name);
    if (!winner) continue;
    if (winner.source === "project" && (agent.source === "user" || agent.source === "bundled")) {
      add(
        "warning",
        "doctor/project-shadows",
        `project agent "${agent.name}" overrides the ${agent.source} one at ${agent.filePath ?? agent.provider}`,
        winner.filePath,
      );
    }
    // Two plugins may each ship a name (both stay reachable as <plugin>:<name>): not a duplicate.
    if (
      winner.source === agent.source &&
      winner.provider === agent.provider &&
      winner.plugin?.id === agent.plugin?.id &&
      agent.source !== "bundled"
    ) {
      add(
        "warning",
        "doctor/duplicate-name",
        `"${agent.name}" is defined twice in ${agent.provider} ${agent.source} scope; ${winner.filePath} wins`,
        agent.filePath,
      );
    }
  }

  // Agents and commands are each discovered, so a finding both share (a plugin registry's
  // warning) arrives twice: each distinct diagnostic is shown once.
  const seen = new Set<string>();
  const distinct = diagnostics.filter((d) => {
    const key = `${d.severity}\0${d.code}\0${d.filePath ?? ""}\0${d.line ?? ""}\0${d.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  diagnostics.splice(0, diagnostics.length, ...distinct);

  const summary = {
    files: files.length,
    outcomes: countOutcomes(files),
    agents: agents.agents.length,
    commands: commands.commands.length,
    skills: skills.skills.length,
    errors: diagnostics.filter((x) => x.severity === "error").length,
    warnings: diagnostics.filter((x) => x.severity === "warning").length,
  };
  return { diagnostics, summary, files };
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

/** Every tool's `doctor --as TOOL`, counted: the lines plain `doctor` ends with. */
export async function runToolDoctors(app: App): Promise<ToolFinding[]> {
  return Promise.all(
    TOOL_PROFILES.map(async (profile): Promise<ToolFinding> => {
      const { view, diagnostics, summary } = await runDoctorAs(app, profile.tool);
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
  const [{ diagnostics: all, summary, files }, tools] = await Promise.all([
    runDoctor(app),
    runToolDoctors(app),
  ]);
  const diagnostics = quiet ? all.filter((x) => x.severity === "error") : all;
  const o = app.output;
  const toolsFail = tools.some(toolFails);
  const failed = summary.errors > 0 || (strict === true && summary.warnings > 0) || toolsFail;
  // Every reason to fail is in the file: each tool's errors follow doctor's own findings.
  const forMachines = [
    ...diagnostics,
    ...tools.flatMap((t) => t.errorDiagnostics.map((d) => namingTool(t, d))),
  ];
  if (printFindingsAs(app, format, forMachines)) return failed ? 1 : 0;
  if (o.json) {
    printJson(o, {
      diagnostics,
      summary,
      files: files.map(fileView),
      tools: tools.map(({ errorDiagnostics: _, ...tool }) => tool),
    });
    return failed ? 1 : 0;
  }
  const colour = { error: "red", warning: "yellow", info: "dim" } as const;
  // A finding many files share (more than three) is one line, under the first of them.
  const groups = new Map<string, Cell[][]>();
  for (const { diagnostic: x, files: about } of groupRepeats(diagnostics)) {
    const key = x.filePath ?? "";
    const message = showPaths(o, x.message) + (x.hint ? ` (${x.hint})` : "");
    const row: Cell[] = [
      "",
      x.line ? String(x.line) : "",
      paint(o, colour[x.severity], x.severity),
      x.code,
      about.length > 1
        ? `${message} (${count(about.length, "file")}: ${fewFiles(about.map((f) => showPath(o, f)))})`
        : message,
    ];
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  for (const [filePath, rows] of groups) {
    o.out(paint(o, "bold", filePath ? showPath(o, filePath) : "(no file)"));
    // Messages are never cut: a long one wraps rather than losing what it explains.
    o.out(table({}, rows));
    o.out("");
  }
  o.out(
    paint(
      o,
      failed ? "red" : "green",
      `${count(summary.files, "file")}: ${summary.outcomes.loaded} loaded, ${summary.outcomes.shadowed} shadowed, ` +
        `${summary.outcomes.skipped} skipped, ${summary.outcomes["not-an-agent"]} not an agent; ` +
        `${count(summary.agents, "agent")}, ${count(summary.commands, "command")}: ` +
        `${count(summary.errors, "error")}, ${count(summary.warnings, "warning")}${failed ? "" : " — ok"}`,
    ),
  );
  // `--quiet` is errors only: the tools that fail, each with its errors.
  for (const tool of quiet ? tools.filter(toolFails) : tools) o.out(toolLine(o, tool, quiet === true));
  return failed ? 1 : 0;
}
