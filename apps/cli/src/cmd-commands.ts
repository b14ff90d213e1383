import {
  type CommandDiscovery,
  discoverCommands,
  expandCommand,
  getCommand,
  type WorkflowCommand,
} from "@roster/commands";
import type { Skill } from "@roster/skills";
import { skillDiscovery } from "./cmd-skills.js";
import type { App } from "./context.js";
import {
  Block,
  count,
  descriptionLine,
  headedTable,
  line,
  oneLine,
  paint,
  printJson,
  printNames,
  showPath,
} from "./output.js";
import { skillRulesOf } from "./skill-sources.js";
import { unknownName } from "./unknown-name.js";

async function find(app: App, name: string) {
  const d = await discoverCommands(app.registry, app.ctx, { cache: app.cache });
  const command = getCommand(d, name);
  if (!command)
    throw unknownName(
      "command",
      name,
      d.commands.map((c) => c.name),
    );
  return command;
}

/** What answers `/name`: command files, the skills a tool makes invocable, and who hides whom. */
interface Invocable {
  commands: WorkflowCommand[];
  skills: Skill[];
  /** Commands a skill of the same tool answers before (Claude Code). */
  shadowedCommands: Array<{ command: WorkflowCommand; by: Skill }>;
  /** Skills a command of the same tool answers before (Claude Code plugin commands over plugin skills). */
  shadowedSkills: Array<{ skill: Skill; by: WorkflowCommand }>;
}

/** The name a command answers to as a plugin's scoped id, or its bare name. */
function answersTo(command: WorkflowCommand): string {
  return command.plugin ? `${command.plugin.name}:${command.name}` : command.name;
}

/**
 * Commands and invocable skills side by side (SPEC §18): a skill and a command of one
 * family and one name clash, and the family's rule says which answers (`clash`).
 */
function invocable(app: App, d: CommandDiscovery): Invocable {
  const result: Invocable = { commands: [], skills: [], shadowedCommands: [], shadowedSkills: [] };
  const hidden = new Set<WorkflowCommand>();
  for (const skill of skillDiscovery(app).skills) {
    if (!skill.userInvocable) continue;
    const rule = skillRulesOf(app.families, skill.provider)?.clash;
    const command = d.commands.find((c) => c.provider === skill.provider && answersTo(c) === skill.name);
    if (command && rule === "skill") {
      hidden.add(command);
      result.shadowedCommands.push({ command, by: skill });
    } else if (command && rule === "command") {
      result.shadowedSkills.push({ skill, by: command });
      continue;
    }
    result.skills.push(skill);
  }
  result.commands = d.commands.filter((c) => !hidden.has(c));
  return result;
}

/** `roster commands list [--names]`: command files and the skills that answer `/name`. */
export async function listCommands(app: App, flags: { names?: boolean } = {}): Promise<number> {
  const d = await discoverCommands(app.registry, app.ctx, { cache: app.cache });
  const o = app.output;
  // The names `commands show` and `expand` take (shell completion reads them).
  if (flags.names) {
    printNames(
      o,
      d.commands.map((c) => c.name),
    );
    return 0;
  }
  const all = invocable(app, d);
  if (o.json) {
    printJson(o, {
      commands: all.commands.map((c) => ({
        name: c.name,
        description: c.description,
        source: c.source,
        provider: c.provider,
        filePath: c.filePath,
        ...(c.namespace ? { namespace: c.namespace } : {}),
      })),
      skills: all.skills.map((s) => ({
        name: s.name,
        description: s.description,
        source: s.scope,
        provider: s.provider,
        filePath: s.filePath,
        ...(s.argumentHint ? { argumentHint: s.argumentHint } : {}),
      })),
      shadowed: [
        ...all.shadowedCommands.map(({ command, by }) => ({
          kind: "command",
          name: command.name,
          provider: command.provider,
          filePath: command.filePath,
          shadowedBy: by.filePath,
        })),
        ...all.shadowedSkills.map(({ skill, by }) => ({
          kind: "skill",
          name: skill.name,
          provider: skill.provider,
          filePath: skill.filePath,
          shadowedBy: by.filePath,
        })),
      ],
      diagnostics: [...app.loaded.diagnostics, ...d.diagnostics],
    });
    return 0;
  }
  const rows = [
    ...all.commands.map((c) => [
      paint(o, "bold", c.name),
      c.namespace ? `${c.source}:${c.namespace}` : c.source,
      c.provider,
      showPath(o, c.filePath),
      descriptionLine(c.description),
    ]),
    ...all.skills.map((s) => [
      paint(o, "bold", s.name),
      `${s.scope} skill`,
      s.provider,
      showPath(o, s.dir),
      descriptionLine(s.description),
    ]),
  ];
  if (rows.length > 0) {
    o.out(
      headedTable(o, ["NAME", "SOURCE", "PROVIDER", "FILE", "DESCRIPTION"], rows, {
        keepEnd: [3],
        drop: [3, 2],
        grow: 4,
      }),
    );
    o.out("");
  }
  const hiddenRows = [
    ...all.shadowedCommands.map(({ command, by }) => [
      command.name,
      command.provider,
      showPath(o, command.filePath),
      `the skill ${showPath(o, by.dir)} answers /${by.name} first`,
    ]),
    ...all.shadowedSkills.map(({ skill, by }) => [
      skill.name,
      skill.provider,
      showPath(o, skill.dir),
      `the command ${showPath(o, by.filePath)} answers /${skill.name} first`,
    ]),
  ];
  if (hiddenRows.length > 0) {
    o.out(paint(o, "bold", "Shadowed:"));
    o.out(
      headedTable(o, ["NAME", "PROVIDER", "FILE", "WHY"], hiddenRows, { keepEnd: [2], drop: [1], grow: 3 }),
    );
    o.out("");
  }
  const problems = d.diagnostics.length
    ? `; ${count(d.diagnostics.length, "diagnostic")} (roster commands list --json shows them)`
    : "";
  const skillCount = all.skills.length ? `, ${count(all.skills.length, "skill")}` : "";
  const hidden = hiddenRows.length ? `, ${hiddenRows.length} shadowed` : "";
  o.out(paint(o, "dim", `${count(all.commands.length, "command")}${skillCount}${hidden}${problems}`));
  return 0;
}

/** `roster commands show NAME`. */
export async function showCommand(app: App, name: string): Promise<number> {
  const command = await find(app, name);
  const o = app.output;
  if (o.json) printJson(o, command);
  else {
    o.out(line`${paint(o, "bold", command.name)} — ${command.description || "(no description)"}`);
    o.out(paint(o, "dim", `${command.provider}, ${command.source}, ${showPath(o, command.filePath)}`));
    o.out(line`\n${new Block(command.instructions)}`);
  }
  return 0;
}

/**
 * `roster commands expand NAME [ARGS…]`: prints the expanded text itself, exact into a
 * pipe or file, escaped for a terminal.
 */
export async function expand(app: App, name: string, args: string[]): Promise<number> {
  const command = await find(app, name);
  const text = expandCommand(command, args);
  if (app.output.columns === undefined) app.output.raw(text);
  else app.output.out(new Block(text));
  return 0;
}
