import { type CommandInput, DEFAULT_PLACEHOLDERS, type PlaceholderSyntax } from "./command-options.js";
import { CommandUsageError, ExpansionTooLargeError } from "./errors.js";

/**
 * The largest text {@link expandCommand} gives back (4 MiB): a template that repeats its
 * input (`$ARGUMENTS` five thousand times) would otherwise grow with input × repeats.
 */
export const MAX_EXPANSION_BYTES = 4 * 1024 * 1024;

import { splitArguments } from "./split-arguments.js";
import type { WorkflowCommand } from "./types.js";

const NAMED_ARGUMENT = /^([A-Z][A-Z0-9_]*)=([\s\S]*)$/;
/** An upper-case name that is a whole word: `$Name` is text, not `$N` then `ame`. */
const NAME_AT = /[A-Z][A-Z0-9_]*(?![A-Za-z0-9_])/y;

function readInput(input: string | readonly string[], named: boolean): CommandInput {
  let whole: string;
  let args: string[];
  if (typeof input === "string") {
    whole = input;
    args = splitArguments(input);
  } else if (Array.isArray(input) && input.every((arg) => typeof arg === "string")) {
    whole = input.join(" ");
    args = [...input];
  } else {
    throw new CommandUsageError("expandCommand: input must be a string or an array of strings");
  }
  const values = new Map<string, string>();
  if (!named) return { whole, positional: args, named: values };
  const positional: string[] = [];
  for (const arg of args) {
    const match = NAMED_ARGUMENT.exec(arg);
    if (match) values.set(match[1]!, match[2]!);
    else positional.push(arg);
  }
  return { whole, positional, named: values };
}

/** Index just past the `}` closing the `{` at `open`, counting nested braces; -1 when unclosed. */
function closingBrace(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === "{") depth++;
    else if (text[i] === "}" && --depth === 0) return i + 1;
  }
  return -1;
}

/** The first custom syntax that claims the text at `at`. */
function matchCustom(
  custom: readonly PlaceholderSyntax[],
  text: string,
  at: number,
  input: CommandInput,
): { text: string; length: number } | undefined {
  for (const syntax of custom) {
    const claimed = syntax.match(text, at, input);
    if (claimed) return { text: String(claimed.text), length: claimed.length };
  }
  return undefined;
}

/**
 * Fills a command's placeholders with `input` and returns the prompt text (SPEC §7).
 *
 * - `$@` (always) and `$ARGUMENTS` (`"positional"`) become the whole input;
 * - `$1`…`$9` (`"positional"`) the shell-split arguments (one digit: `$10` is `$1` then `0`);
 * - `$NAME` (`"named"`) the value of a `NAME=value` argument, `$$` a literal `$`;
 * - `{{args}}` (`"braces"`) the whole input; Gemini's `!{…}` and `@{…}` stay as written,
 *   placeholders inside them included;
 * - a family's own {@link PlaceholderSyntax}, tried first at every position.
 *
 * A placeholder with no value becomes empty. The template is read once, left to right,
 * and input is inserted literally: `$&`, `$$`, `` $` ``, `$1` or `{{args}}` in the input
 * arrive as typed, never reinterpreted. Nothing is executed. A text that would pass
 * `maxBytes` ({@link MAX_EXPANSION_BYTES}) throws {@link ExpansionTooLargeError} as soon as it
 * does, never built whole.
 *
 * @example expandCommand(command, `fix "the login bug"`)
 */
export function expandCommand(
  command: Pick<WorkflowCommand, "instructions"> & Partial<Pick<WorkflowCommand, "placeholders">>,
  input: string | readonly string[],
  options: { maxBytes?: number } = {},
): string {
  const maxBytes = options.maxBytes ?? MAX_EXPANSION_BYTES;
  if (typeof command?.instructions !== "string") {
    throw new CommandUsageError("expandCommand: command must have string instructions");
  }
  const families = command.placeholders ?? DEFAULT_PLACEHOLDERS;
  const positional = families.includes("positional");
  const named = families.includes("named");
  const braces = families.includes("braces");
  const custom = families.filter((f): f is PlaceholderSyntax => typeof f === "object" && f !== null);
  const args = readInput(input, named);
  const text = command.instructions;

  let out = "";
  let i = 0;
  const tooLarge = () =>
    new ExpansionTooLargeError(
      `the expanded text would be larger than ${maxBytes} bytes (its placeholders repeat an input of ${Buffer.byteLength(args.whole)} bytes): give a shorter input`,
    );
  while (i < text.length) {
    // A UTF-16 unit is at least one byte: past maxBytes units, the text is past maxBytes bytes.
    if (out.length > maxBytes) throw tooLarge();
    const claimed = matchCustom(custom, text, i, args);
    if (claimed) {
      out += claimed.text;
      i += Math.max(1, claimed.length);
      continue;
    }
    const ch = text[i]!;
    const next = text[i + 1];
    if (braces && (ch === "!" || ch === "@") && next === "{") {
      // Gemini shell/file injections are left exactly as written; unclosed runs to the end.
      const end = closingBrace(text, i + 1);
      const stop = end === -1 ? text.length : end;
      out += text.slice(i, stop);
      i = stop;
      continue;
    }
    if (braces && text.startsWith("{{args}}", i)) {
      out += args.whole;
      i += "{{args}}".length;
      continue;
    }
    if (ch !== "$" || next === undefined) {
      out += ch;
      i++;
      continue;
    }
    if (next === "@") {
      out += args.whole;
      i += 2;
      continue;
    }
    if (positional && next >= "1" && next <= "9") {
      out += args.positional[Number(next) - 1] ?? "";
      i += 2;
      continue;
    }
    if (named && next === "$") {
      out += "$";
      i += 2;
      continue;
    }
    if (named) {
      NAME_AT.lastIndex = i + 1;
      const match = NAME_AT.exec(text);
      if (match) {
        const name = match[0];
        out += positional && name === "ARGUMENTS" ? args.whole : (args.named.get(name) ?? "");
        i += 1 + name.length;
        continue;
      }
    } else if (positional && text.startsWith("ARGUMENTS", i + 1)) {
      out += args.whole;
      i += 1 + "ARGUMENTS".length;
      continue;
    }
    out += ch;
    i++;
  }
  if (out.length > maxBytes || Buffer.byteLength(out) > maxBytes) throw tooLarge();
  return out;
}
