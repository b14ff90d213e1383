import { argCases, flagCases, locate, NAMES_COMMAND, sq, wordList } from "./script-parts.js";
import type { CompletionFlag, CompletionSpec, Values } from "./types.js";

/**
 * The shell snippet that puts candidates for `values` into the shell's reply (bash). Nothing
 * goes through `compgen -W`, which expands `$(…)` and backticks in its words: names arrive
 * as lines and reach `_roster_offer` as arguments, compared and quoted, never evaluated.
 */
function bashValues(values: Values): string {
  switch (values.kind) {
    case "agents":
    case "commands":
    case "skills":
      return `_roster_names ${NAMES_COMMAND[values.kind]}`;
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

/** The bash script of `spec`. */
export function bashScript(spec: CompletionSpec): string {
  const flagWords = (flags: CompletionFlag[]) =>
    [...spec.global, ...flags].flatMap((f) => f.names.map(sq)).join(" ");
  return `# roster completion for bash. Load it with: eval "$(roster completion bash)"
# or save it as ~/.local/share/bash-completion/completions/roster
${BASH_HELPERS}
_roster() {
  COMPREPLY=()
  local cur=\${COMP_WORDS[COMP_CWORD]} prev=\${COMP_WORDS[COMP_CWORD-1]}
${locate(spec, { words: "COMP_WORDS", first: 1, last: "COMP_CWORD" })}
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
