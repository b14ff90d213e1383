// What the bash, zsh and fish scripts share: quoting, the flags that take a value, the groups,
// and the front that finds which command and which argument is being completed.
import type { CompletionSpec, Values } from "./types.js";

/** The roster command whose `--names` lists each kind of name (every shell's script calls it). */
export const NAMES_COMMAND = { agents: "list", commands: "commands list", skills: "skills list" } as const;

/** Quoted for bash and zsh. */
export const sq = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;
/** Quoted for fish (a backslash escapes a quote inside single quotes). */
export const fq = (text: string) => `'${text.replaceAll("\\", "\\\\").replaceAll("'", "\\'")}'`;
/** A fish or zsh description: one line, no line breaks. */
export const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

/** Every flag that takes a value (its next word is no argument), sorted. */
export function valueFlags(spec: CompletionSpec): string[] {
  const all = [...spec.global, ...spec.commands.flatMap((c) => c.flags)];
  return [...new Set(all.filter((f) => f.takesValue).flatMap((f) => f.names))].sort();
}

/** The groups: commands that have commands of their own (`commands`, `skills`). */
export function groups(spec: CompletionSpec): string[] {
  return spec.commands
    .filter(
      (c) => c.path.length === 1 && spec.commands.some((d) => d.path[0] === c.path[0] && d.path.length === 2),
    )
    .map((c) => c.path[0]!);
}

/** The words of `words` values, as one shell word list (roster's own words: no quoting needed inside). */
export const wordList = (values: { words: readonly string[] }) => values.words.map(sq).join(" ");

/** The common front of the bash and zsh scripts: which command is being completed, and which argument. */
export function locate(
  spec: CompletionSpec,
  { words, first, last }: { words: string; first: number; last: string },
): string {
  return `  local -a seen=()
  local i w
  for ((i = ${first}; i < ${last}; i++)); do
    w=\${${words}[i]}
    case $w in
      ${valueFlags(spec).join("|")}) ((i++)) ;;
      -*) ;;
      *) seen+=("$w") ;;
    esac
  done
  local n=\${#seen[@]} cmd="" at=0
  if ((n > 0)); then
    cmd=\${seen[${first === 1 ? 0 : 1}]}; at=1
    case $cmd in
      ${groups(spec).join("|") || "__none__"}) if ((n > 1)); then cmd="$cmd \${seen[${first === 1 ? 1 : 2}]}"; at=2; fi ;;
    esac
  fi
  local arg=$((n - at))`;
}

/** One `case` line per flag with values: `"cmd|--flag") … ;;` (global flags match any command). */
export function flagCases(spec: CompletionSpec, body: (values: Values) => string): string[] {
  const cases: string[] = [];
  for (const flag of spec.global)
    if (flag.values)
      cases.push(`    ${flag.names.map((n) => `*"|${n}"`).join("|")}) ${body(flag.values)}; return ;;`);
  for (const command of spec.commands)
    for (const flag of command.flags)
      if (flag.values)
        cases.push(
          `    ${flag.names.map((n) => `"${command.path.join(" ")}|${n}"`).join("|")}) ${body(flag.values)}; return ;;`,
        );
  return cases;
}

/** One `case` line per argument with values: `"cmd|N") … ;;`. */
export function argCases(spec: CompletionSpec, body: (values: Values) => string): string[] {
  return spec.commands.flatMap((command) =>
    command.args.flatMap((values, i) =>
      values ? [`    "${command.path.join(" ")}|${i}") ${body(values)} ;;`] : [],
    ),
  );
}
