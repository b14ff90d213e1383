// A long `show` on a terminal goes through a pager, as `gh` and `git` do: $PAGER, else
// `less -R` (colours kept). Never when stdout is not a terminal, never for `--json`, never
// with `--no-pager`, and only when the text is longer than the screen.
import { createOutput, type Output } from "./output.js";

/** Where the pager comes from and how tall the screen is (the real ones by default). */
export interface PagerPlace {
  env: Record<string, string | undefined>;
  /** The terminal's height in lines. */
  rows: number | undefined;
}

/**
 * The pager: $PAGER, run by the shell as `git` runs it, else `less -R`; none when `PAGER` is
 * empty or `cat`.
 */
export function pagerCommand(
  env: Record<string, string | undefined>,
): { shell: string } | { file: string; args: string[] } | undefined {
  if (env.PAGER === undefined) return { file: "less", args: ["-R"] };
  const pager = env.PAGER.trim();
  return pager === "" || pager === "cat" ? undefined : { shell: pager };
}

/**
 * Prints what `print` writes to `o`: through the pager when `o` draws for a terminal, paging
 * is not turned off and the text has more lines than the screen; else as it is. A pager that
 * cannot start (no `less`) only means the text is printed as it is.
 */
export async function printPaged(
  o: Output,
  options: { pager?: boolean },
  print: (o: Output) => void,
  place: PagerPlace = { env: process.env, rows: process.stdout.rows },
): Promise<void> {
  const command = pagerCommand(place.env);
  if (o.json || o.columns === undefined || options.pager === false || command === undefined || !place.rows) {
    print(o);
    return;
  }
  const chunks: Array<string | Uint8Array> = [];
  const captured = createOutput({
    json: o.json,
    color: o.color,
    cwd: o.cwd,
    home: o.home,
    columns: o.columns,
    write: (text) => chunks.push(text),
    writeErr: (text) => process.stderr.write(text),
  });
  print(captured);
  const text = chunks.map((c) => (typeof c === "string" ? c : Buffer.from(c).toString("utf8"))).join("");
  if (text.split("\n").length - 1 <= place.rows) {
    o.stream(text);
    return;
  }
  // Loaded only to page: child_process brings net and dgram along (see tsup.config.ts).
  const { spawn } = await import("node:child_process");
  const shown = await new Promise<boolean>((done) => {
    // less as `gh` runs it: quit at once when the text fits after all, keep it on the screen.
    const env = { ...place.env, LESS: place.env.LESS ?? "FRX" };
    const stdio: ["pipe", "inherit", "inherit"] = ["pipe", "inherit", "inherit"];
    // No `less` installed: an error, and the text is printed as it is.
    const child =
      "shell" in command
        ? spawn(command.shell, { shell: true, stdio, env })
        : spawn(command.file, command.args, { stdio, env });
    child.on("error", () => done(false));
    child.on("spawn", () => {
      // A pager quit early closes its input: the rest is not wanted.
      child.stdin.on("error", () => undefined);
      child.stdin.end(text);
    });
    child.on("exit", () => done(true));
  });
  if (!shown) o.stream(text);
}
