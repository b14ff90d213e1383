const WHITESPACE = new Set([" ", "\t", "\n", "\r"]);
/** Characters a backslash escapes inside double quotes, as in a POSIX shell. */
const DOUBLE_QUOTE_ESCAPES = new Set(['"', "\\", "$", "`", "\n"]);

/**
 * Splits an argument string the way a POSIX shell would, without expanding anything:
 * whitespace separates, `'…'` is literal, `"…"` keeps spaces (backslash escapes `"`, `\`,
 * `$`, `` ` ``), a backslash outside quotes escapes the next character, `""` is an empty
 * argument. An unclosed quote runs to the end of the input (never an error).
 *
 * @example splitArguments(`fix "the bug" 'now please'`) // ["fix", "the bug", "now please"]
 */
export function splitArguments(input: string): string[] {
  const args: string[] = [];
  let current = "";
  let inToken = false;
  let quote: '"' | "'" | undefined;
  for (let i = 0; i < input.length; i++) {
    const ch = input[i]!;
    if (quote === "'") {
      if (ch === "'") quote = undefined;
      else current += ch;
    } else if (quote === '"') {
      const next = input[i + 1];
      if (ch === '"') quote = undefined;
      else if (ch === "\\" && next !== undefined && DOUBLE_QUOTE_ESCAPES.has(next)) {
        if (next !== "\n") current += next;
        i++;
      } else current += ch;
    } else if (WHITESPACE.has(ch)) {
      if (inToken) args.push(current);
      current = "";
      inToken = false;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
      inToken = true;
    } else if (ch === "\\") {
      const next = input[i + 1];
      if (next === undefined) {
        current += ch;
        inToken = true;
      } else {
        i++;
        // Backslash-newline is a line continuation: it joins, it adds nothing.
        if (next !== "\n") {
          current += next;
          inToken = true;
        }
      }
    } else {
      current += ch;
      inToken = true;
    }
  }
  if (inToken) args.push(current);
  return args;
}
