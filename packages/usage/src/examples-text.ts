/** The text a command's `--help` ends with (as `gh help` does): `Examples:` and one `  $ ` line each. */
export function examplesText(examples: readonly string[]): string {
  return `\nExamples:\n${examples.map((e) => `  $ ${e}`).join("\n")}`;
}
