// A command line the grammar refuses, in roster's words: the usage errors the program built
// from the table raises itself (an unknown group command or help topic, a group's `--json`
// without a list), and the sentence for each error commander says. The sentences of unknown
// names are @roster/frontmatter's (unknownText, unknownNameText), loaded on first need.

/** A command line the grammar refuses (a usage mistake, exit 2): the message is the sentence to say. */
export class CommandLineError extends Error {
  override readonly name = "CommandLineError";
}

/**
 * Commander's error `text` as one sentence in roster's form: an unknown command, option or
 * choice reads as every unknown name does (`help`: the command whose help lists them); any
 * other ends by naming the help to read (`…; roster show --help shows the usage.`).
 */
export async function mistakeSentence(text: string, help: string): Promise<string> {
  const lines = text
    .replace(/^error:\s*/i, "")
    // Each line trimmed, not split at /\s*\n\s*/, which tries each run of spaces to its end.
    .split("\n")
    .map((part) => part.trim())
    .filter(Boolean);
  const flat = lines.join(" ").replace(/\s+/g, " ").trim();
  const unknown = /^unknown (command|option) '([^']*)'(?: \(Did you mean (\S+?)\?\))?/.exec(flat);
  const choice =
    /^command-argument value '([^']*)' is invalid for argument '([^']*)'\. Allowed choices are (.*?)\.?$/.exec(
      flat,
    );
  if (!unknown && !choice) return `${lines.join(" ").trim().replace(/\.$/, "")}; ${help} shows the usage.`;
  const { unknownText } = await import("@roster/frontmatter");
  if (unknown)
    return unknownText({
      kind: unknown[1]!,
      wanted: unknown[2]!,
      suggestions: unknown[3] ? [unknown[3]] : [],
      all: `${help} lists them`,
    });
  return unknownText({
    kind: choice![2]!,
    wanted: choice![1]!,
    suggestions: [],
    all: `one of ${choice![3]}`,
  });
}
