// `roster completion bash|zsh|fish`: a script that completes per command, as cobra's do for
// `gh`: the sub-commands (with their descriptions in zsh and fish), each command's own flags
// and the global ones, the values of a flag (tools after --to and --as, hosts after --host, …)
// and each argument (agent names for show, why, run and export; workflow command names for
// `commands show|expand`; folders for trust). Everything is read from commander's own command
// table (`completionSpec`); only what a value is (`Values`) is declared beside each option.
import type { Argument, Command, Option } from "commander";

/** The shells `roster completion` writes a script for. */
export const SHELLS = ["bash", "zsh", "fish"] as const;

/** One of {@link SHELLS}. */
export type Shell = (typeof SHELLS)[number];

/**
 * What a flag's value or an argument completes to: fixed words, names roster prints
 * (`roster list --names`, `roster commands list --names`), folders or files. `list`: a
 * comma-separated list of words (`sync --to codex,gemini`).
 */
export type Values =
  | { kind: "words"; words: readonly string[]; list?: boolean }
  | { kind: "agents" | "commands" | "skills" | "dirs" | "files" };

/** One flag of a command. */
export interface CompletionFlag {
  /** `--provider` (and `-V` where there is a short form). */
  names: string[];
  description: string;
  /** The flag takes a value (the next word is not an argument). */
  takesValue: boolean;
  values?: Values;
}

/** One command: `list`, or `commands show` (a group's command). */
export interface CompletionCommand {
  /** The words that name it: `["list"]`, `["commands", "show"]`. */
  path: string[];
  description: string;
  flags: CompletionFlag[];
  /** What each argument completes to, in order. */
  args: Array<Values | undefined>;
}

/** What a completion script knows about the program. */
export interface CompletionSpec {
  /** Flags every command takes. */
  global: CompletionFlag[];
  /** Every command, groups (`commands`) and their commands (`commands show`) included. */
  commands: CompletionCommand[];
}

/** The values declared for an option or argument, when any (see `roster.ts`). */
export type ValuesOf = (item: Option | Argument, command: Command) => Values | undefined;

/** Every command's `--help` (commander keeps it apart from the options). */
const HELP: CompletionFlag = {
  names: ["--help", "-h"],
  description: "display help for command",
  takesValue: false,
};

function flagsOf(command: Command, valuesOf: ValuesOf): CompletionFlag[] {
  return (
    command.options
      // `--version` is the program's alone: not offered after a command.
      .filter((o) => !o.hidden && o.long !== "--version")
      .map((o) => {
        const takesValue = o.required || o.optional;
        const values =
          valuesOf(o, command) ??
          (o.argChoices ? { kind: "words" as const, words: o.argChoices } : undefined);
        return {
          names: [o.long, o.short].filter((n): n is string => n !== undefined),
          description: o.description,
          takesValue,
          ...(takesValue && values ? { values } : {}),
        };
      })
  );
}

/** The completion spec of a commander program: its global flags and every command, read from its table. */
export function completionSpec(program: Command, valuesOf: ValuesOf): CompletionSpec {
  const commands: CompletionCommand[] = [];
  const visit = (command: Command, path: string[]) => {
    for (const sub of command.commands) {
      if (sub.name() === "help") continue;
      const here = [...path, sub.name()];
      const args = sub.registeredArguments.map(
        (a) =>
          valuesOf(a, sub) ?? (a.argChoices ? { kind: "words" as const, words: a.argChoices } : undefined),
      );
      // A group (`commands`) completes its commands' names as its first argument.
      const groupArg: Values | undefined =
        sub.commands.length > 0
          ? { kind: "words", words: sub.commands.map((c) => c.name()).filter((n) => n !== "help") }
          : undefined;
      commands.push({
        path: here,
        description: sub.description(),
        flags: [...flagsOf(sub, valuesOf), HELP],
        args: groupArg ? [groupArg] : args,
      });
      visit(sub, here);
    }
  };
  visit(program, []);
  return { global: flagsOf(program, valuesOf), commands };
}

