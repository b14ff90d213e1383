import { dirname, join } from "node:path";
import { type AgentDefinition, type DiscoveryContext, parseAgentFields } from "@roster/core";
import { type AgentWriter, type FieldMapping, type ToolTable, withoutRaisingSettings } from "@roster/family";
import { checkFileAs } from "@roster/profiles";
import { isLossy } from "./agent-writer.js";
import { nameRefusal } from "./rename-agent.js";
import { NAME_MAX } from "./write-file-inside.js";

/** Stable codes of an export that cannot be written. */
export type ExportCode =
  | "export/unsafe-name"
  | "export/builtin-wins"
  | "export/bad-name"
  | "export/rejected-by-target"
  | "export/unreadable-by-target";

/** Options of {@link exportAgent}. */
export interface ExportAgentOptions {
  ctx: DiscoveryContext;
  /** The app's tool table (its family set's `tools`): what the agent's tool names stand for. */
  tools: ToolTable;
  /** Where the tool reads: its project or its user folder. */
  scope: "project" | "user";
  /** Write into this folder instead of the tool's own. */
  outDir?: string;
  /** Put roster's marker key in the file (writers whose marker is `key`); default true. */
  marker?: boolean;
  /** The name to write under, when it is not the agent's own (a plugin collision's scoped id). */
  as?: string;
  /**
   * The user trusted the project (`roster trust`). Unless so, a project agent written to the
   * user's scope loses every setting that raises what it may do (`withoutRaisingSettings`),
   * each reported as dropped (SPEC §17).
   */
  trustProject?: boolean;
}

/** Why a raising setting was left out of a file in the user's scope. */
const RAISING_NOTE =
  "raises what the agent may do, and a project's agent written to your own folder keeps it only once the project is trusted (`roster trust`)";

/** An export that passed the target's reader and rules. */
export interface AgentExport {
  ok: true;
  tool: string;
  /** The name written (the agent's own, or the scoped id of a collision). */
  name: string;
  /** Folder the tool reads, and the file inside it. */
  dir: string;
  /**
   * The folder the write is allowed in: `--out DIR`, else the folder holding the tool's own
   * folder (the project, the home). Nothing below it is followed when written (SPEC §17).
   */
  root: string;
  relativePath: string;
  filePath: string;
  content: string;
  fields: FieldMapping[];
  /** Does the report drop anything (what `--strict` refuses)? */
  lossy: boolean;
  /** The written file as the target's reader gives it back. */
  readBack: AgentDefinition;
}

/** An export that cannot be written, with why. */
export interface ExportRefusal {
  ok: false;
  tool: string;
  name: string;
  code: ExportCode;
  message: string;
  /** The text the writer produced, for a bug report (rejected exports only). */
  content?: string;
}

/**
 * The folder a tool's agents folder may be written below: the one holding the tool's own
 * folder (`<project>` for `<project>/.claude/agents`, the home for `~/.codex/agents`). The
 * tool's folder, its agents folder and everything below are never followed when written.
 */
export function writeRootOf(agentsDir: string): string {
  return dirname(dirname(agentsDir));
}

/**
 * Writes one agent for one tool in memory (SPEC §13): the file's text, where the tool reads
 * it, the fate of every field, and the proof that the tool would load it — the text is read
 * back through the family's reader and checked against the tool's profile. Nothing touches
 * the disk.
 *
 * @example exportAgent(agent, codexWriter, { ctx, scope: "project", tools: families.tools })
 */
export function exportAgent(
  agent: AgentDefinition,
  writer: AgentWriter,
  options: ExportAgentOptions,
): AgentExport | ExportRefusal {
  const name = options.as ?? agent.name;
  const refuse = (code: ExportCode, message: string, content?: string): ExportRefusal => ({
    ok: false,
    tool: writer.tool,
    name,
    code,
    message,
    ...(content !== undefined ? { content } : {}),
  });
  const unsafe = nameRefusal(writer, name);
  if (unsafe?.code === "export/unsafe-name") return refuse(unsafe.code, unsafe.message);

  const profile = writer.profile;
  if (profile && !profile.filesOverrideBuiltins && profile.builtins.includes(name)) {
    return refuse(
      "export/builtin-wins",
      `${writer.displayName} has a built-in agent named ${JSON.stringify(name)} that a file cannot replace`,
    );
  }
  if (unsafe) return refuse(unsafe.code, unsafe.message);
  // A project's raising setting reaches the user's own folder only from a trusted project.
  const lowered =
    agent.source === "project" && options.scope === "user" && options.trustProject !== true
      ? withoutRaisingSettings(agent)
      : { agent, dropped: [] };
  const source = name === agent.name ? lowered.agent : { ...lowered.agent, name };
  const written = writer.write(source, { marker: options.marker ?? true, tools: options.tools });
  for (const setting of lowered.dropped) {
    const mapped = written.fields.find((f) => f.field === setting.field);
    if (mapped && setting.lost !== undefined) {
      mapped.lost = setting.lost;
      mapped.note = mapped.note ? `${mapped.note}; ${RAISING_NOTE}` : `its allow entries: ${RAISING_NOTE}`;
    } else
      written.fields.push({
        field: setting.field,
        fate: "dropped",
        value: setting.value,
        note: RAISING_NOTE,
      });
  }
  const dir = options.outDir ?? writer.agentsDir(options.ctx, options.scope);
  const relativePath = `${name}${writer.extension}`;
  const filePath = join(dir, relativePath);
  const long = relativePath.split("/").find((part) => Buffer.byteLength(part) > NAME_MAX);
  if (long !== undefined) {
    return refuse(
      "export/unsafe-name",
      `the file name ${JSON.stringify(`${long.slice(0, 40)}…`)} would be longer than ${NAME_MAX} bytes, more than a file system takes`,
    );
  }

  // 1. The tool's own rules (strict keys, tool names, name rules).
  if (writer.profile) {
    const check = checkFileAs(writer.profile, written.content, filePath, relativePath);
    if (!check.ok) return refuse("export/rejected-by-target", check.reason.message, written.content);
    if (check.id !== name) {
      return refuse(
        "export/rejected-by-target",
        `${writer.displayName} would name it ${JSON.stringify(check.id)}, not ${JSON.stringify(name)}`,
        written.content,
      );
    }
  }
  // 2. The family's reader gives the same name, description and prompt back.
  const result = writer.format.parse({ filePath, relativePath, content: written.content, level: "warn" });
  const unreadable = (why: string) =>
    refuse("export/unreadable-by-target", `roster's ${writer.tool} reader ${why}`, written.content);
  if (result.kind === "unusable") return unreadable(`reports: ${result.reason.message}`);
  const parsed = result;
  const error = parsed.diagnostics.find((d) => d.severity === "error");
  const fields = error ? null : parseAgentFields(parsed.frontmatter);
  if (!fields) return unreadable(error ? `reports: ${error.message}` : "finds no valid agent in it");
  if (fields.name !== name) return unreadable(`reads the name ${JSON.stringify(fields.name)}`);
  if (fields.description !== agent.description) return unreadable("reads a different description");
  if (parsed.body.trim() !== agent.systemPrompt.trim()) return unreadable("reads a different prompt");
  const readBack: AgentDefinition = {
    ...fields,
    systemPrompt: parsed.body,
    source: options.scope,
    filePath,
    provider: writer.tool,
  };
  return {
    ok: true,
    tool: writer.tool,
    name,
    dir,
    root: options.outDir ?? writeRootOf(dir),
    relativePath,
    filePath,
    content: written.content,
    fields: written.fields,
    lossy: isLossy(written.fields),
    readBack,
  };
}
