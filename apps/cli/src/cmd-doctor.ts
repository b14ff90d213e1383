import { AGENT_KEYS, type Diagnostic, discoverAgents, readLocations, suggestNames } from "@roster/core";
import { kebabToCamel } from "@roster/frontmatter";
import { TOOL_PROFILES } from "./cmd-as.js";
import type { App } from "./context.js";
import { type Cell, paint, printJson, showPath, table } from "./output.js";

/**
 * Frontmatter keys roster reads, the keys families write when they map a tool's fields
 * (`displayName`, `allTools`, `toolsAsWritten`), and every key a tool profile knows
 * (Claude Code's `color`, `hooks`, …; Gemini's `max_turns`; opencode's `mode`; Cursor's
 * `readonly`), as the frontmatter parser spells them.
 */
export const KNOWN_AGENT_KEYS: string[] = [
  ...new Set([
    ...AGENT_KEYS,
    "thinking",
    "displayName",
    "allTools",
    ...TOOL_PROFILES.flatMap((profile) => profile.knownKeys.map(kebabToCamel)),
  ]),
];

/** Discovery codes that mean a definition file was skipped: errors for doctor. */
export const SKIPPED_FILE_CODES = [
  "agent/missing-name",
  "agent/missing-description",
  "load/parse-error",
  "load/read-error",
  "load/file-too-large",
  "load/broken-symlink",
];

/** The closest known name (prefix or a few edits away), if any: core's one suggester. */
export function didYouMean(word: string, known: readonly string[]): string | undefined {
  return suggestNames(word, known, { limit: 1 })[0];
}

/** Every finding of `roster doctor`, beyond the discovery's own diagnostics. */
export async function runDoctor(app: App) {
  const d = await discoverAgents(app.registry, app.ctx, { cache: app.cache });
  // Same cache: this second read parses nothing.
  const read = await readLocations(app.registry, app.ctx, "agents", { cache: app.cache });
  // Discovery warns and carries on; for doctor a definition file that did not load is an error.
  // The config's own findings (skipped project code, refused limits) come first.
  const diagnostics: Diagnostic[] = [...app.loaded.diagnostics];
  diagnostics.push(
    ...d.diagnostics.map(
      (x): Diagnostic =>
        x.severity === "warning" && SKIPPED_FILE_CODES.includes(x.code) ? { ...x, severity: "error" } : x,
    ),
  );
  const add = (severity: Diagnostic["severity"], code: string, message: string, filePath?: string) => {
    const diagnostic: Diagnostic = { severity, code, message };
    if (filePath) diagnostic.filePath = filePath;
    diagnostics.push(diagnostic);
  };

  // Unknown frontmatter keys, with a did-you-mean for likely typos.
  for (const file of read.files) {
    for (const key of Object.keys(file.parsed.frontmatter)) {
      if (KNOWN_AGENT_KEYS.includes(key)) continue;
      const guess = didYouMean(key, KNOWN_AGENT_KEYS);
      if (guess)
        add(
          "warning",
          "doctor/unknown-key",
          `unknown frontmatter key "${key}"; did you mean "${guess}"?`,
          file.filePath,
        );
      else
        add(
          "info",
          "doctor/unknown-key",
          `unknown frontmatter key "${key}" (roster ignores it)`,
          file.filePath,
        );
    }
  }

  const names = new Set(d.agents.map((a) => a.name));
  for (const agent of d.agents) {
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

  const winners = new Map(d.agents.map((a) => [a.filePath ?? a.provider, a]));
  for (const { agent, shadowedBy } of d.shadowed) {
    const winner = winners.get(shadowedBy) ?? d.agents.find((a) => a.name === agent.name);
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

  const files = read.files.length + read.loaded.length;
  const summary = {
    files,
    agents: d.agents.length,
    errors: diagnostics.filter((x) => x.severity === "error").length,
    warnings: diagnostics.filter((x) => x.severity === "warning").length,
  };
  return { diagnostics, summary };
}

/** Flags of `roster doctor`. */
export interface DoctorFlags {
  /** Exit 1 on warnings too. */
  strict?: boolean;
  /** Errors only, as eslint's `--quiet`. */
  quiet?: boolean;
}

/** `roster doctor [--strict] [--quiet]`: findings grouped by file, as eslint prints them. */
export async function doctor(app: App, flags: DoctorFlags | boolean = {}): Promise<number> {
  const { strict, quiet } = typeof flags === "boolean" ? { strict: flags, quiet: false } : flags;
  const { diagnostics: all, summary } = await runDoctor(app);
  const diagnostics = quiet ? all.filter((x) => x.severity === "error") : all;
  const o = app.output;
  const failed = summary.errors > 0 || (strict === true && summary.warnings > 0);
  if (o.json) {
    printJson(o, { diagnostics, summary });
    return failed ? 1 : 0;
  }
  const colour = { error: "red", warning: "yellow", info: "dim" } as const;
  const groups = new Map<string, Diagnostic[]>();
  for (const x of diagnostics) {
    const key = x.filePath ?? "";
    groups.set(key, [...(groups.get(key) ?? []), x]);
  }
  for (const [filePath, group] of groups) {
    o.out(paint(o, "bold", filePath ? showPath(o, filePath) : "(no file)"));
    const rows: Cell[][] = group.map((x) => [
      "",
      x.line ? String(x.line) : "",
      paint(o, colour[x.severity], x.severity),
      x.code,
      x.message,
    ]);
    // Messages are never cut: a long one wraps rather than losing what it explains.
    o.out(table({}, rows));
    o.out("");
  }
  o.out(
    paint(
      o,
      failed ? "red" : "green",
      `${summary.files} file(s), ${summary.agents} agent(s): ${summary.errors} error(s), ${summary.warnings} warning(s)${failed ? "" : " — ok"}`,
    ),
  );
  return failed ? 1 : 0;
}