/** Quoted for bash and zsh. */
const sq = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;
/** Quoted for fish (a backslash escapes a quote inside single quotes). */
const fq = (text: string) => `'${text.replaceAll("\\", "\\\\").replaceAll("'", "\\'")}'`;
/** A fish or zsh description: one line, no line breaks. */
const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

function valueFlags(spec: CompletionSpec): string[] {
  const all = [...spec.global, ...spec.commands.flatMap((c) => c.flags)];
  return [...new Set(all.filter((f) => f.takesValue).flatMap((f) => f.names))].sort();
}

function groups(spec: CompletionSpec): string[] {
  return spec.commands
    .filter(
      (c) => c.path.length === 1 && spec.commands.some((d) => d.path[0] === c.path[0] && d.path.length === 2),
    )
    .map((c) => c.path[0]!);
}

/** The words of `words` values, as one shell word list (roster's own words: no quoting needed inside). */
const wordList = (values: { words: readonly string[] }) => values.words.map(sq).join(" ");

/**
 * The shell snippet that puts candidates for `values` into the shell's reply (bash). Nothing
 * goes through `compgen -W`, which expands `$(…)` and backticks in its words: names arrive
 * as lines and reach `_roster_offer` as arguments, compared and quoted, never evaluated.
 */
function bashValues(values: Values): string {
  switch (values.kind) {
    case "agents":
      return "_roster_names list";
    case "commands":
      return "_roster_names commands list";
    case "skills":
      return "_roster_names skills list";
    case "dirs":
      return "_roster_paths -d";
    case "files":
      return "_roster_paths -f";
    case "words":
      return values.list
        ? `local pre=""; [[ $cur == *,* ]] && pre=\${cur%,*},; _roster_offer "$pre" ${wordList(values)}`
        : `_roster_offer "" ${wordList(values)}`;
  }
}

/**
 * bash helpers: `_roster_offer PRE WORD…` offers each PRE+WORD that starts with the word being
 * completed (as typed, or as `printf %q` writes it), quoted for the command line unless it is
 * plain; `_roster_names ARGS…` offers the names `roster ARGS… --names` prints, one a line;
 * `_roster_paths -d|-f` folders or files, one a line, quoted by bash itself.
 */
const BASH_HELPERS = `# A name comes from files a project holds (an agent may be named $(cmd)): it is only ever read
# as a line, compared and quoted, never expanded.
_roster_offer() {
  local pre=$1 word quoted typed=\${cur#[\\"\\']}
  shift
  for word in "$@"; do
    word=$pre$word
    quoted=$word
    [[ $word == *[!A-Za-z0-9_.,:/@%+=-]* ]] && printf -v quoted %q "$word"
    if [[ $word == "$typed"* || $quoted == "$cur"* ]]; then COMPREPLY+=("$quoted"); fi
  done
}
_roster_names() {
  local -a names=()
  local name
  while IFS= read -r name || [[ -n $name ]]; do names+=("$name"); done < <(roster "$@" --names 2>/dev/null)
  _roster_offer "" "\${names[@]}"
}
_roster_paths() {
  local path
  compopt -o filenames 2>/dev/null
  while IFS= read -r path; do COMPREPLY+=("$path"); done < <(compgen "$1" -- "$cur")
}`;

