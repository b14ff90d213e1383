// What `roster commands list` says about who answers `/name`: the command files, the skills a
// person invokes, and who hides whom; and `commands show`'s command. Values and lines only
// (@roster/terminal): the CLI prints.
import {
  Block,
  count,
  descriptionLine,
  type Fit,
  headedTable,
  line,
  type PathBase,
  Styled,
  showPath,
  type Text,
} from "@roster/terminal";
import { namesTable } from "./describe-skills.js";
import type { Invocable, InvocableCommand } from "./resolve-invocable.js";

/** A command as `commands list` shows it (taken by shape: this package needs none of @roster/commands). */
export interface ListedCommand extends InvocableCommand {
  description: string;
  source: string;
  filePath: string;
  namespace?: string | undefined;
}

/** `commands list --json`: the commands, the skills that answer `/name`, who is shadowed by whom, and the diagnostics. */
export function invocableJson<C extends ListedCommand, D>(all: Invocable<C>, diagnostics: readonly D[]) {
  return {
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
    diagnostics: [...diagnostics],
  };
}

/**
 * `commands list`: a table of the commands and the skills that answer `/name`, the shadowed
 * ones with why, and the closing count (with the diagnostics of reading the command files).
 */
export function describeInvocables<C extends ListedCommand>(
  view: PathBase & Fit,
  all: Invocable<C>,
  diagnostics: number,
): Text[] {
  const lines: Text[] = [];
  const rows = [
    ...all.commands.map((c) => [
      new Styled("bold", c.name),
      c.namespace ? `${c.source}:${c.namespace}` : c.source,
      c.provider,
      showPath(view, c.filePath),
      descriptionLine(c.description),
    ]),
    ...all.skills.map((s) => [
      new Styled("bold", s.name),
      `${s.scope} skill`,
      s.provider,
      showPath(view, s.dir),
      descriptionLine(s.description),
    ]),
  ];
  if (rows.length > 0)
    lines.push(namesTable(view, ["NAME", "SOURCE", "PROVIDER", "FILE", "DESCRIPTION"], rows), "");
  const hiddenRows = [
    ...all.shadowedCommands.map(({ command, by }) => [
      command.name,
      command.provider,
      showPath(view, command.filePath),
      `the skill ${showPath(view, by.dir)} answers /${by.name} first`,
    ]),
    ...all.shadowedSkills.map(({ skill, by }) => [
      skill.name,
      skill.provider,
      showPath(view, skill.dir),
      `the command ${showPath(view, by.filePath)} answers /${skill.name} first`,
    ]),
  ];
  if (hiddenRows.length > 0)
    lines.push(
      new Styled("bold", "Shadowed:"),
      headedTable(view, ["NAME", "PROVIDER", "FILE", "WHY"], hiddenRows, {
        keepEnd: [2],
        drop: [1],
        grow: 3,
      }),
      "",
    );
  const problems = diagnostics
    ? `; ${count(diagnostics, "diagnostic")} (roster commands list --json shows them)`
    : "";
  const skillCount = all.skills.length ? `, ${count(all.skills.length, "skill")}` : "";
  const hidden = hiddenRows.length ? `, ${hiddenRows.length} shadowed` : "";
  lines.push(new Styled("dim", `${count(all.commands.length, "command")}${skillCount}${hidden}${problems}`));
  return lines;
}

/** `commands show NAME`: its name and description, where it comes from (dimmed), then its instructions. */
export function describeCommand(view: PathBase, command: ListedCommand & { instructions: string }): Text[] {
  return [
    line`${new Styled("bold", command.name)} — ${command.description || "(no description)"}`,
    new Styled("dim", `${command.provider}, ${command.source}, ${showPath(view, command.filePath)}`),
    line`\n${new Block(command.instructions)}`,
  ];
}
