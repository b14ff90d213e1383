import { discoverCommands } from "@roster/commands";
import {
  type Diagnostic,
  discoverAgents,
  type FileOutcome,
  type FileRecord,
  markdownFormat,
} from "@roster/core";
import { readSessionFromEnv } from "@roster/executor";
import { fileView } from "./cmd-agents.js";
import type { App } from "./context.js";
import { paint, printJson, showPath, table } from "./output.js";

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const next = Math.min(
        row[j]! + 1,
        row[j - 1]! + 1,
        prev + (a[i - 1]!.toLowerCase() === b[j - 1]!.toLowerCase() ? 0 : 1),
      );
      prev = row[j]!;
      row[j] = next;
    }
  }
  return row[b.length]!;
}

/** The closest known name within two edits, if any. */
export function didYouMean(word: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = 3;
  for (const candidate of known) {
    const d = distance(word, candidate);
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

/** The keys the format that read a file knows (it declared them), for did-you-mean. */
function knownKeysOf(record: FileRecord): readonly string[] {
  const formats = record.location?.formats ?? [markdownFormat];
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
  const [agents, commands] = await Promise.all([
    discoverAgents(app.registry, app.ctx, { cache: app.cache }),
    discoverCommands(app.registry, app.ctx, { cache: app.cache }),
  ]);
  const files = [...agents.files, ...commands.files];
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
    ...[...agents.diagnostics, ...commands.diagnostics].map(
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

  const summary = {
    files: files.length,
    outcomes: countOutcomes(files),
    agents: agents.agents.length,
    commands: commands.commands.length,
    errors: diagnostics.filter((x) => x.severity === "error").length,
    warnings: diagnostics.filter((x) => x.severity === "warning").length,
  };
  return { diagnostics, summary, files };
}

/** `roster doctor [--strict]`. */
export async function doctor(app: App, strict: boolean): Promise<number> {
  const { diagnostics, summary, files } = await runDoctor(app);
  const o = app.output;
  const failed = summary.errors > 0 || (strict && summary.warnings > 0);
  if (o.json) {
    printJson(o, { diagnostics, summary, files: files.map(fileView) });
    return failed ? 1 : 0;
  }
  const colour = { error: "red", warning: "yellow", info: "dim" } as const;
  const rows = diagnostics.map((x) => [
    paint(o, colour[x.severity], x.severity),
    x.code,
    `${showPath(o, x.filePath)}${x.line ? `:${x.line}` : ""}`,
    x.message + (x.hint ? ` (${x.hint})` : ""),
  ]);
  if (rows.length > 0) o.out(`${table(rows)}\n`);
  const { loaded, shadowed, skipped } = summary.outcomes;
  o.out(
    `${summary.files} file(s): ${loaded} loaded, ${shadowed} shadowed, ${skipped} skipped, ` +
      `${summary.outcomes["not-an-agent"]} not an agent; ${summary.agents} agent(s), ${summary.commands} command(s): ` +
      `${summary.errors} error(s), ${summary.warnings} warning(s)` +
      (failed ? "" : paint(o, "green", " — ok")),
  );
  return failed ? 1 : 0;
}