/** The common front of the bash and zsh scripts: which command is being completed, and which argument. */
function locate(spec: CompletionSpec, words: string, first: number, last: string): string {
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

function flagCases(spec: CompletionSpec, body: (values: Values) => string): string[] {
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

function argCases(spec: CompletionSpec, body: (values: Values) => string): string[] {
  return spec.commands.flatMap((command) =>
    command.args.flatMap((values, i) =>
      values ? [`    "${command.path.join(" ")}|${i}") ${body(values)} ;;`] : [],
    ),
  );
}

function bash(spec: CompletionSpec): string {
  const flagWords = (flags: CompletionFlag[]) =>
    [...spec.global, ...flags].flatMap((f) => f.names.map(sq)).join(" ");
  return `# roster completion for bash. Load it with: eval "$(roster completion bash)"
# or save it as ~/.local/share/bash-completion/completions/roster
${BASH_HELPERS}
_roster() {
  COMPREPLY=()
  local cur=\${COMP_WORDS[COMP_CWORD]} prev=\${COMP_WORDS[COMP_CWORD-1]}
${locate(spec, "COMP_WORDS", 1, "COMP_CWORD")}
  case "$cmd|$prev" in
${flagCases(spec, bashValues).join("\n")}
  esac
  if [[ $cur == -* ]]; then
    case $cmd in
${spec.commands.map((c) => `      "${c.path.join(" ")}") _roster_offer "" ${flagWords(c.flags)} ;;`).join("\n")}
      *) _roster_offer "" ${flagWords([])} ;;
    esac
    return
  fi
  case "$cmd|$arg" in
    "|0") _roster_offer "" ${wordList({ words: spec.commands.filter((c) => c.path.length === 1).map((c) => c.path[0]!) })} ;;
${argCases(spec, bashValues).join("\n")}
  esac
}
complete -F _roster roster
`;
}

/** `name:description` items for zsh's `_describe` (colons in the name escaped). */
function described(items: Array<{ name: string; description: string }>): string {
  return items.map((i) => sq(`${i.name.replaceAll(":", "\\:")}:${oneLine(i.description)}`)).join(" ");
}

function zshValues(values: Values): string {
  switch (values.kind) {
    case "agents":
      return "_roster_names list";
    case "commands":
      return "_roster_names commands list";
    case "skills":
      return "_roster_names skills list";
    case "dirs":
      return "_files -/";
    case "files":
      return "_files";
    case "words":
      return values.list
        ? `compset -P '*,'; compadd -S '' -q -- ${values.words.join(" ")}`
        : `compadd -- ${values.words.join(" ")}`;
  }
}

function zsh(spec: CompletionSpec): string {
  const options = (flags: CompletionFlag[]) =>
    described(
      [...flags, ...spec.global].flatMap((f) =>
        f.names.map((name) => ({ name, description: f.description })),
      ),
    );
  return `# roster completion for zsh. Load it after compinit with: eval "$(roster completion zsh)"
# A name comes from files a project holds (an agent may be named $(cmd)): read as lines into an
# array and handed to compadd as data, which quotes it on the command line.
_roster_names() {
  local -a names
  names=(\${(f)"$(roster "$@" --names 2>/dev/null)"})
  compadd -a names
}
_roster() {
${locate(spec, "words", 2, "CURRENT")}
  case "$cmd|\${words[CURRENT-1]}" in
${flagCases(spec, zshValues).join("\n")}
  esac
  local -a items
  if [[ \${words[CURRENT]} == -* ]]; then
    case $cmd in
${spec.commands.map((c) => `      "${c.path.join(" ")}") items=(${options(c.flags)}) ;;`).join("\n")}
      *) items=(${options([])}) ;;
    esac
    _describe -t options 'option' items
    return
  fi
  case "$cmd|$arg" in
    "|0") items=(${described(spec.commands.filter((c) => c.path.length === 1).map((c) => ({ name: c.path[0]!, description: c.description })))}); _describe -t commands 'command' items ;;
${spec.commands
  .filter((c) => c.path.length === 1 && groups(spec).includes(c.path[0]!))
  .map(
    (g) =>
      `    "${g.path[0]}|0") items=(${described(spec.commands.filter((c) => c.path.length === 2 && c.path[0] === g.path[0]).map((c) => ({ name: c.path[1]!, description: c.description })))}); _describe -t commands 'command' items ;;`,
  )
  .join("\n")}
${argCases(spec, zshValues)
  .filter((line) => !groups(spec).some((g) => line.startsWith(`    "${g}|0")`)))
  .join("\n")}
  esac
}
compdef _roster roster
`;
}

