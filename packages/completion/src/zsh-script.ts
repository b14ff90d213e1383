import { argCases, flagCases, groups, locate, NAMES_COMMAND, oneLine, sq } from "./script-parts.js";
import type { CompletionFlag, CompletionSpec, Values } from "./types.js";

/** `name:description` items for zsh's `_describe` (colons in the name escaped). */
function described(items: Array<{ name: string; description: string }>): string {
  return items.map((i) => sq(`${i.name.replaceAll(":", "\\:")}:${oneLine(i.description)}`)).join(" ");
}

function zshValues(values: Values): string {
  switch (values.kind) {
    case "agents":
    case "commands":
    case "skills":
      return `_roster_names ${NAMES_COMMAND[values.kind]}`;
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

/** The zsh script of `spec`. */
export function zshScript(spec: CompletionSpec): string {
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
${locate(spec, { words: "words", first: 2, last: "CURRENT" })}
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
