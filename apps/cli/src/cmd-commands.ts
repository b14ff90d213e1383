import { discoverCommands, expandCommand, getCommand } from "@roster/commands";
import type { App } from "./context.js";
import { FindingError } from "./errors.js";
import { headedTable, oneLine, paint, printJson, showPath } from "./output.js";

async function find(app: App, name: string) {
  const d = await discoverCommands(app.registry, app.ctx, { cache: app.cache });
  const command = getCommand(d, name);
  if (!command) {
    const names = d.commands.map((c) => c.name);
    throw new FindingError(
      `Unknown command "${name}". Available: ${names.length > 0 ? names.join(", ") : "none"}`,
    );
  }
  return command;
}

/** `roster commands list`. */
export async function listCommands(app: App): Promise<number> {
  const d = await discoverCommands(app.registry, app.ctx, { cache: app.cache });
  const o = app.output;
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
    c.namespace ?? c.source,
    c.provider,
    showPath(o, c.filePath),
    oneLine(c.description, 60),
  ]);
  o.out(headedTable(o, ["NAME", "SCOPE", "PROVIDER", "FILE", "DESCRIPTION"], rows));
  o.out(
    paint(
      o,
      "dim",
      `\n${d.commands.length} command(s)${d.diagnostics.length ? `; ${d.diagnostics.length} diagnostic(s)` : ""}`,
    ),
  );
  return 0;
}

/** `roster commands show NAME`. */
export async function showCommand(app: App, name: string): Promise<number> {
  const command = await find(app, name);
  const o = app.output;
  if (o.json) printJson(o, command);
  else {
    o.out(`${paint(o, "bold", command.name)} — ${command.description || "(no description)"}`);
    o.out(paint(o, "dim", `${command.provider}, ${command.source}, ${showPath(o, command.filePath)}`));
    o.out(`\n${command.instructions}`);
  }
  return 0;
}

/** `roster commands expand NAME [ARGS…]`: prints the expanded text itself. */
export async function expand(app: App, name: string, args: string[]): Promise<number> {
  const command = await find(app, name);
  app.output.out(expandCommand(command, args));
  return 0;
}
