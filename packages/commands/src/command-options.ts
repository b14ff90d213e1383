import type { Location } from "@roster/core";

/** The input of one expansion, as a custom placeholder syntax sees it. */
export interface CommandInput {
  /** The whole input, as typed (array input: joined with one space). */
  whole: string;
  /** The arguments, split like a shell (without `NAME=value` ones under `"named"`). */
  positional: readonly string[];
  /** `NAME=value` arguments, under `"named"`. */
  named: ReadonlyMap<string, string>;
}

/**
 * A family's own placeholder syntax. At each position of the template, `match` either
 * claims the text there (returning what replaces it and how many characters it spans)
 * or returns `undefined`. Whatever it returns is inserted literally.
 *
 * @example
 * const percent: PlaceholderSyntax = {
 *   id: "percent",
 *   match: (text, at, input) => (text.startsWith("%ARGS%", at) ? { text: input.whole, length: 6 } : undefined),
 * };
 */
export interface PlaceholderSyntax {
  id: string;
  match(text: string, at: number, input: CommandInput): { text: string; length: number } | undefined;
}

/** A placeholder family roster knows by name, or a family's own {@link PlaceholderSyntax}. */
export type CommandPlaceholders = "positional" | "named" | "braces" | PlaceholderSyntax;

/** How the command files of one location are named and expanded. */
export interface CommandLocationOptions {
  /**
   * `"stem"` (default): the file name without extension, a sub-folder is a namespace
   * label; `"path"`: sub-folders are joined into the name with `:` (Gemini CLI).
   */
  naming?: "stem" | "path";
  /**
   * Placeholder families the files use: `"positional"` (`$ARGUMENTS`, `$1`…`$9`; the
   * default), `"named"` (`$NAME` from `NAME=value`, Codex), `"braces"` (`{{args}}`,
   * Gemini CLI), or a family's own syntax. `$@` is always understood.
   */
  placeholders?: readonly CommandPlaceholders[];
}

/** Placeholders a location's commands use when it does not say. */
export const DEFAULT_PLACEHOLDERS: readonly CommandPlaceholders[] = ["positional"];

/**
 * The `options` of a {@link Location} that carries command settings: spread it into a
 * location (`{ dir, scope, ...commandOptions({ naming: "path" }) }`). Core passes it
 * through untouched; only `@roster/commands` reads it.
 */
export function commandOptions(options: CommandLocationOptions): {
  options: { commands: CommandLocationOptions };
} {
  return { options: { commands: options } };
}

/** The command settings of a location, defaults filled in. */
export function commandOptionsOf(location: Pick<Location, "options">): Required<CommandLocationOptions> {
  const given = (location.options?.commands ?? {}) as CommandLocationOptions;
  return {
    naming: given.naming === "path" ? "path" : "stem",
    placeholders: Array.isArray(given.placeholders) ? given.placeholders : DEFAULT_PLACEHOLDERS,
  };
}
