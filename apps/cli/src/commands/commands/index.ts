import { discoverCommands, expandCommand, getCommand } from "@roster/commands";
import { skillRulesOf } from "@roster/family";
import { describeCommand, describeInvocables, invocableJson, resolveInvocable } from "@roster/skills";
import { Block } from "@roster/terminal";
import type { App } from "../../context.js";
import { printJson, printNames } from "../../output.js";
import { unknownName } from "../../unknown-name.js";
import { skillDiscovery } from "../skills/index.js";

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
  const all = resolveInvocable(d.commands, skillDiscovery(app).skills, (id) =>
    skillRulesOf(app.families, id),
  );
  if (o.json) printJson(o, invocableJson(all, [...app.loaded.diagnostics, ...d.diagnostics]));
  else for (const text of describeInvocables(o, all, d.diagnostics.length)) o.out(text);
  return 0;
}

/** `roster commands show NAME`. */
export async function showCommand(app: App, name: string): Promise<number> {
  const command = await find(app, name);
  const o = app.output;
  if (o.json) printJson(o, command);
  else for (const text of describeCommand(o, command)) o.out(text);
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
