import type { CommandDiscovery } from "@roster/commands";
import {
  type AgentDefinition,
  type AgentDiscovery,
  countOutcomes,
  type Diagnostic,
  type FileOutcome,
  type FileRecord,
  markdownFormat,
  type OutcomeCounts,
  type OutcomeCountsByKind,
  suggestNames,
} from "@roster/core";

/** The closest known name (prefix or a few edits away), if any: core's one suggester. */
function didYouMean(word: string, known: readonly string[]): string | undefined {
  return suggestNames(word, known, { limit: 1 })[0];
}

/**
 * Keys written where another kind of file has them, by the key that means the same here:
 * a command's or a skill's `allowed-tools` is an agent's `tools`. The nearest spelling
 * (`disallowedTools`) would mean the opposite.
 */
const SAME_MEANING = new Map([["allowedTools", "tools"]]);

/** The known key an unknown one was meant to be: its counterpart ({@link SAME_MEANING}), or the closest spelling. */
function keyMeant(key: string, known: readonly string[]): string | undefined {
  const same = SAME_MEANING.get(key);
  return same !== undefined && known.includes(same) ? same : didYouMean(key, known);
}

/** A format that declares no keys. */
const NO_KEYS: readonly string[] = [];

/** The keys the format that read a file knows (it declared them), for did-you-mean. */
function knownKeysOf(record: FileRecord): readonly string[] {
  if (record.kind === "skills") return NO_KEYS;
  const formats = record.location?.formats ?? [markdownFormat];
  return formats.find((format) => format.id === record.format)?.knownKeys?.[record.kind] ?? NO_KEYS;
}

/** Files per outcome of every kind together (`summary.outcomes`). */
function sumOutcomes(kinds: OutcomeCountsByKind): OutcomeCounts {
  const sum: OutcomeCounts = { loaded: 0, shadowed: 0, skipped: 0, "not-an-agent": 0, copy: 0 };
  for (const counts of Object.values(kinds))
    for (const outcome of Object.keys(sum) as FileOutcome[]) sum[outcome] += counts[outcome];
  return sum;
}

/** What {@link findProblems} reads: one discovery of agents and one of commands, and the findings from before them. */
export interface DoctorInput {
  agents: AgentDiscovery;
  commands: Pick<CommandDiscovery, "commands" | "files" | "diagnostics">;
  /** Skills (SPEC §18): each SKILL.md under the rules of the tool whose folder it is in. */
  skills?: { skills: readonly unknown[]; files: readonly FileRecord[]; diagnostics: readonly Diagnostic[] };
  /** The config's own findings (skipped project code, refused limits): they come first. */
  configDiagnostics?: readonly Diagnostic[];
  /** The session's findings (its environment variables), after discovery's. */
  sessionDiagnostics?: readonly Diagnostic[];
  /**
   * How a file spells one of its keys, which discovery names in camelCase (`allowed-tools` for
   * `allowedTools`): a finding about an unknown key names it as the file does. Without it, or
   * when it answers nothing, the key is named as discovery names it. (No line is taken from it:
   * `doctor` groups one finding of many files, wherever in each file the key is; CI's formats
   * find the line.)
   */
  keyAsWritten?: (filePath: string, key: string) => { key: string } | undefined;
  /**
   * Compiles an agent's `output` schema as `run` would (the executor's `compileOutputSchema`);
   * schemas are not checked without it.
   */
  compileOutputSchema?: (schema: unknown) => { ok: true } | { ok: false; error: string };
}

/** The counts `roster doctor` ends with. */
export interface DoctorSummary {
  files: number;
  /** Files per outcome, every kind together. */
  outcomes: OutcomeCounts;
  /** Files per outcome, per kind (core's `countOutcomes`): what "shadowed" counts for agents, commands, skills. */
  kinds: OutcomeCountsByKind;
  /**
   * The errors and warnings about agent files found while reading them, among `errors` and
   * `warnings`: what `roster list`'s footer counts ("N problems reading agent files").
   */
  readingAgentFiles: number;
  agents: number;
  commands: number;
  skills: number;
  errors: number;
  warnings: number;
}

/** Every finding about one discovery, each distinct diagnostic once, with its counts and the records it read. */
export interface DoctorReport {
  diagnostics: Diagnostic[];
  summary: DoctorSummary;
  files: FileRecord[];
}

/**
 * Every finding of `roster doctor` (SPEC §8), from one discovery of agents and one of
 * commands (each file read once). Discovery warns and carries on; for doctor a definition
 * file that was skipped is an error, unless its record's reason is an `info` (a deliberate
 * skip, such as opencode's `disable: true`).
 */
