/** Quotes a word for a POSIX shell when it needs it (`'it'\''s'`). */
export function shellQuote(word: string): string {
  if (/^[\w@%+=:,./-]+$/.test(word)) return word;
  return `'${word.replaceAll("'", `'\\''`)}'`;
}

/** A planned command as one shell-like line to copy: `NAME=value … command arg …`, each word quoted when it needs it. */
export function commandLine(command: {
  env: Readonly<Record<string, string>>;
  command: string;
  args: readonly string[];
}): string {
  const env = Object.entries(command.env).map(([k, v]) => `${k}=${shellQuote(v)}`);
  return [...env, shellQuote(command.command), ...command.args.map(shellQuote)].join(" ");
}
