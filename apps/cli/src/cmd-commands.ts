import { discoverCommands, expandCommand, getCommand } from "@roster/commands";
import type { App } from "./context.js";
import { Block, count, headedTable, line, oneLine, paint, printJson, showPath } from "./output.js";
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

/** `roster commands list [--names]`. */
export async function listCommands(app: App, flags: { names?: boolean } = {}): Promise<number> {
  const d = await discoverCommands(app.registry, app.ctx, { cache: app.cache });
  const o = app.output;
  if (flags.names) {
    for (const c of d.commands) o.out(c.name);
    return 0;
  }
  if (o.json) {
    printJson(o, {
      commands: d.commands.map((c) => ({
        name: c.name,
        description: c.description,
        source: c.source,
        provider: c.provider,
        filePath: c.filePath,
        ...(c.namespace ? { namespace: c.namespace } : {}),
      })),
      diagnostics: [...app.loaded.diagnostics, ...d.diagnostics],
    });
    return 0;
  }
  const rows = d.commands.map((c) => [
    paint(o, "bold", c.name),
    c.namespace ? `${c.source}:${c.namespace}` : c.source,
    c.provider,
    showPath(o, c.filePath),
    oneLine(c.description),
  ]);
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
  const problems = d.diagnostics.length
    ? `; ${count(d.diagnostics.length, "diagnostic")} (roster commands list --json shows them)`
    : "";
  o.out(paint(o, "dim", `${count(d.commands.length, "command")}${problems}`));
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