export function findProblems(input: DoctorInput): DoctorReport {
  const { agents, commands } = input;
  const skills = input.skills ?? { skills: [], files: [], diagnostics: [] };
  const files = [...agents.files, ...commands.files, ...skills.files];
  // Each skipped record keeps the diagnostic that explains it (the same object as discovery's).
  const skipReasons = new Set<Diagnostic>();
  for (const file of files) if (file.outcome === "skipped") skipReasons.add(file.reason);
  const diagnostics: Diagnostic[] = [...(input.configDiagnostics ?? [])];
  for (const d of [...agents.diagnostics, ...commands.diagnostics, ...skills.diagnostics])
    diagnostics.push(d.severity === "warning" && skipReasons.has(d) ? { ...d, severity: "error" } : d);
  const add = (
    severity: Diagnostic["severity"],
    code: string,
    message: string,
    filePath?: string,
    field?: string,
  ) => {
    const diagnostic: Diagnostic = { severity, code, message };
    if (filePath) diagnostic.filePath = filePath;
    if (field !== undefined) diagnostic.field = field;
    diagnostics.push(diagnostic);
  };

  diagnostics.push(...(input.sessionDiagnostics ?? []));

  // Unknown frontmatter keys, as the format that read each file declared them. Thousands of
  // files share a few unknown keys and a few formats: each key is looked up once per format.
  const meant = new Map<readonly string[], Map<string, string | undefined>>();
  const guessFor = (key: string, known: readonly string[]) => {
    let guesses = meant.get(known);
    if (guesses === undefined) {
      guesses = new Map();
      meant.set(known, guesses);
    }
    if (!guesses.has(key)) guesses.set(key, keyMeant(key, known));
    return guesses.get(key);
  };
  for (const file of files) {
    // A skill's unknown keys are the tool's own finding (skill/unknown-key), already above.
    if (file.kind === "skills") continue;
    for (const key of file.unknownKeys ?? []) {
      const guess = guessFor(key, knownKeysOf(file));
      // Named as the file writes it (`allowed-tools`, not discovery's `allowedTools`).
      const named = input.keyAsWritten?.(file.path, key)?.key ?? key;
      if (guess) {
        add(
          "warning",
          "doctor/unknown-key",
          `unknown frontmatter key "${named}"; did you mean "${guess}"?`,
          file.path,
          named,
        );
      } else
        add(
          "info",
          "doctor/unknown-key",
          `unknown frontmatter key "${named}" (roster ignores it)`,
          file.path,
          named,
        );
    }
  }

  // An agent's `output` schema is compiled as `run` would compile it: a cyclic `ref` or an
  // invalid schema would refuse every run of that agent, so doctor says so first.
  for (const agent of [...agents.agents, ...agents.shadowed.map((s) => s.agent)]) {
    if (agent.output === undefined || !input.compileOutputSchema) continue;
    const compiled = input.compileOutputSchema(agent.output);
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
  let nameList: string[] | undefined;
  for (const agent of agents.agents) {
    if (!Array.isArray(agent.spawns)) continue;
    for (const target of agent.spawns) {
      if (target === agent.name) {
        add("warning", "doctor/self-spawn", `agent "${agent.name}" lists itself in spawns`, agent.filePath);
      } else if (!names.has(target)) {
        nameList ??= [...names];
        const guess = didYouMean(target, nameList);
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
  // The first winner of each name, for a definition shadowed by something that is not a file.
  let byName: Map<string, AgentDefinition> | undefined;
  const firstNamed = (name: string) => {
    if (byName === undefined) {
      byName = new Map();
      for (const a of agents.agents) if (!byName.has(a.name)) byName.set(a.name, a);
    }
    return byName.get(name);
  };
  for (const { agent, shadowedBy } of agents.shadowed) {
    const winner = winners.get(shadowedBy) ?? firstNamed(agent.name);
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

  const kinds = countOutcomes(files);
  const summary: DoctorSummary = {
    files: files.length,
    outcomes: sumOutcomes(kinds),
    kinds,
    readingAgentFiles: agents.diagnostics.filter((d) => d.severity !== "info").length,
    agents: agents.agents.length,
    commands: commands.commands.length,
    skills: skills.skills.length,
    errors: diagnostics.filter((x) => x.severity === "error").length,
    warnings: diagnostics.filter((x) => x.severity === "warning").length,
  };
  return { diagnostics, summary, files };
}