function fishValues(values: Values): string {
  switch (values.kind) {
    case "agents":
      return "(__roster_names list)";
    case "commands":
      return "(__roster_names commands list)";
    case "skills":
      return "(__roster_names skills list)";
    case "dirs":
      return "(__fish_complete_directories)";
    case "files":
      return "(__fish_complete_path)";
    case "words":
      return values.list ? `(__roster_list ${values.words.join(" ")})` : values.words.join(" ");
  }
}

function fish(spec: CompletionSpec): string {
  const flagLine = (condition: string | undefined, flag: CompletionFlag) => {
    const names = flag.names
      .map((n) => (n.startsWith("--") ? `-l ${n.slice(2)}` : `-s ${n.slice(1)}`))
      .join(" ");
    const cond = condition ? ` -n ${fq(condition)}` : "";
    const value = flag.takesValue ? (flag.values ? ` -x -a ${fq(fishValues(flag.values))}` : " -x") : "";
    return `complete -c roster${cond} ${names} -d ${fq(oneLine(flag.description))}${value}`;
  };
  const lines = [
    "# roster completion for fish. Load it with: roster completion fish | source",
    "# or save it as ~/.config/fish/completions/roster.fish",
    "function __roster_cmd --description 'the roster command being completed and the argument: show|0'",
    "    set -l words (commandline -opc)",
    "    set -e words[1]",
    "    set -l seen",
    "    set -l skip 0",
    "    for w in $words",
    "        if test $skip = 1",
    "            set skip 0",
    "            continue",
    "        end",
    "        switch $w",
    `            case ${valueFlags(spec).join(" ")}`,
    "                set skip 1",
    "            case '-*'",
    "            case '*'",
    "                set -a seen $w",
    "        end",
    "    end",
    "    set -l n (count $seen)",
    "    if test $n = 0",
    "        echo '|0'",
    "        return",
    "    end",
    "    set -l cmd $seen[1]",
    "    set -l at 1",
    `    if contains -- $cmd ${groups(spec).join(" ") || "__none__"}; and test $n -gt 1`,
    '        set cmd "$cmd $seen[2]"',
    "        set at 2",
    "    end",
    '    echo "$cmd|"(math $n - $at)',
    "end",
    "# A name comes from files a project holds (an agent may be named $(cmd)): its lines are data.",
    "function __roster_names --description 'the names roster prints, one a line'",
    "    roster $argv --names 2>/dev/null",
    "end",
    "function __roster_list --description 'a comma-separated list: the words after what is typed'",
    "    set -l typed (commandline -ct)",
    "    set -l pre (string replace -r '[^,]*$' '' -- $typed)",
    "    for w in $argv",
    '        echo "$pre$w"',
    "    end",
    "end",
    "complete -c roster -f",
    ...spec.commands
      .filter((c) => c.path.length === 1)
      .map(
        (c) =>
          `complete -c roster -n ${fq('test (__roster_cmd) = "|0"')} -a ${c.path[0]} -d ${fq(oneLine(c.description))}`,
      ),
    ...spec.commands
      .filter((c) => c.path.length === 2)
      .map(
        (c) =>
          `complete -c roster -n ${fq(`test (__roster_cmd) = "${c.path[0]}|0"`)} -a ${c.path[1]} -d ${fq(oneLine(c.description))}`,
      ),
    ...spec.commands.flatMap((c) =>
      c.args.flatMap((values, i) =>
        values && !(c.path.length === 1 && groups(spec).includes(c.path[0]!))
          ? [
              `complete -c roster -n ${fq(`test (__roster_cmd) = "${c.path.join(" ")}|${i}"`)} -a ${fq(fishValues(values))}`,
            ]
          : [],
      ),
    ),
    ...spec.global.map((f) => flagLine(undefined, f)),
    ...spec.commands.flatMap((c) =>
      c.flags.map((f) => flagLine(`string match -q -- "${c.path.join(" ")}|*" (__roster_cmd)`, f)),
    ),
  ];
  return `${lines.join("\n")}\n`;
}

/** The completion script for one shell. */
export function completionScript(shell: Shell, spec: CompletionSpec): string {
  return { bash, zsh, fish }[shell](spec);
}
