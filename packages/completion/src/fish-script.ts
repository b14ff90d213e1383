import { fq, groups, NAMES_COMMAND, oneLine, valueFlags } from "./script-parts.js";
import type { CompletionFlag, CompletionSpec, Values } from "./types.js";

function fishValues(values: Values): string {
  switch (values.kind) {
    case "agents":
    case "commands":
    case "skills":
      return `(__roster_names ${NAMES_COMMAND[values.kind]})`;
    case "dirs":
      return "(__fish_complete_directories)";
    case "files":
      return "(__fish_complete_path)";
    case "words":
      return values.list ? `(__roster_list ${values.words.join(" ")})` : values.words.join(" ");
  }
}

/** The fish script of `spec`. */
export function fishScript(spec: CompletionSpec): string {
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
