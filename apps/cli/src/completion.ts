/** The shells `roster completion` writes a script for. */
export const SHELLS = ["bash", "zsh", "fish"] as const;

/** One of {@link SHELLS}. */
export type Shell = (typeof SHELLS)[number];

/** What a completion script needs to know about the program. */
export interface CompletionSpec {
  /** Sub-command names, as `roster --help` lists them. */
  commands: string[];
  /** Global and sub-command flags that take a value (their value is not a word). */
  valueFlags: string[];
  /** Every flag, for `roster -<TAB>`. */
  flags: string[];
}

/** Sub-commands whose argument is an agent name, completed from `roster list --names`. */
const AGENT_ARGUMENT = ["show", "why", "run", "graph"];
/** `commands` sub-commands whose argument is a workflow command name (`roster commands list --names`). */
const COMMAND_ARGUMENT = ["show", "expand"];

function bash(spec: CompletionSpec): string {
  return `# roster completion for bash. Load it with: eval "$(roster completion bash)"
# or save it as ~/.local/share/bash-completion/completions/roster
_roster() {
  local cur=\${COMP_WORDS[COMP_CWORD]} prev=\${COMP_WORDS[COMP_CWORD-1]}
  local -a words=()
  local i
  for ((i = 1; i < COMP_CWORD; i++)); do
    case \${COMP_WORDS[i]} in
      ${spec.valueFlags.join("|")}) ((i++)) ;;
      -*) ;;
      *) words+=("\${COMP_WORDS[i]}") ;;
    esac
  done
  case $prev in
    --cwd|--home) COMPREPLY=($(compgen -d -- "$cur")); return ;;
    --config) COMPREPLY=($(compgen -f -- "$cur")); return ;;
  esac
  if [[ $cur == -* ]]; then
    COMPREPLY=($(compgen -W "${spec.flags.join(" ")}" -- "$cur"))
    return
  fi
  case \${#words[@]}:\${words[0]}:\${words[1]} in
    0::) COMPREPLY=($(compgen -W "${spec.commands.join(" ")}" -- "$cur")) ;;
    ${AGENT_ARGUMENT.map((c) => `1:${c}:`).join("|")}) COMPREPLY=($(compgen -W "$(roster list --names 2>/dev/null)" -- "$cur")) ;;
    1:commands:) COMPREPLY=($(compgen -W "list ${COMMAND_ARGUMENT.join(" ")}" -- "$cur")) ;;
    ${COMMAND_ARGUMENT.map((c) => `2:commands:${c}`).join("|")}) COMPREPLY=($(compgen -W "$(roster commands list --names 2>/dev/null)" -- "$cur")) ;;
    1:completion:) COMPREPLY=($(compgen -W "bash zsh fish" -- "$cur")) ;;
  esac
}
complete -F _roster roster
`;
}

function zsh(spec: CompletionSpec): string {
  return `# roster completion for zsh. Load it after compinit with: eval "$(roster completion zsh)"
_roster() {
  local -a seen
  local i w
  for ((i = 2; i < CURRENT; i++)); do
    w=\${words[i]}
    case $w in
      ${spec.valueFlags.join("|")}) ((i++)) ;;
      -*) ;;
      *) seen+=("$w") ;;
    esac
  done
  case \${words[CURRENT-1]} in
    --cwd|--home) _files -/; return ;;
    --config) _files; return ;;
  esac
  if [[ \${words[CURRENT]} == -* ]]; then
    compadd -- ${spec.flags.join(" ")}
    return
  fi
  case "\${#seen}:\${seen[1]}:\${seen[2]}" in
    0::) compadd -- ${spec.commands.join(" ")} ;;
    ${AGENT_ARGUMENT.map((c) => `1:${c}:`).join("|")}) compadd -- \${(f)"$(roster list --names 2>/dev/null)"} ;;
    1:commands:) compadd -- list ${COMMAND_ARGUMENT.join(" ")} ;;
    ${COMMAND_ARGUMENT.map((c) => `2:commands:${c}`).join("|")}) compadd -- \${(f)"$(roster commands list --names 2>/dev/null)"} ;;
    1:completion:) compadd -- bash zsh fish ;;
  esac
}
compdef _roster roster
`;
}

function fish(spec: CompletionSpec): string {
  const agentCommands = AGENT_ARGUMENT.join(" ");
  const lines = [
    "# roster completion for fish. Load it with: roster completion fish | source",
    "# or save it as ~/.config/fish/completions/roster.fish",
    "complete -c roster -f",
    `complete -c roster -n __fish_use_subcommand -a "${spec.commands.join(" ")}"`,
    `complete -c roster -n "__fish_seen_subcommand_from ${agentCommands}; and not __fish_seen_subcommand_from commands" -a "(roster list --names 2>/dev/null)"`,
    `complete -c roster -n "__fish_seen_subcommand_from commands; and not __fish_seen_subcommand_from list ${COMMAND_ARGUMENT.join(" ")}" -a "list ${COMMAND_ARGUMENT.join(" ")}"`,
    `complete -c roster -n "__fish_seen_subcommand_from commands; and __fish_seen_subcommand_from ${COMMAND_ARGUMENT.join(" ")}" -a "(roster commands list --names 2>/dev/null)"`,
    `complete -c roster -n "__fish_seen_subcommand_from completion" -a "bash zsh fish"`,
    'complete -c roster -l cwd -r -a "(__fish_complete_directories)"',
    'complete -c roster -l home -r -a "(__fish_complete_directories)"',
    "complete -c roster -l config -r -F",
    ...spec.flags
      .filter((f) => f.startsWith("--") && !["--cwd", "--home", "--config"].includes(f))
      .map((f) => `complete -c roster -l ${f.slice(2)}`),
  ];
  return `${lines.join("\n")}\n`;
}

/** The completion script for one shell. */
export function completionScript(shell: Shell, spec: CompletionSpec): string {
  return { bash, zsh, fish }[shell](spec);
}
